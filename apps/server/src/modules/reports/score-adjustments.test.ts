import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { peerMatchings, peerResponses, reports, reviewAudit } from '../../db/schema';
import { atFeedback, base, move, t, useReviewWorld, w } from '../reviews/reviews.test-kit';

useReviewWorld();

type Row = {
  id: number;
  enrollment: number;
  name: string;
  total: number;
  pr_performance: {
    reviewers: {
      id: number;
      is_self_review: boolean;
      is_adjusted: boolean;
      responses: { point: number; edited_point: number | null }[];
    }[];
  };
};

/** A completed assignment where every learner reviewed both others, each reviewer differently. */
async function completed() {
  const points = [
    [6, 4],
    [1, 0],
    [4, 2],
  ];
  const a = await atFeedback(2, (n) =>
    (points[n] ?? [3, 2]).map((point, id) => ({ id, point, comment: `의견 ${n}-${id}` })),
  );
  await move(a.id);
  await move(a.id);
  return a;
}
const table = async (aid: number) =>
  (await call(t, { method: 'GET', url: `${base()}/${aid}/scores/`, token: w.tokens.instructor })).json() as {
    completed: boolean;
    reports: Row[];
  };
const instructorUrl = (aid: number, mid: number) =>
  `${base()}/${aid}/performances/peerreview-matching/${mid}/instructor/`;

describe('score adjustments (issue 36, item 7)', () => {
  it('the preview lists exactly the totals the adjustment then moves, by as much, and saves nothing', async () => {
    const a = await completed();
    const before = await table(a.id);
    expect(before.completed).toBe(true);
    const author = before.reports[0]!;
    const review = author.pr_performance.reviewers.find((r) => !r.is_self_review)!;
    const proposal = [
      { id: 0, edited_point: review.responses[0]!.point === 0 ? 6 : 0 },
      { id: 1, edited_point: review.responses[1]!.point === 0 ? 4 : 0 },
    ];
    const storedBefore = await t.database.db.select().from(reports).where(eq(reports.assignmentId, a.id));
    const preview = await call(t, {
      method: 'POST',
      url: `${instructorUrl(a.id, review.id)}preview/`,
      token: w.tokens.instructor,
      payload: { responses: proposal },
    });
    expect(preview.statusCode).toBe(200);
    const moved = preview.json().moved as {
      enrollment: number;
      name: string;
      before: number;
      after: number;
    }[];
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.map((m) => m.enrollment)).toContain(author.enrollment);

    // Nothing saved: points, audit, stored reports and the score page are as they were.
    const matchingIds = (
      await t.database.db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, a.id))
    ).map((m) => m.id);
    const edited = await t.database.db
      .select()
      .from(peerResponses)
      .where(inArray(peerResponses.matchingId, matchingIds));
    expect(edited.every((r) => r.editedPoint === null)).toBe(true);
    expect(
      await t.database.db.select().from(reviewAudit).where(inArray(reviewAudit.matchingId, matchingIds)),
    ).toEqual([]);
    const storedAfter = await t.database.db.select().from(reports).where(eq(reports.assignmentId, a.id));
    expect(storedAfter).toEqual(storedBefore);
    expect(await table(a.id)).toEqual(before);

    // The adjustment itself moves exactly those totals, from `before` to `after`.
    const saved = await call(t, {
      method: 'PATCH',
      url: instructorUrl(a.id, review.id),
      token: w.tokens.instructor,
      payload: { responses: proposal, instructor_comment: '점수 조정' },
    });
    expect(saved.statusCode).toBe(200);
    const after = await table(a.id);
    const changed = after.reports.flatMap((r) => {
      const was = before.reports.find((x) => x.enrollment === r.enrollment)!;
      return was.total === r.total
        ? []
        : [{ enrollment: r.enrollment, name: r.name, before: was.total, after: r.total }];
    });
    const byEnrollment = (x: { enrollment: number }, y: { enrollment: number }) =>
      x.enrollment - y.enrollment;
    expect([...moved].sort(byEnrollment)).toEqual(changed.sort(byEnrollment));
  });

  it('the preview is the managers\u2019 and checks the points like the adjustment', async () => {
    const a = await completed();
    const review = (await table(a.id)).reports[0]!.pr_performance.reviewers[0]!;
    const url = `${instructorUrl(a.id, review.id)}preview/`;
    const ask = (token: string | undefined, responses: unknown) =>
      call(t, { method: 'POST', url, token, payload: { responses } });
    expect((await ask(w.tokens.learner, [{ id: 0, edited_point: 1 }])).statusCode).toBe(403);
    expect((await ask(w.tokens.instructor, [{ id: 0, edited_point: 7 }])).statusCode).toBe(400);
    expect((await ask(w.tokens.instructor, [{ id: 5, edited_point: 1 }])).statusCode).toBe(400);
    // Proposing the reviewer's own points moves nothing.
    const same = await ask(
      w.tokens.instructor,
      review.responses.map((r, id) => ({ id, edited_point: r.point })),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ moved: [] });
  });

  it('the score table marks the adjusted reviews, and no longer once the adjustment is withdrawn', async () => {
    const a = await completed();
    const first = await table(a.id);
    expect(first.reports.flatMap((r) => r.pr_performance.reviewers).some((r) => r.is_adjusted)).toBe(false);
    const review = first.reports[1]!.pr_performance.reviewers.find((r) => !r.is_self_review)!;
    const adjust = (responses: unknown) =>
      call(t, {
        method: 'PATCH',
        url: instructorUrl(a.id, review.id),
        token: w.tokens.instructor,
        payload: { responses, instructor_comment: '조정' },
      });
    expect(
      (await adjust([{ id: 0, edited_point: review.responses[0]!.point === 3 ? 2 : 3 }])).statusCode,
    ).toBe(200);
    const marked = (await table(a.id)).reports.flatMap((r) => r.pr_performance.reviewers);
    expect(marked.filter((r) => r.is_adjusted).map((r) => r.id)).toEqual([review.id]);
    expect((await adjust([{ id: 0, edited_point: null }])).statusCode).toBe(200);
    const cleared = (await table(a.id)).reports.flatMap((r) => r.pr_performance.reviewers);
    expect(cleared.some((r) => r.is_adjusted)).toBe(false);
  });
});
