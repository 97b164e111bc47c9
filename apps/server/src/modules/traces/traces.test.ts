import { revisionTraceSchema } from '@pw/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments, reports, revisionTraces } from '../../db/schema';
import { peerReviewProgresses, startAtPeerReview } from '../assignments/assignments.test-kit';

// Feedback traced into the revision (issue 34, item 4): who reads and marks the trace, when it may
// change, what it suggests to the instructor, and the report's view of it.

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let peerToken: string;
const PEER_NAME = '추적동료';

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const email = `tracepeer-${Date.now()}@example.com`;
  const user = await createUser(t, w.org.id, { email, name: PEER_NAME });
  await t.database.db.insert(enrollments).values({ courseId: w.course.id, userId: user.id, code: 'TP2' });
  peerToken = (await signInAs(t, email)) as string;
});
afterAll(async () => t.close());

const base = () => `/api/v1/courses/${w.course.id}/assignments`;
const move = (id: number) =>
  call(t, { method: 'PATCH', url: `${base()}/${id}/move-to-next-stage/`, token: w.tokens.instructor });
const get = (url: string, token: string | undefined) => call(t, { method: 'GET', url, token });
const patch = (url: string, token: string | undefined, payload: Record<string, unknown>) =>
  call(t, { method: 'PATCH', url, token, payload });

/** The learner's performance id of a stage model. */
async function workOf(id: number, token: string | undefined, model: string): Promise<number> {
  const a = (await get(`${base()}/${id}/`, token)).json();
  return a.progresses.find((p: { model: string }) => p.model === model).performance_id;
}

/**
 * An assignment at the feedback-and-revision step: the learner, the peer and the assistant wrote
 * essays and reviewed each other (two reviewers per essay, two standards: four comments received).
 */
async function atRevision() {
  const tokens = [w.tokens.learner, peerToken, w.tokens.assistant] as string[];
  const a = await startAtPeerReview(t, w, {
    name: `추적 ${Date.now()}`,
    progresses: peerReviewProgresses({ peerCount: 2, feedback: true }),
    writers: tokens,
    essay: () => '에세이',
  });
  for (const [n, token] of tokens.entries()) {
    const pid = await workOf(a.id, token, 'peerreview');
    const work = (await get(`${base()}/${a.id}/performances/${pid}/`, token)).json();
    for (const target of work.stage_object.targets as { id: number }[]) {
      const saved = await patch(`${base()}/${a.id}/performances/peerreview-matching/${target.id}/`, token, {
        responses: [
          { id: 0, point: 4, comment: `논지 의견 ${n}` },
          { id: 1, point: 3, comment: `근거 의견 ${n}` },
        ],
      });
      expect(saved.statusCode).toBe(200);
    }
  }
  await move(a.id); // feedback review and revision
  const rid = await workOf(a.id, w.tokens.learner, 'revisement');
  return { id: a.id, rid, url: `${base()}/${a.id}/performances/${rid}/trace/` };
}

