import { managementTableSchema, matchingPageSchema } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments, reviewAudit } from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let peer: { token: string; enrollmentId: number; email: string; name: string };
let learnerEnrollment: number;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const email = `reviewpeer-${Date.now()}@example.com`;
  const user = await createUser(t, w.org.id, { email, name: '동료학생' });
  const [e] = await t.database.db
    .insert(enrollments)
    .values({ courseId: w.course.id, userId: user.id, code: 'RP1' })
    .returning();
  peer = { token: (await signInAs(t, email)) as string, enrollmentId: e!.id, email, name: '동료학생' };
  const [mine] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
  learnerEnrollment = mine!.id;
});
afterAll(async () => t.close());

const base = () => `/api/v1/courses/${w.course.id}/assignments`;
const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });
let seq = 0;

/** An assignment at peer review where the learner, the peer and the assistant wrote essays. */
async function atPeerReview(peerCount = 1) {
  seq += 1;
  const created = await call(t, {
    method: 'POST',
    url: `${base()}/`,
    token: w.tokens.instructor,
    ...multipart({
      name: `평가 ${seq}`,
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify([
        { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: peerCount,
            max_review_score: 10,
            max_metacognition_score: 10,
            standards: [
              { question: '논지가 분명한가?', max_point: 6 },
              { question: '근거가 충분한가?', max_point: 4 },
            ],
          },
        },
        { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
        { model: 'revisement', stage_object: { max_revisement_score: 10 } },
      ]),
    }),
  });
  expect(created.statusCode).toBe(201);
  const a = created.json() as { id: number };
  for (const token of [w.tokens.learner, peer.token, w.tokens.assistant]) {
    const mine = (await call(t, { method: 'GET', url: `${base()}/${a.id}/`, token })).json();
    const res = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/${mine.performance_id}/`,
      token,
      payload: { stage_object: { content: delta('에세이 본문') } },
    });
    expect(res.statusCode).toBe(200);
  }
  await move(a.id);
  return a;
}

const move = (id: number) =>
  call(t, { method: 'PATCH', url: `${base()}/${id}/move-to-next-stage/`, token: w.tokens.instructor });

async function performanceOf(aid: number, token: string | undefined) {
  const a = (await call(t, { method: 'GET', url: `${base()}/${aid}/`, token })).json();
  return (
    await call(t, { method: 'GET', url: `${base()}/${aid}/performances/${a.performance_id}/`, token })
  ).json();
}

const review = (aid: number, mid: number, token: string | undefined) =>
  call(t, { method: 'GET', url: `${base()}/${aid}/performances/peerreview-matching/${mid}/`, token });
const saveReview = (aid: number, mid: number, token: string | undefined, responses: unknown) =>
  call(t, {
    method: 'PATCH',
    url: `${base()}/${aid}/performances/peerreview-matching/${mid}/`,
    token,
    payload: { id: mid, responses } as Record<string, unknown>,
  });
const FULL = [
  { id: 0, point: 5, comment: '주장이 선명합니다.' },
  { id: 1, point: 3, comment: '예시가 하나 더 있으면 좋겠습니다.' },
];

/** Every string and every key of a learner-facing answer: none may name the other party. */
function expectAnonymous(body: unknown, others: { name: string; email: string; enrollmentId: number }[]) {
  const text = JSON.stringify(body);
  for (const o of others) {
    expect(text).not.toContain(o.name);
    expect(text).not.toContain(o.email);
  }
  expect(text).not.toMatch(
    /"(reviewer|target|reviewer_id|target_id|enrollment|enrollment_id|user|user_id|email|code)"\s*:/,
  );
}

describe('peer review', () => {
  it('lists the reviews to do (peers first, self last), gates the self-review, completes, and stays anonymous', async () => {
    const a = await atPeerReview();
    const work = await performanceOf(a.id, w.tokens.learner);
    expect(work.model).toBe('peerreview');
    const targets = work.stage_object.targets as { id: number; is_self_review: boolean; label: number }[];
    expect(targets.map((x) => [x.is_self_review, x.label])).toEqual([
      [false, 1],
      [true, 0],
    ]);
    const other = targets[0]!;
    const self = targets[1]!;

    // The self-review waits for the peer reviews.
    const locked = await review(a.id, self.id, w.tokens.learner);
    expect(locked.statusCode).toBe(406);
    expect(locked.json()).toMatchObject({
      code: 'self_review_locked',
      detail: '동료의 글을 모두 평가한 뒤에 자기 평가를 할 수 있습니다.',
    });

    const opened = await review(a.id, other.id, w.tokens.learner);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      is_completed: false,
      is_self_review: false,
      editable: true,
      label: 1,
      target_essay: { plain_text: '에세이 본문\n', editor_type: 'Q' },
    });
    expect(
      opened.json().responses.map((r: { standard: { max_point: number } }) => r.standard.max_point),
    ).toEqual([6, 4]);
    const people = [
      { name: peer.name, email: peer.email, enrollmentId: peer.enrollmentId },
      { name: 'assistant', email: w.users.assistant.email, enrollmentId: 0 },
    ];
    expectAnonymous(work, people);
    expectAnonymous(opened.json(), people);

    // Rules: every standard, points within the scale, comments required.
    expect((await saveReview(a.id, other.id, w.tokens.learner, [FULL[0]])).statusCode).toBe(400);
    const over = await saveReview(a.id, other.id, w.tokens.learner, [FULL[0], { ...FULL[1], point: 5 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields['responses.1.point']).toEqual(['0에서 4 사이의 점수를 고르세요.']);
    const blank = await saveReview(a.id, other.id, w.tokens.learner, [
      FULL[0],
      { ...FULL[1], comment: '  ' },
    ]);
    expect(blank.statusCode).toBe(400);

    const saved = await saveReview(a.id, other.id, w.tokens.learner, FULL);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      is_completed: true,
      not_completed_list: [{ id: self.id, is_self_review: true }],
    });
    expectAnonymous(saved.json(), people);

    const selfOpen = await review(a.id, self.id, w.tokens.learner);
    expect(selfOpen.statusCode).toBe(200);
    const selfSaved = await saveReview(a.id, self.id, w.tokens.learner, FULL);
    expect(selfSaved.json().not_completed_list).toEqual([]);
    expect((await performanceOf(a.id, w.tokens.learner)).is_completed).toBe(true);
  });

  it('a review is its reviewer\u2019s only: others 404, anonymous 401; managers use the instructor view', async () => {
    const a = await atPeerReview();
    const [other] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const mid = other!.id;
    expect((await review(a.id, mid, peer.token)).statusCode).toBe(404);
    expect((await review(a.id, mid, w.tokens.instructor)).statusCode).toBe(404);
    expect((await review(a.id, mid, w.tokens.outsider)).statusCode).toBe(404);
    expect((await review(a.id, mid, undefined)).statusCode).toBe(401);
    expect((await review(a.id, mid, w.tokens.withdrawn)).statusCode).toBe(403);
    expect((await saveReview(a.id, mid, peer.token, FULL)).statusCode).toBe(404);
    const view = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/performances/peerreview-matching/${mid}/instructor/`,
      token: w.tokens.instructor,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().reviewer_name).toBe('learner');
    const denied = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/performances/peerreview-matching/${mid}/instructor/`,
      token: w.tokens.learner,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('the instructor adjusts points with a reason; an unchanged point is stored as null; every change is audited', async () => {
    const a = await atPeerReview();
    const [other] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    await saveReview(a.id, other!.id, w.tokens.learner, FULL);
    const url = `${base()}/${a.id}/performances/peerreview-matching/${other!.id}/instructor/`;
    const noReason = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.assistant,
      payload: { responses: [{ id: 0, edited_point: 2 }], instructor_comment: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const adjusted = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.assistant,
      payload: {
        responses: [
          { id: 0, edited_point: 2 },
          { id: 1, edited_point: 3 },
        ],
        instructor_comment: '근거 없는 높은 점수',
      },
    });
    expect(adjusted.statusCode).toBe(200);
    expect(
      adjusted
        .json()
        .responses.map((r: { point: number; edited_point: number | null }) => [r.point, r.edited_point]),
    ).toEqual([
      [5, 2],
      [3, null],
    ]);
    const audit = await t.database.db.select().from(reviewAudit).where(eq(reviewAudit.matchingId, other!.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ kind: 'adjustment', reason: '근거 없는 높은 점수' });
  });

  it('reviews close with the peer-review step', async () => {
    const a = await atPeerReview();
    const [other] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    await move(a.id);
    const late = await saveReview(a.id, other!.id, w.tokens.learner, FULL);
    expect(late.statusCode).toBe(406);
    expect(late.json().code).toBe('review_not_open');
  });
});

describe('late joiners', () => {
  it('a learner approved during peer review gets essays to review from the engine', async () => {
    // Two reviewers per essay: the class's usual load is two reviews, so the late joiner gets work.
    const a = await atPeerReview(2);
    const email = `late-${Date.now()}@example.com`;
    const user = await createUser(t, w.org.id, { email, name: '늦은학생' });
    await t.database.db.insert(enrollments).values({ courseId: w.course.id, userId: user.id, code: 'LATE1' });
    const token = (await signInAs(t, email)) as string;
    const asked = await call(t, { method: 'POST', url: `${base()}/${a.id}/late-participation/`, token });
    expect(asked.json().status).toBe(2);
    const [e] = await t.database.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    const approved = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/participations/${e!.id}/approve/`,
      token: w.tokens.instructor,
    });
    expect(approved.statusCode).toBe(200);
    const work = await performanceOf(a.id, token);
    expect(work.model).toBe('peerreview');
    const targets = work.stage_object.targets as { is_self_review: boolean }[];
    expect(targets.filter((x) => !x.is_self_review).length).toBeGreaterThanOrEqual(1);
  });
});

