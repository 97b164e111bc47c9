import { scoresReleased } from '@pw/contract';
import { and, eq, isNotNull, or, type SQL } from 'drizzle-orm';
import { assignments } from '../../db/schema';
import type { AssignmentShape } from './assignment-shape';

/**
 * Release when ready (issue 33): whether the learners of an assignment read their scores and
 * reports now (complete, and not held or released; the contract's `scoresReleased`).
 */
export function learnersSeeScores(shape: Pick<AssignmentShape, 'code' | 'row'>): boolean {
  return scoresReleased({
    complete: shape.code === 'CO',
    isReleaseHeld: shape.row.isReleaseHeld,
    releasedAt: shape.row.scoresReleasedAt,
  });
}

/** Held and not yet released: learners wait (completion or not). */
export const isHeld = (row: { isReleaseHeld: boolean; scoresReleasedAt: Date | null }) =>
  row.isReleaseHeld && row.scoresReleasedAt === null;

/** The same in SQL, for the reads of several assignments: not held, or released. */
export function releasedSql(): SQL {
  return or(eq(assignments.isReleaseHeld, false), isNotNull(assignments.scoresReleasedAt)) as SQL;
}

export const releasedAnd = (condition: SQL | undefined) => and(condition, releasedSql());
