import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { reports } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { isHeld } from '../assignments/release';
import { markGradesPending } from '../lti/grade-passback';
import { notifyScoresChanged } from '../notifications/stage-notifications';
import { computeReports } from './compute-reports';

const totals = async (tx: Tx, assignmentId: number) =>
  new Map(
    (
      await tx
        .select({ enrollmentId: reports.enrollmentId, total: reports.scoreTotal })
        .from(reports)
        .where(eq(reports.assignmentId, assignmentId))
    ).map((r) => [r.enrollmentId, r.total]),
  );

/**
 * Recomputes and stores the reports when the assignment is complete (after any input changed);
 * the learners whose total changed are told their scores changed.
 */
export async function recomputeIfComplete(tx: Tx, assignmentId: number) {
  const shape = await loadAssignment(tx, { assignmentId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
  if (!shape?.isComplete) return;
  const before = await totals(tx, assignmentId);
  const now = new Date();
  await computeReports(tx, shape, now);
  const after = await totals(tx, assignmentId);
  const changed = [...after].filter(([id, total]) => before.get(id) !== total).map(([id]) => id);
  // Held scores are not out yet: the release tells everyone once.
  if (!isHeld(shape.row)) {
    await notifyScoresChanged(tx, shape, changed, now);
    await markGradesPending(tx, assignmentId, now);
  }
}
