import type { Step } from '@pw/contract/stages';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { enrollments, participations, performances, type stages } from '../../db/schema';

type StageRow = typeof stages.$inferSelect;

/**
 * Opens the work of one step: a performance per stage of the step (adjustment has none) for
 * each learner, by default every active participant. Runs inside the transaction that enters
 * the step (or approves a late joiner); existing performances are kept as they are.
 */
export async function createPerformances(
  tx: Tx,
  assignmentId: number,
  rows: readonly StageRow[],
  step: Step | undefined,
  enrollmentIds?: readonly number[],
) {
  if (!step) return;
  const stageIds = rows
    .filter((s) => step.models.includes(s.model) && s.model !== 'adjustment')
    .map((s) => s.id);
  if (stageIds.length === 0) return;
  const people =
    enrollmentIds ??
    (
      await tx
        .select({ id: participations.enrollmentId })
        .from(participations)
        .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
        .where(
          and(
            eq(participations.assignmentId, assignmentId),
            eq(participations.status, 1),
            eq(enrollments.isActive, true),
          ),
        )
    ).map((p) => p.id);
  if (people.length === 0) return;
  await tx
    .insert(performances)
    .values(stageIds.flatMap((stageId) => people.map((enrollmentId) => ({ stageId, enrollmentId }))))
    .onConflictDoNothing();
}
