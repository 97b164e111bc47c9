import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** The advisory-lock namespace of "work on an assignment" (the seed uses 727001). */
const WORK_LOCK = 727002;

/**
 * Orders learners' saves against stage moves and matching resets.
 *
 * - Reviews and ratings hold the assignment's advisory lock shared for their transaction. Shared
 *   advisory locks stay cheap with hundreds of concurrent holders, where `SELECT … FOR SHARE` on
 *   one row inside long transactions builds ever larger multixacts.
 * - A performance save is one autocommit UPDATE that reads the assignment's step `FOR SHARE`
 *   (performances.service.ts): the row lock lasts only that statement.
 * - A stage move or a matching reset (exclusive) takes both: the assignment row `FOR UPDATE` and
 *   the advisory lock. It waits for the saves in flight; the saves that come after it wait for it
 *   and are then judged by the new stage.
 */
export async function lockAssignmentWork(
  tx: Tx,
  assignmentId: number,
  mode: 'shared' | 'exclusive',
  /** The caller already holds the assignment row FOR UPDATE (a stage move's `loadAssignment`). */
  options: { rowLocked?: boolean } = {},
) {
  if (mode === 'shared') {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${WORK_LOCK}, ${assignmentId})`);
    return;
  }
  if (!options.rowLocked)
    await tx.execute(sql`select id from assignments where id = ${assignmentId} for update`);
  await tx.execute(sql`select pg_advisory_xact_lock(${WORK_LOCK}, ${assignmentId})`);
}
