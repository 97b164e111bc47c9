import { PARTICIPATION_STATUS } from '@pw/contract';
import type { Step } from '@pw/contract/stages';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { enrollments, participations, performances } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';

/**
 * Opens the work of one step: a performance per stage of the step (adjustment has none) for
 * each learner, by default every active participant. Runs inside the transaction that enters
 * the step (or approves a late joiner); existing performances are kept as they are.
 */
export async function createPerformances(
  tx: Tx,
  shape: Pick<AssignmentShape, 'row' | 'stages'>,
  step: Step | undefined,
  enrollmentIds?: readonly number[],
) {
  if (!step) return;
  const stageIds = shape.stages
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
            eq(participations.assignmentId, shape.row.id),
            eq(participations.status, PARTICIPATION_STATUS.participating),
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
