import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { objections, peerResponses, reviewAudit } from '../../db/schema';
import {
  atFeedback,
  base,
  expectAnonymous,
  move,
  peer,
  performanceOf,
  t,
  useReviewWorld,
  w,
} from './reviews.test-kit';

useReviewWorld();

type Received = {
  id: number;
  label: number;
  matching: { objection: { id: number; status: string; changes: unknown[] } | null };
};

/** The learner's second review received, with an objection filed against it. */
async function objected() {
  // Reviewer 0 (the learner) gives 5·3, the peer 2·1, the assistant 4·2.
  const points = [
    [5, 3],
    [2, 1],
    [4, 2],
  ];
  const a = await atFeedback(2, (n) =>
    (points[n] ?? [3, 2]).map((point, id) => ({ id, point, comment: `기준 ${id + 1} 의견 ${n}` })),
  );
  const received = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as Received[];
  const disputed = received[1]!;
  const made = await call(t, {
    method: 'POST',
    url: `${base()}/${a.id}/objections/`,
    token: w.tokens.learner,
    payload: { matching: disputed.id, comment: '두 번째 기준 점수가 낮습니다' },
  });
  expect(made.statusCode).toBe(201);
  const url = `${base()}/${a.id}/objections/${made.json().id}/`;
  return { a, disputed, url, oid: made.json().id as number };
}

const rule = (url: string, payload: Record<string, unknown>) =>
  call(t, { method: 'PATCH', url: `${url}ruling/`, token: w.tokens.instructor, payload });

describe('objection rulings (issue 36, item 3)', () => {
  it('the instructor reads the disputed review: the label its author sees, the names, points and comments; the author does not', async () => {
    const { disputed, url } = await objected();
    const mine = (await call(t, { method: 'GET', url, token: w.tokens.learner })).json();
    expect(mine.review).toBeNull();
    expectAnonymous(mine, [{ ...peer, enrollmentId: peer.enrollmentId }]);
    const seen = await call(t, { method: 'GET', url, token: w.tokens.instructor });
    expect(seen.statusCode).toBe(200);
    const review = seen.json().review;
    expect(review.reviewer_label).toBe(disputed.label);
    expect(review.target_name).toBe(w.users.learner.name);
    // The learner's second review received is the assistant's (matchings by id: peer, assistant).
    expect([peer.name, w.users.assistant.name]).toContain(review.reviewer_name);
    const n = review.reviewer_name === peer.name ? 1 : 2;
    expect(review.responses).toEqual([
      expect.objectContaining({
        id: 0,
        point: n === 1 ? 2 : 4,
        edited_point: null,
        comment: `기준 1 의견 ${n}`,
      }),
      expect.objectContaining({
        id: 1,
        point: n === 1 ? 1 : 2,
        edited_point: null,
        comment: `기준 2 의견 ${n}`,
      }),
    ]);
  });

  it('accepting requires the adjusted points of that review and at least one change; nothing is written otherwise', async () => {
    const { url, oid, disputed } = await objected();
    const reason = '기준 2의 점수를 올립니다';
    expect((await rule(url, { accepted: true, reason })).statusCode).toBe(400);
    const unchanged = await rule(url, {
      accepted: true,
      reason,
      responses: [
        { id: 0, edited_point: null },
        { id: 1, edited_point: null },
      ],
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().fields.responses).toBeDefined();
    expect(
      (await rule(url, { accepted: false, reason, responses: [{ id: 1, edited_point: 4 }] })).statusCode,
    ).toBe(400);
    expect(
      (await rule(url, { accepted: true, reason, responses: [{ id: 1, edited_point: 5 }] })).statusCode,
    ).toBe(400);
    const [still] = await t.database.db.select().from(objections).where(eq(objections.id, oid));
    expect(still!.status).toBe(0);
    expect(
      await t.database.db.select().from(reviewAudit).where(eq(reviewAudit.matchingId, disputed.id)),
    ).toEqual([]);
    expect(
      (await t.database.db.select().from(peerResponses).where(eq(peerResponses.matchingId, disputed.id))).map(
        (r) => r.editedPoint,
      ),
    ).toEqual([null, null]);
  });

  it('an accepted objection adjusts the disputed review in the same request; its author sees the points before → after', async () => {
    const { a, url, disputed } = await objected();
    const instructorView = (await call(t, { method: 'GET', url, token: w.tokens.instructor })).json().review;
    const before = instructorView.responses[1].point as number;
    const ruled = await rule(url, {
      accepted: true,
      reason: '기준 2의 점수를 올립니다',
      responses: [
        { id: 0, edited_point: instructorView.responses[0].point },
        { id: 1, edited_point: 4 },
      ],
    });
    expect(ruled.statusCode).toBe(200);
    expect(ruled.json()).toMatchObject({ status: 'accepted', ruling_reason: '기준 2의 점수를 올립니다' });
    // An edited point equal to the reviewer's is no adjustment.
    expect(ruled.json().review.responses.map((r: { edited_point: number | null }) => r.edited_point)).toEqual(
      [null, 4],
    );
    const audit = await t.database.db
      .select()
      .from(reviewAudit)
      .where(eq(reviewAudit.matchingId, disputed.id));
    expect(audit.map((x) => x.kind)).toEqual(['adjustment', 'objection_ruling']);
    expect(audit.every((x) => x.reason === '기준 2의 점수를 올립니다')).toBe(true);

    const received = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as (Received & {
      matching: { responses: { point: number }[] };
    })[];
    const seen = received.find((r) => r.id === disputed.id)!;
    expect(seen.matching.objection).toMatchObject({
      status: 'accepted',
      changes: [{ id: 1, question: '근거가 충분한가?', before, after: 4 }],
    });
    expect(seen.matching.responses[1]!.point).toBe(4);
    // The other review received is untouched and says nothing changed.
    const other = received.find((r) => r.id !== disputed.id)!;
    expect(other.matching.objection).toBeNull();

    // After completion the reports count the adjusted point.
    await move(a.id);
    await move(a.id);
    const table = (
      await call(t, { method: 'GET', url: `${base()}/${a.id}/scores/`, token: w.tokens.instructor })
    ).json();
    const cell = table.reports
      .flatMap((r: { pr_performance: { reviewers: { id: number }[] } }) => r.pr_performance.reviewers)
      .find((r: { id: number }) => r.id === disputed.id);
    expect(cell).toMatchObject({ is_adjusted: true });
  });
});
