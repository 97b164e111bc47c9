import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { computeReports } from './compute-reports';

/** Recomputes and stores the reports when the assignment is complete (after any input changed). */
export async function recomputeIfComplete(tx: Tx, assignmentId: number) {
  const shape = await loadAssignment(tx, { assignmentId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  });
  if (shape?.isComplete) await computeReports(tx, shape, new Date());
}
