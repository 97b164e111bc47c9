import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { peerMatchings, peerResponses, reviewAudit } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { Standard } from '../assignments/assignment-shape';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { recomputeIfComplete } from '../reports/recompute';
import { readReviewForInstructor } from './review-for-instructor';
import { assertCanAdjustReview, assertCanManageReviews } from './reviews.policy';
import {
  loadMatching,
  lockMatching,
  type MatchingIds,
  type MatchingRow,
  matchingOf,
  responsesOf,
} from './reviews.queries';

export type Adjustment = { id: number; edited_point: number | null };

/** Every adjusted standard exists and the point is within its maximum (400 otherwise). */
export function checkAdjustments(standards: readonly Standard[], responses: readonly Adjustment[]) {
  const fields: Record<string, string[]> = {};
  for (const r of responses) {
    const standard = standards[r.id];
    if (!standard) fields.responses = ['validation.invalid'];
    else if (r.edited_point !== null && r.edited_point > standard.max_point)
      fields[`responses.${r.id}.edited_point`] = [`validation.review_point|${standard.max_point}`];
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

/**
 * Writes an adjustment of a locked, completed review and its audit row (in the caller's
 * transaction): an edited point equal to the original is stored as null. Answers the review's
 * points as they are now stored.
 */
export async function writeAdjustment(
  tx: Tx,
  input: {
    locked: MatchingRow;
    standards: readonly Standard[];
    responses: readonly Adjustment[];
    reason: string;
    actorId: number;
  },
) {
  const { locked } = input;
  const stored = await responsesOf(tx, [locked.id]);
  checkAdjustments(input.standards, input.responses);
  const before = stored.map((x) => ({ id: x.standardIndex, edited_point: x.editedPoint }));
  const after: Adjustment[] = [];
  for (const r of input.responses) {
    const row = stored.find((x) => x.standardIndex === r.id);
    if (!row) continue;
    const edited = r.edited_point === null || r.edited_point === row.point ? null : r.edited_point;
    after.push({ id: r.id, edited_point: edited });
    row.editedPoint = edited;
    await tx.update(peerResponses).set({ editedPoint: edited }).where(eq(peerResponses.id, row.id));
  }
  await tx
    .update(peerMatchings)
    .set({ instructorComment: input.reason })
    .where(eq(peerMatchings.id, locked.id));
  await tx.insert(reviewAudit).values({
    matchingId: locked.id,
    kind: 'adjustment',
    actorId: input.actorId,
    before: { responses: before, instructor_comment: locked.instructorComment },
    after: { responses: after, instructor_comment: input.reason },
    reason: input.reason,
  });
  return stored;
}

/**
 * PATCH …/peerreview-matching/{id}/instructor/ `{responses: [{id, edited_point}], instructor_comment}`:
 * the assignment's managers adjust a completed review's points with a reason (not of their own essay). An edited
 * point equal to the original is stored as null (no adjustment); every change is audited.
 */
export async function adjustReview(input: {
  db: Db;
  caller: Caller;
  ids: MatchingIds;
  body: { responses: Adjustment[]; instructor_comment: string };
}) {
  const { db, caller, ids, body } = input;
  const m = await loadAssignmentMembership(db, caller, ids);
  assertCanManageReviews(m);
  return db.transaction(async (tx) => {
    const locked = await lockMatching(tx, ids.matchingId);
    const { shape, matching } = await loadMatching(tx, { ...ids, courseId: m.course.id });
    if (!matching.isCompleted) throw new AppError('not_found');
    assertCanAdjustReview(m, matching);
    await writeAdjustment(tx, {
      locked,
      standards: shape.standards,
      responses: body.responses,
      reason: body.instructor_comment.trim(),
      actorId: caller.user.id,
    });
    // After completion an adjustment changes the reports at once.
    await recomputeIfComplete(tx, shape.row.id);
    return readReviewForInstructor(tx, shape, await matchingOf(tx, shape, matching.id));
  });
}
