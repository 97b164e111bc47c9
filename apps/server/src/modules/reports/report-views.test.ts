import { type Report, reportSchema } from '@pw/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments, reports } from '../../db/schema';

// What a report serves to each role (issue 36, item 6): the essay's attachments and the
// retrospective for everyone who reads it; who reviewed whom, with links to their reports, only
// for the instructor and assistants on someone else's report, never for the learner.

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let peerToken: string;
const PEER = `보고서짝-${Date.now()}`;
/** The learner's, the peer's and the assistant's enrolments and reports of the assignment. */
const enrolment: Record<'learner' | 'peer' | 'assistant', number> = { learner: 0, peer: 0, assistant: 0 };
const reportOf: Record<number, number> = {};
let assignmentId = 0;

const base = () => `/api/v1/courses/${w.course.id}/assignments`;
const get = (url: string, token: string | undefined) => call(t, { method: 'GET', url, token });
const move = () =>
  call(t, {
    method: 'PATCH',
    url: `${base()}/${assignmentId}/move-to-next-stage/`,
    token: w.tokens.instructor,
  });
const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });
const mineIn = async (token: string | undefined) => (await get(`${base()}/${assignmentId}/`, token)).json();
/** The caller's work in the given stage of the assignment. */
async function workIn(token: string | undefined, model: string) {
  const stage = (await mineIn(token)).progresses.find((p: { model: string }) => p.model === model);
  return stage.performance_id as number;
}
const read = async (token: string | undefined, enrollmentId = enrolment.learner) => {
  const res = await get(`${base()}/${assignmentId}/reports/${reportOf[enrollmentId]}/`, token);
  expect(res.statusCode, res.body).toBe(200);
  return reportSchema.parse(res.json());
};

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const email = `reportviews-${Date.now()}@example.com`;
  const user = await createUser(t, w.org.id, { email, name: PEER });
  await t.database.db.insert(enrollments).values({ courseId: w.course.id, userId: user.id, code: 'RV2' });
  peerToken = (await signInAs(t, email)) as string;
  const rows = await t.database.db.select().from(enrollments).where(eq(enrollments.courseId, w.course.id));
  enrolment.learner = rows.find((r) => r.userId === w.users.learner.id)!.id;
  enrolment.assistant = rows.find((r) => r.userId === w.users.assistant.id)!.id;
  enrolment.peer = rows.find((r) => r.userId === user.id)!.id;

  const created = await call(t, {
    method: 'POST',
    url: `${base()}/`,
    token: w.tokens.instructor,
    ...multipart({
      name: '보고서 보기',
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify([
        { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: 2,
            max_review_score: 10,
            max_metacognition_score: 10,
            standards: [{ question: '논지', max_point: 6 }],
          },
        },
        { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
        { model: 'revisement', stage_object: { max_revisement_score: 10 } },
      ]),
    }),
  });
  expect(created.statusCode).toBe(201);
  assignmentId = (created.json() as { id: number }).id;
  const tokens = [w.tokens.learner, peerToken, w.tokens.assistant] as string[];
  for (const [n, token] of tokens.entries()) {
    const files =
      n === 0 ? [{ name: '근거 자료.pdf', content: '%PDF-1.4 report', type: 'application/pdf' }] : [];
    const saved = await call(t, {
      method: 'PATCH',
      url: `${base()}/${assignmentId}/performances/${(await mineIn(token)).performance_id}/`,
      token,
      ...multipart({ stage_object: JSON.stringify({ content: delta(`에세이 ${n}`) }), version: '0' }, files),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  expect((await move()).statusCode).toBe(200); // peer review
  for (const token of tokens) {
    const id = (await mineIn(token)).performance_id;
    const work = (await get(`${base()}/${assignmentId}/performances/${id}/`, token)).json();
    for (const target of work.stage_object.targets as { id: number }[]) {
      const saved = await call(t, {
        method: 'PATCH',
        url: `${base()}/${assignmentId}/performances/peerreview-matching/${target.id}/`,
        token,
        payload: { responses: [{ id: 0, point: 4, comment: '의견' }] },
      });
      expect(saved.statusCode).toBe(200);
    }
  }
  expect((await move()).statusCode).toBe(200); // feedback and revision
  const revision = await workIn(w.tokens.learner, 'revisement');
  const revised = await call(t, {
    method: 'PATCH',
    url: `${base()}/${assignmentId}/performances/${revision}/`,
    token: w.tokens.learner,
    payload: {
      stage_object: { content: delta('고쳐 쓴 글'), retrospective: '반론을 더 다루었다' },
      version: 0,
    },
  });
  expect(revised.statusCode, revised.body).toBe(200);
  expect((await move()).statusCode).toBe(200); // complete
  const stored = await t.database.db.select().from(reports).where(eq(reports.assignmentId, assignmentId));
  for (const r of stored) reportOf[r.enrollmentId] = r.id;
});
afterAll(async () => t.close());

/** The other two participants, as the links name them. */
const othersOf = (who: 'learner' | 'peer' | 'assistant') =>
  sorted(
    (['learner', 'peer', 'assistant'] as const)
      .filter((x) => x !== who)
      .map((x) => ({
        enrollment: enrolment[x],
        name: x === 'peer' ? PEER : x === 'assistant' ? w.users.assistant.name : w.users.learner.name,
        report: reportOf[enrolment[x]] ?? null,
        is_completed: true,
      })),
  );
function sorted(links: NonNullable<Report['peer_links']>['reviewers']) {
  return [...links].sort((a, b) => a.enrollment - b.enrollment);
}

describe('a report, by who reads it', () => {
  it('the instructor gets the learner’s reviewers and reviewees with their reports', async () => {
    // The world's assistant takes part in the assignment (she reviewed too): a learner's rights
    // there, so no classmate's report (issue 36, item 1).
    expect(
      (await get(`${base()}/${assignmentId}/reports/${reportOf[enrolment.learner]}/`, w.tokens.assistant))
        .statusCode,
    ).toBe(404);
    for (const token of [w.tokens.instructor]) {
      const r = await read(token);
      expect(r.is_my_report).toBe(false);
      expect(sorted(r.peer_links?.reviewers ?? [])).toEqual(othersOf('learner'));
      expect(sorted(r.peer_links?.reviewees ?? [])).toEqual(othersOf('learner'));
      // Each link is a report the instructor can open, of that person.
      for (const link of r.peer_links?.reviewers ?? []) {
        const theirs = await read(w.tokens.instructor, link.enrollment);
        expect(theirs.name).toBe(link.name);
      }
    }
    // The comment's answer (PATCH) is the same view.
    const patched = await call(t, {
      method: 'PATCH',
      url: `${base()}/${assignmentId}/reports/${reportOf[enrolment.learner]}/`,
      token: w.tokens.instructor,
      payload: { comment: { content: '좋아요' } },
    });
    expect(patched.statusCode).toBe(200);
    expect(sorted(patched.json().peer_links.reviewers)).toEqual(othersOf('learner'));
  });

  it('the learner gets no one’s name or link: peer links null, reviewers by label only', async () => {
    const res = await get(
      `${base()}/${assignmentId}/reports/${reportOf[enrolment.learner]}/`,
      w.tokens.learner,
    );
    expect(res.statusCode).toBe(200);
    const r = reportSchema.parse(res.json());
    expect(r.is_my_report).toBe(true);
    expect(r.peer_links).toBeNull();
    expect(r.peer_review_performance.reviewers).toHaveLength(2);
    // Two reviews asked, two received: the report says nothing about a shortfall.
    expect(r.reviews_asked).toBe(2);
    for (const other of othersOf('learner')) expect(res.body).not.toContain(other.name);
    // An assistant who takes part reads their own report as a learner: no names either.
    const own = await read(w.tokens.assistant, enrolment.assistant);
    expect(own.is_my_report).toBe(true);
    expect(own.peer_links).toBeNull();
    // A peer cannot open the learner's report at all.
    expect(
      (await get(`${base()}/${assignmentId}/reports/${reportOf[enrolment.learner]}/`, peerToken)).statusCode,
    ).toBe(404);
  });

  it('everyone who reads the report gets the essay’s attachments (as download links) and the retrospective', async () => {
    for (const token of [w.tokens.learner, w.tokens.instructor]) {
      const r = await read(token);
      expect(r.essay?.files.map((f) => f.name)).toEqual(['근거 자료.pdf']);
      expect(r.retrospective).toBe('반론을 더 다루었다');
      const file = await call(t, { method: 'GET', url: r.essay?.files[0]?.file ?? '' });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
    }
    // Someone who wrote none: null, not an empty string.
    const peer = await read(w.tokens.instructor, enrolment.peer);
    expect(peer.retrospective).toBeNull();
    expect(peer.essay?.files).toEqual([]);
  });
});
