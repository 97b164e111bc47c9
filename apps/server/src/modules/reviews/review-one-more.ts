import { saveRule } from '@pw/contract';
import { chooseOneMore } from '@pw/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { peerMatchings, performances } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import { activeParticipants } from '../assignments/participants';
import type { Caller } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { healingInput } from './healing-input';
import { assertParticipating } from './reviews.policy';
import { participationStatusOf } from './reviews.queries';

/**
 * POST …/peer-reviews/one-more/: a learner who finished their reviews takes one more (issue 33).
 * A review its reviewer has not opened by half the stage moves to them (a new pair, so their
 * labels keep their order; the review's earlier reviewer loses it); else a new review of an essay
 * with fewer reviewers at work than asked. Under the assignment's exclusive work lock, so two
 * volunteers never take the same review; a review opened meanwhile is not taken.
 */
export async function reviewOneMore(input: {
  db: Db;
  caller: Caller;
  ids: { courseId: number; assignmentId: number };
}) {
  const { db, ids } = input;
  const m = await loadMembership(db, input.caller, ids.courseId);
  if (!m.isLearner || !m.enrollment) throw new AppError('not_found');
  const volunteer = m.enrollment.id;
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockAssignmentWork(tx, ids.assignmentId, 'exclusive');
    const shape = await loadAssignment(tx, { assignmentId: ids.assignmentId, courseId: m.course.id });
    assertParticipating(await participationStatusOf(tx, shape.row.id, volunteer));
    if (saveRule(shape.steps, shape.stepIndex, 'peerreview', now)) throw new AppError('review_not_open');
    const people = await activeParticipants(tx, shape.row.id, shape.stage('essaywriting')?.id);
    const pairs = await tx.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, shape.row.id));
    const choice = chooseOneMore({
      volunteerId: String(volunteer),
      ...healingInput(shape, pairs, people, now),
    });
    if (choice.kind === 'none')
      throw new AppError(choice.reason === 'not_finished' ? 'one_more_not_finished' : 'one_more_not_needed');
    if (choice.kind === 'move') {
      // Only if still unopened and unfinished (its reviewer may have opened it a moment ago).
      const taken = await tx
        .delete(peerMatchings)
        .where(
          and(
            eq(peerMatchings.id, Number(choice.pairId)),
            isNull(peerMatchings.openedAt),
            eq(peerMatchings.isCompleted, false),
          ),
        )
        .returning({ id: peerMatchings.id });
      if (taken.length === 0) throw new AppError('conflict');
    }
    const [added] = await tx
      .insert(peerMatchings)
      .values({
        assignmentId: shape.row.id,
        reviewerId: volunteer,
        targetId: Number(choice.authorId),
        movedFromId: choice.kind === 'move' ? Number(choice.fromReviewerId) : null,
      })
      .returning({ id: peerMatchings.id });
    // The volunteer has work again in the stage.
    const peerStage = shape.stage('peerreview');
    if (peerStage)
      await tx
        .update(performances)
        .set({ isCompleted: false })
        .where(and(eq(performances.stageId, peerStage.id), eq(performances.enrollmentId, volunteer)));
    return { id: added?.id ?? 0, moved: choice.kind === 'move' };
  });
}