describe('revision trace', () => {
  let a: Awaited<ReturnType<typeof atRevision>>;
  beforeAll(async () => {
    a = await atRevision();
  });

  it('the author reads every comment received, labelled, never the reviewer; staff read it; others 404', async () => {
    const mine = await get(a.url, w.tokens.learner);
    expect(mine.statusCode).toBe(200);
    const trace = revisionTraceSchema.parse(mine.json());
    // Two reviews (peer and assistant), two standards each.
    expect(trace.comments).toHaveLength(4);
    expect(trace.comments.map((c) => c.reviewer_label)).toEqual([1, 1, 2, 2]);
    expect(trace.comments.every((c) => c.status === null && ['논지', '근거'].includes(c.question))).toBe(
      true,
    );
    expect(trace).toMatchObject({
      editable: true,
      suggested_score: null,
      summary: { total: 4, used: 0, partly_used: 0, not_used: 0, unmarked: 4 },
    });
    // Anonymous: no name and no user or enrolment of a reviewer in the answer.
    const text = mine.body;
    expect(text).not.toContain(PEER_NAME);
    expect(text).not.toContain('assistant');
    expect(text).not.toMatch(/reviewer"|reviewer_id|reviewer_name/);

    const staff = await get(a.url, w.tokens.instructor);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toMatchObject({ editable: false, comments: trace.comments });
    // Another learner of the course, a learner of another course: 404; another organisation's
    // token does not work at this organisation's host.
    expect((await get(a.url, peerToken)).statusCode).toBe(404);
    expect((await get(a.url, w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(a.url, w.tokens.otherOrg)).statusCode).toBe(401);
    expect((await get(a.url, undefined)).statusCode).toBe(401);
    // Only the revision has a trace.
    const essay = await workOf(a.id, w.tokens.learner, 'essaywriting');
    expect((await get(`${base()}/${a.id}/performances/${essay}/trace/`, w.tokens.learner)).statusCode).toBe(
      404,
    );
  });

  it('only the author marks; a "not used" needs a reason; a refused save changes nothing', async () => {
    const { comments } = (await get(a.url, w.tokens.learner)).json() as {
      comments: { matching: number; standard: number }[];
    };
    const [c0, c1, c2] = comments as [(typeof comments)[0], (typeof comments)[0], (typeof comments)[0]];
    const mark = (c: { matching: number; standard: number }, status: string | null, reason = '') => ({
      matching: c.matching,
      standard: c.standard,
      status,
      reason,
    });
    expect((await patch(a.url, w.tokens.instructor, { marks: [mark(c0, 'used')] })).statusCode).toBe(403);
    expect((await patch(a.url, peerToken, { marks: [mark(c0, 'used')] })).statusCode).toBe(404);
    expect((await patch(a.url, w.tokens.outsider, { marks: [mark(c0, 'used')] })).statusCode).toBe(404);

    const noReason = await patch(a.url, w.tokens.learner, {
      marks: [mark(c0, 'used'), mark(c1, 'not_used', '  ')],
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      code: 'validation_failed',
      fields: { 'marks.1.reason': [expect.any(String)] },
    });
    const unknown = await patch(a.url, w.tokens.learner, {
      marks: [{ matching: c0.matching, standard: 5, status: 'used', reason: '' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await patch(a.url, w.tokens.learner, { marks: [{ ...mark(c0, 'maybe') }] })).statusCode).toBe(
      400,
    );
    expect((await patch(a.url, w.tokens.learner, { marks: [] })).statusCode).toBe(400);
    expect(
      await t.database.db.select().from(revisionTraces).where(eq(revisionTraces.matchingId, c0.matching)),
    ).toEqual([]);

    const saved = await patch(a.url, w.tokens.learner, {
      marks: [mark(c0, 'used'), mark(c1, 'partly_used'), mark(c2, 'not_used', ' 이미 다룬 내용입니다. ')],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      editable: true,
      suggested_score: null,
      summary: { total: 4, used: 1, partly_used: 1, not_used: 1, unmarked: 1 },
    });
    expect(saved.json().comments[2]).toMatchObject({ status: 'not_used', reason: '이미 다룬 내용입니다.' });
    // A mark cleared with null; the others stay.
    const cleared = await patch(a.url, w.tokens.learner, { marks: [mark(c1, null)] });
    expect(cleared.json().summary).toMatchObject({ used: 1, partly_used: 0, not_used: 1, unmarked: 2 });
    await patch(a.url, w.tokens.learner, { marks: [mark(c1, 'partly_used')] });
  });

  it('suggests a score to the instructor once the revision is submitted; initialise restores it; closed after the stage', async () => {
    // No revision submitted: nothing suggested.
    expect((await get(a.url, w.tokens.instructor)).json().suggested_score).toBeNull();
    const revised = await patch(`${base()}/${a.id}/performances/${a.rid}/`, w.tokens.learner, {
      stage_object: { content: { ops: [{ insert: '고쳐 쓴 에세이\n' }] } },
    });
    expect(revised.statusCode).toBe(200);
    // (used 1 + partly 0.5 + not used 0.25 + unmarked 0) / 4 comments × 10 = 4.375 → 4.4
    expect((await get(a.url, w.tokens.instructor)).json().suggested_score).toBe(4.4);
    expect((await get(a.url, w.tokens.learner)).json().suggested_score).toBeNull();

    await move(a.id); // complete
    const closed = await patch(a.url, w.tokens.learner, {
      marks: [
        {
          matching: (await get(a.url, w.tokens.learner)).json().comments[0].matching,
          standard: 0,
          status: 'not_used',
          reason: '늦음',
        },
      ],
    });
    expect(closed.statusCode).toBe(406);
    expect(closed.json()).toMatchObject({
      code: 'revision_not_open',
      detail: '수정은 퇴고 기간에만 가능합니다.',
    });
    expect((await get(a.url, w.tokens.learner)).json()).toMatchObject({
      editable: false,
      summary: { used: 1 },
    });

    // The report: the instructor sees the trace and the suggestion (origin), the learner their trace only.
    const reportId = (await get(`${base()}/${a.id}/`, w.tokens.learner)).json().report_id as number;
    const url = `${base()}/${a.id}/reports/${reportId}/`;
    const staff = (await get(url, w.tokens.instructor)).json();
    expect(staff).toMatchObject({
      origin_revisement_score: 4.4,
      revision_trace: {
        suggested_score: 4.4,
        editable: false,
        summary: { used: 1, partly_used: 1, not_used: 1 },
      },
    });
    const own = (await get(url, w.tokens.learner)).json();
    expect(own).toMatchObject({ origin_revisement_score: null, revision_trace: { suggested_score: null } });
    expect(own.revision_trace.comments).toHaveLength(4);
    expect(JSON.stringify(own.revision_trace)).not.toContain(PEER_NAME);

    const typed = (await patch(url, w.tokens.instructor, { revisement_score: 9 })).json();
    expect(typed).toMatchObject({ revisement_score: 9, origin_revisement_score: 4.4 });
    const restored = (await patch(url, w.tokens.instructor, { initialise: true })).json();
    expect(restored).toMatchObject({ revisement_score: 4.4 });
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row!.revisementScore).toBe(4.4);
  });

  it('concurrent saves of one comment and a stage move race cleanly: one row, no 5xx, nothing after the close', async () => {
    const b = await atRevision();
    const { comments } = (await get(b.url, w.tokens.learner)).json() as {
      comments: { matching: number; standard: number }[];
    };
    const c = comments[0] as { matching: number; standard: number };
    const statuses = ['used', 'partly_used', 'not_used'] as const;
    const saves = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        patch(b.url, w.tokens.learner, {
          marks: [{ ...c, status: statuses[i % 3], reason: `이유 ${i}` }],
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
    const rows = await t.database.db
      .select()
      .from(revisionTraces)
      .where(eq(revisionTraces.matchingId, c.matching));
    expect(rows.filter((r) => r.standardIndex === c.standard)).toHaveLength(1);

    // A save racing the move to completion is either stored before it or refused after it.
    const other = comments[1] as { matching: number; standard: number };
    const [saved, moved] = await Promise.all([
      patch(b.url, w.tokens.learner, { marks: [{ ...other, status: 'used', reason: '' }] }),
      move(b.id),
    ]);
    expect(moved.statusCode).toBe(200);
    expect([200, 406]).toContain(saved.statusCode);
    const stored = await t.database.db
      .select()
      .from(revisionTraces)
      .where(eq(revisionTraces.matchingId, other.matching));
    expect(stored.some((r) => r.standardIndex === other.standard)).toBe(saved.statusCode === 200);
  });
});