describe('the matching page', () => {
  it('shows real names to managers only and validates a reset, keeping reviews whose pair survives', async () => {
    const a = await atPeerReview();
    const page = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/matchings/`,
      token: w.tokens.instructor,
    });
    expect(page.statusCode).toBe(200);
    // Sent without the schema: exactly the contract's shape, labelled JSON.
    expect(matchingPageSchema.parse(page.json())).toEqual(page.json());
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    const reviewers = page.json().reviewers as {
      id: number;
      name: string;
      targets: { matching_id: number; target: number }[];
    }[];
    expect(reviewers.map((r) => r.name)).toEqual(expect.arrayContaining(['assistant', 'learner', peer.name]));
    expect(
      (await call(t, { method: 'GET', url: `${base()}/${a.id}/matchings/`, token: w.tokens.learner }))
        .statusCode,
    ).toBe(403);

    const mine = reviewers.find((r) => r.id === learnerEnrollment)!;
    const kept = mine.targets[0]!;
    const [done] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    await saveReview(a.id, done!.id, w.tokens.learner, FULL);

    const reset = (matchings: unknown) =>
      call(t, {
        method: 'POST',
        url: `${base()}/${a.id}/matchings-reset/`,
        token: w.tokens.instructor,
        payload: { matchings } as Record<string, unknown>,
      });
    const self = await reset([{ reviewer: learnerEnrollment, target: learnerEnrollment }]);
    expect(self.statusCode).toBe(400);
    expect(Object.values(self.json().fields).flat()).toContain('자기 글을 동료평가로 배정할 수 없습니다.');
    const uncovered = await reset([{ reviewer: learnerEnrollment, target: kept.target }]);
    expect(uncovered.statusCode).toBe(400);
    expect(Object.values(uncovered.json().fields).flat()).toContain(
      '평가받는 모든 사람에게 평가자를 배정해야 합니다.',
    );
    const unknown = await reset([{ reviewer: 999_999, target: kept.target }]);
    expect(unknown.statusCode).toBe(400);

    // Every essay writer reviews every other: the learner's finished review survives.
    const ids = reviewers.filter((r) => (r as unknown as { has_essay: boolean }).has_essay).map((r) => r.id);
    const all = ids.flatMap((r) => ids.filter((x) => x !== r).map((x) => ({ reviewer: r, target: x })));
    const ok = await reset(all);
    expect(ok.statusCode).toBe(200);
    const after = (ok.json().reviewers as typeof reviewers).find((r) => r.id === learnerEnrollment)!;
    expect(after.targets).toHaveLength(2);
    expect(after.targets.find((x) => x.target === kept.target)).toMatchObject({
      matching_id: kept.matching_id,
      is_completed: true,
    });

    // Back to the automatic matching: the engine's pairs again, one reviewer per essay.
    const automatic = await reset(undefined as never);
    expect(automatic.statusCode).toBe(400);
    const auto = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/matchings-reset/`,
      token: w.tokens.instructor,
      payload: { automatic: true },
    });
    expect(auto.statusCode).toBe(200);
    const counts = new Map<number, number>();
    for (const r of auto.json().reviewers as { targets: { target: number }[] }[])
      for (const x of r.targets) counts.set(x.target, (counts.get(x.target) ?? 0) + 1);
    expect([...counts.values()].every((n) => n >= 1)).toBe(true);

    await move(a.id);
    expect((await reset(all)).statusCode).toBe(406);
  });
});

