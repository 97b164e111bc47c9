import type { AdjustmentPreviewResult } from '@pw/contract';
import { previewAdjustment as previewMoves } from '@pw/domain';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { scoringInput } from '../reports/compute-reports';
import { type Adjustment, checkAdjustments } from './adjust-review';
import { assertCanAdjustReview, assertCanManageReviews } from './reviews.policy';
import { loadMatching, type MatchingIds } from './reviews.queries';

/**
 * POST …/peerreview-matching/{id}/instructor/preview/ `{responses}`: the learners whose totals an
 * adjustment of this review would move, and by how much, computed as the stored reports are
 * (the domain's `previewAdjustment`) without writing anything. The instructor and assistants,
 * who may adjust.
 */
export async function previewAdjustment(input: {
  db: Db;
  caller: Caller;
  ids: MatchingIds;
  body: { responses: Adjustment[] };
}): Promise<AdjustmentPreviewResult> {
  const { db, ids, body } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  assertCanManageReviews(m);
  const { shape, matching } = await loadMatching(db, { ...ids, courseId: m.course.id });
  if (!matching.isCompleted) throw new AppError('not_found');
  assertCanAdjustReview(m, matching);
  checkAdjustments(shape.standards, body.responses);
  const moved = previewMoves(await scoringInput(db, shape), {
    reviewerId: String(matching.reviewerId),
    authorId: String(matching.targetId),
    responses: body.responses.map((r) => ({ standardId: String(r.id), editedPoint: r.edited_point })),
  });
  const people = moved.length
    ? await db
        .select({ id: enrollments.id, name: users.name })
        .from(enrollments)
        .innerJoin(users, eq(users.id, enrollments.userId))
        .where(
          inArray(
            enrollments.id,
            moved.map((x) => Number(x.learnerId)),
          ),
        )
    : [];
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  return {
    moved: moved.map((x) => ({
      enrollment: Number(x.learnerId),
      name: nameOf.get(Number(x.learnerId)) ?? '',
      before: x.before,
      after: x.after,
    })),
  };
}
