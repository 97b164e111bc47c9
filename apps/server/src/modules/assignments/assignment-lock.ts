import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** The advisory-lock namespace of "work on an assignment" (the seed uses 727001). */
const WORK_LOCK = 727002;

/**
 * Orders learners' saves against stage moves without a row lock per save: each save holds the
 * assignment's lock shared for its transaction; a stage move (or a scheduler step) takes it
 * exclusively, so it waits for the saves in flight and the saves that come after it wait for
 * it and are then judged by the new stage. Shared advisory locks stay cheap with hundreds of
 * concurrent holders, where `SELECT … FOR SHARE` on one row builds ever larger multixacts.
 */
export async function lockAssignmentWork(tx: Tx, assignmentId: number, mode: 'shared' | 'exclusive') {
  if (mode === 'shared')
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${WORK_LOCK}, ${assignmentId})`);
  else await tx.execute(sql`select pg_advisory_xact_lock(${WORK_LOCK}, ${assignmentId})`);
}
