import { addLateJoiners } from '@pw/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { peerMatchings, performances } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { activeParticipants } from '../assignments/participants';
import { asMatchedParticipants } from './automatic-matching';
import { insertMatchings } from './insert-matchings';

/**
 * A learner approved while peer review runs joins the matching through the engine: they get
 * essays to review (up to the class's usual load; only with a finished essay, unless the stage
 * lets non-writers review) and, if they have a finished essay, reviewers.
 * Existing pairs are never touched. Runs in the approving transaction.
 */
export async function matchLateJoiners(tx: Tx, shape: AssignmentShape) {
  const assignmentId = shape.row.id;
  const peerStage = shape.stage('peerreview');
  if (!peerStage) return;
  const people = await activeParticipants(tx, assignmentId, shape.stage('essaywriting')?.id);
  const existing = await tx.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, assignmentId));
  const update = addLateJoiners({
    participants: asMatchedParticipants(shape, people),
    existing: existing
      .filter((x) => x.reviewerId !== x.targetId)
      .map((x) => ({
        reviewerId: String(x.reviewerId),
        authorId: String(x.targetId),
        isCompleted: x.isCompleted,
      })),
    peerCount: shape.peerCount,
    seed: `assignment-${assignmentId}-late`,
  });
  if (update.added.length === 0) return;
  await insertMatchings(
    tx,
    update.added.map((p) => ({
      assignmentId,
      reviewerId: Number(p.reviewerId),
      targetId: Number(p.authorId),
    })),
  );
  // Reviewers with a new review to do have not finished the stage.
  const reviewers = [...new Set(update.added.map((p) => Number(p.reviewerId)))];
  await tx
    .update(performances)
    .set({ isCompleted: false })
    .where(and(eq(performances.stageId, peerStage.id), inArray(performances.enrollmentId, reviewers)));
}