describe('feedback review and objections', () => {
  /** At the feedback step, with every peer review done. */
  async function atFeedback() {
    const a = await atPeerReview();
    for (const token of [w.tokens.learner, peer.token, w.tokens.assistant]) {
      const targets = (await performanceOf(a.id, token)).stage_object.targets as { id: number }[];
      for (const x of targets) expect((await saveReview(a.id, x.id, token, FULL)).statusCode).toBe(200);
    }
    await move(a.id);
    return a;
  }

  it('the author rates each review received (labelled, never named); the last rating names the revision', async () => {
    const a = await atFeedback();
    const work = await performanceOf(a.id, w.tokens.learner);
    expect(work.model).toBe('feedbackreview');
    const received = work.stage_object.targets as {
      id: number;
      matching: { reviewer_name: string };
      rating: unknown;
    }[];
    expect(received).toHaveLength(1);
    expect(received[0]!.matching.reviewer_name).toBe('평가자 1');
    expectAnonymous(work, [
      { name: peer.name, email: peer.email, enrollmentId: peer.enrollmentId },
      { name: 'assistant', email: w.users.assistant.email, enrollmentId: 0 },
    ]);
    const url = `${base()}/${a.id}/performances/feedbackreview-matching/${received[0]!.id}/`;
    const over = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { point: 6, comment: '좋아요' },
    });
    expect(over.statusCode).toBe(400);
    const zero = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { point: 0, comment: '좋아요' },
    });
    expect(zero.statusCode).toBe(400);
    expect(
      (await call(t, { method: 'PATCH', url, token: peer.token, payload: { point: 3, comment: 'x' } }))
        .statusCode,
    ).toBe(404);
    const rated = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { point: 4, comment: '도움이 됐어요' },
    });
    expect(rated.statusCode).toBe(200);
    const revision = (await call(t, { method: 'GET', url: `${base()}/${a.id}/`, token: w.tokens.learner }))
      .json()
      .progresses.find((p: { model: string }) => p.model === 'revisement').performance_id;
    expect(rated.json()).toEqual({
      id: received[0]!.id,
      point: 4,
      comment: '도움이 됐어요',
      revisement: revision,
    });
    expect((await performanceOf(a.id, w.tokens.learner)).stage_object.targets[0].rating).toEqual({
      point: 4,
      comment: '도움이 됐어요',
    });
  });

  it('the management table counts each learner\u2019s reviews owed and done and the ratings of the reviews received', async () => {
    const a = await atFeedback();
    type Cell = {
      short: string;
      finished: number;
      total: number;
      is_completed: boolean;
      performance_id: number | null;
    };
    type Table = {
      headers: { short: string; performances: number; finished_performances: number }[];
      rows: Cell[][];
      names: { pk: number }[];
    };
    const table = async () =>
      (
        await call(t, { method: 'GET', url: `${base()}/${a.id}/management/`, token: w.tokens.instructor })
      ).json() as Table;
    const cellsOf = (x: Table, enrollmentId: number) =>
      x.rows[x.names.findIndex((n) => n.pk === enrollmentId)]!;
    const before = await table();
    // Sent without its schema on the way out: it is exactly the contract's shape, no key more.
    expect(managementTableSchema.parse(before)).toEqual(before);
    const mine = cellsOf(before, learnerEnrollment);
    // Essay written (with its work linked); one peer and the self-review done; one review received, not rated.
    expect(mine.map((c) => c.short)).toEqual(['ES', 'PE', 'FE']);
    expect(mine[0]).toMatchObject({ finished: 1, total: 1, is_completed: true });
    expect(mine[0]!.performance_id).toEqual(expect.any(Number));
    expect(mine[1]).toMatchObject({ finished: 2, total: 2, is_completed: true });
    expect(mine[2]).toMatchObject({ finished: 0, total: 1, is_completed: false });
    expect(before.headers[1]).toMatchObject({ short: 'PE', performances: 4, finished_performances: 3 });
    expect(before.headers[2]).toMatchObject({ short: 'FE', performances: 4, finished_performances: 0 });

    const received = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const rated = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/feedbackreview-matching/${received[0]!.id}/`,
      token: w.tokens.learner,
      payload: { point: 4, comment: '도움이 됐어요' },
    });
    expect(rated.statusCode).toBe(200);
    const after = await table();
    expect(cellsOf(after, learnerEnrollment)[2]).toMatchObject({ finished: 1, total: 1, is_completed: true });
    expect(cellsOf(after, peer.enrollmentId)[2]).toMatchObject({
      finished: 0,
      total: 1,
      is_completed: false,
    });
    expect(after.headers[2]).toMatchObject({ short: 'FE', performances: 4, finished_performances: 1 });
  });

  it('objection lifecycle: one per review, by its author, edited and withdrawn while pending, ruled with a reason and audited', async () => {
    const a = await atFeedback();
    const [received] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const create = (token: string | undefined, matching = received!.id) =>
      call(t, {
        method: 'POST',
        url: `${base()}/${a.id}/objections/`,
        token,
        payload: { matching, comment: '점수가 너무 낮습니다' },
      });
    expect((await create(peer.token)).statusCode).toBe(404);
    const made = await create(w.tokens.learner);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending', ruling_reason: null });
    expect((await create(w.tokens.learner)).statusCode).toBe(406);
    const oid = made.json().id;
    const url = `${base()}/${a.id}/objections/${oid}/`;
    expect((await call(t, { method: 'GET', url, token: peer.token })).statusCode).toBe(404);
    expect((await call(t, { method: 'GET', url, token: w.tokens.instructor })).statusCode).toBe(200);
    const edited = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { comment: '두 번째 기준을 다시 봐 주세요' },
    });
    expect(edited.json().comment).toBe('두 번째 기준을 다시 봐 주세요');
    const table = (
      await call(t, { method: 'GET', url: `${base()}/${a.id}/management/`, token: w.tokens.instructor })
    ).json();
    expect(table.names.length).toBeGreaterThan(0);

    const ruling = `${url}ruling/`;
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: ruling,
          token: w.tokens.learner,
          payload: { accepted: true, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: ruling,
          token: w.tokens.instructor,
          payload: { accepted: true, reason: '' },
        })
      ).statusCode,
    ).toBe(400);
    const ruled = await call(t, {
      method: 'PATCH',
      url: ruling,
      token: w.tokens.instructor,
      payload: { accepted: true, reason: '기준 2의 점수를 올립니다' },
    });
    expect(ruled.json()).toMatchObject({ status: 'accepted', ruling_reason: '기준 2의 점수를 올립니다' });
    // The learner sees the ruling on the review; a ruled objection is final.
    const seen = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets[0].matching.objection;
    expect(seen).toMatchObject({ status: 'accepted', ruling_reason: '기준 2의 점수를 올립니다' });
    expect(
      (await call(t, { method: 'PATCH', url, token: w.tokens.learner, payload: { comment: '또' } }))
        .statusCode,
    ).toBe(406);
    expect((await call(t, { method: 'DELETE', url, token: w.tokens.learner })).statusCode).toBe(406);
    const audit = await t.database.db
      .select()
      .from(reviewAudit)
      .where(eq(reviewAudit.matchingId, received!.id));
    expect(audit.map((x) => x.kind)).toEqual(['objection_ruling']);
  });

  it('a pending objection can be withdrawn; none can be filed after the feedback step', async () => {
    const a = await atFeedback();
    const [received] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const made = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/objections/`,
      token: w.tokens.learner,
      payload: { matching: received!.id, comment: '이의' },
    });
    const url = `${base()}/${a.id}/objections/${made.json().id}/`;
    expect((await call(t, { method: 'DELETE', url, token: w.tokens.learner })).statusCode).toBe(204);
    expect((await call(t, { method: 'GET', url, token: w.tokens.learner })).statusCode).toBe(404);
    await move(a.id);
    const closed = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/objections/`,
      token: w.tokens.learner,
      payload: { matching: received!.id, comment: '늦은 이의' },
    });
    expect(closed.statusCode).toBe(406);
    expect(closed.json().code).toBe('objection_not_open');
  });
});
