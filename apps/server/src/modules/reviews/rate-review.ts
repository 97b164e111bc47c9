import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { feedbackMatchings, peerMatchings, performances } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { learnerRule } from '../extensions/learner-rule';
import { assertCanRate, assertParticipating } from './reviews.policy';
import { loadMatching, type MatchingIds, participationStatusOf } from './reviews.queries';

/**
 * PATCH …/performances/feedbackreview-matching/{id}/: the essay's author rates how helpful one
 * review was (1..max_point stars, a comment), in the feedback step while not waiting. When every
 * review received is rated, the feedback performance completes and, with a revision stage, the
 * answer names the revision performance.
 */
export async function rateReview(input: {
  db: Db;
  caller: Caller;
  ids: MatchingIds;
  body: { point: number; comment: string };
}) {
  const { db, ids, body } = input;
  const m = await loadMembership(db, input.caller, ids.courseId);
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockAssignmentWork(tx, ids.assignmentId, 'shared');
    const { shape, matching } = await loadMatching(tx, { ...ids, courseId: m.course.id });
    assertCanRate(m, matching);
    assertParticipating(await participationStatusOf(tx, shape.row.id, matching.targetId));
    if (await learnerRule(tx, shape, matching.targetId, 'feedbackreview', now))
      throw new AppError('feedback_not_open');
    const feedback = shape.stage('feedbackreview');
    const max = feedback?.settings.max_point ?? 5;
    if (body.point > max) throw validationError({ point: [`validation.rating|${max}`] });
    const comment = body.comment.trim();
    await tx
      .insert(feedbackMatchings)
      .values({ matchingId: matching.id, point: body.point, comment })
      .onConflictDoUpdate({ target: feedbackMatchings.matchingId, set: { point: body.point, comment } });
    const received = await tx
      .select({ id: peerMatchings.id, rated: feedbackMatchings.matchingId })
      .from(peerMatchings)
      .leftJoin(feedbackMatchings, eq(feedbackMatchings.matchingId, peerMatchings.id))
      .where(
        and(
          eq(peerMatchings.assignmentId, shape.row.id),
          eq(peerMatchings.targetId, matching.targetId),
          ne(peerMatchings.reviewerId, matching.targetId),
          eq(peerMatchings.isCompleted, true),
        ),
      );
    let revisement: number | null = null;
    if (received.every((r) => r.rated !== null) && feedback) {
      await tx
        .update(performances)
        .set({ isCompleted: true, completedAt: now, updatedAt: now })
        .where(and(eq(performances.stageId, feedback.id), eq(performances.enrollmentId, matching.targetId)));
      const revision = shape.stage('revisement');
      if (revision) {
        const [r] = await tx
          .select({ id: performances.id })
          .from(performances)
          .where(
            and(eq(performances.stageId, revision.id), eq(performances.enrollmentId, matching.targetId)),
          );
        revisement = r?.id ?? null;
      }
    }
    return { id: matching.id, point: body.point, comment, revisement };
  });
}
