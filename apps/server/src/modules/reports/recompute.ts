import { type StageModel, stepsOf } from '@pw/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { assignments, stages } from '../../db/schema';
import { computeReports } from './compute-reports';

/** Recomputes and stores the reports when the assignment is complete (after any input changed). */
export async function recomputeIfComplete(tx: Tx, assignmentId: number) {
  const [a] = await tx.select().from(assignments).where(eq(assignments.id, assignmentId));
  if (!a) return;
  const rows = await tx.select().from(stages).where(eq(stages.assignmentId, assignmentId));
  if (
    a.stepIndex >=
    stepsOf(rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt }))).length
  )
    await computeReports(tx, assignmentId, new Date());
}
