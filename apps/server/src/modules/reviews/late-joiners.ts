import { addLateJoiners } from '@pw/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { peerMatchings, performances, type stages } from '../../db/schema';
import { activeParticipants, asDomainParticipants } from '../assignments/participants';

type StageRow = typeof stages.$inferSelect;

/**
 * A learner approved while peer review runs joins the matching through the engine: they get
 * essays to review (up to the class's usual load) and, if they have a finished essay, reviewers.
 * Existing pairs are never touched. Runs in the approving transaction.
 */
export async function matchLateJoiners(tx: Tx, assignmentId: number, rows: readonly StageRow[]) {
  const essayStage = rows.find((s) => s.model === 'essaywriting');
  const peerStage = rows.find((s) => s.model === 'peerreview');
  if (!peerStage) return;
  const people = await activeParticipants(tx, assignmentId, essayStage?.id);
  const existing = await tx.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, assignmentId));
  const update = addLateJoiners({
    participants: asDomainParticipants(people),
    existing: existing
      .filter((x) => x.reviewerId !== x.targetId)
      .map((x) => ({
        reviewerId: String(x.reviewerId),
        authorId: String(x.targetId),
        isCompleted: x.isCompleted,
      })),
    peerCount: Number((peerStage.settings as { peer_count?: number }).peer_count ?? 3),
    seed: `assignment-${assignmentId}-late`,
  });
  if (update.added.length === 0) return;
  await tx
    .insert(peerMatchings)
    .values(
      update.added.map((p) => ({
        assignmentId,
        reviewerId: Number(p.reviewerId),
        targetId: Number(p.authorId),
      })),
    )
    .onConflictDoNothing();
  // Reviewers with a new review to do have not finished the stage.
  const reviewers = [...new Set(update.added.map((p) => Number(p.reviewerId)))];
  await tx
    .update(performances)
    .set({ isCompleted: false })
    .where(and(eq(performances.stageId, peerStage.id), inArray(performances.enrollmentId, reviewers)));
}
