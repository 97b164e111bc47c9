import { randomInt } from 'node:crypto';
import type { Tx } from '../../db/client';
import { peerMatchings } from '../../db/schema';

type NewMatching = typeof peerMatchings.$inferInsert;

/**
 * Stores new review pairs in a random order. Matching ids are a sequence and learners see them
 * (their reviews to do, the reviews they received); pairs written in the engine's order (by
 * reviewer) would hand out ids in one block per reviewer, so the ids of the reviews an author
 * received would tell them their reviewers' order in the class. A random order (a new one every
 * time, from the operating system's generator: not a seed anyone can recompute) leaves the ids
 * with no order of the other party (docs/decisions.md, issue 36).
 */
export async function insertMatchings(tx: Tx, rows: readonly NewMatching[]) {
  if (rows.length === 0) return;
  const shuffled = [...rows];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j] as NewMatching, shuffled[i] as NewMatching];
  }
  await tx.insert(peerMatchings).values(shuffled).onConflictDoNothing();
}
