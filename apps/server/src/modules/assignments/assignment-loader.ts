import { and, asc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { assignments, stages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import { type AssignmentShape, type StagesShape, shapeOf, stagesShapeOf } from './assignment-shape';

export type LoadOptions = {
  assignmentId: number;
  /** Only an assignment of this course (404 otherwise). */
  courseId?: number;
  /**
   * Lock the assignment row for the caller's transaction: `update` waits for a stage move (which
   * locks the same row), so what the caller decides still holds when it writes; `skip` returns
   * null when another transaction holds it (the scheduler passes it by); `share` lets other
   * readers in but waits for a stage move, and holds one off until the caller commits.
   */
  lock?: 'update' | 'skip' | 'share';
};

/**
 * The one read of an assignment and its stages: the row (locked when asked) and its stages in
 * order, as an `AssignmentShape`. 404 when missing or of another course; null only when
 * `lock: 'skip'` finds the row held by another transaction.
 */
export async function loadAssignment(
  db: Db | Tx,
  options: LoadOptions & { lock: 'skip' },
): Promise<AssignmentShape | null>;
export async function loadAssignment(db: Db | Tx, options: LoadOptions): Promise<AssignmentShape>;
export async function loadAssignment(db: Db | Tx, options: LoadOptions): Promise<AssignmentShape | null> {
  const { assignmentId, courseId, lock } = options;
  if (!lock && !(db instanceof PgTransaction)) {
    // The common read (every page of an assignment): two prepared statements, built once per
    // database handle. A transaction's reads and locking reads are built per call (a prepared
    // statement belongs to the handle, not to the transaction's connection).
    const lookup = prepared(db as Db);
    const [row] = await (courseId === undefined
      ? lookup.byId.execute({ id: assignmentId })
      : lookup.inCourse.execute({ id: assignmentId, course: courseId }));
    if (!row) throw new AppError('not_found');
    return shapeOf(row, await lookup.stages.execute({ id: row.id }));
  }
  const where =
    courseId === undefined
      ? eq(assignments.id, assignmentId)
      : and(eq(assignments.id, assignmentId), eq(assignments.courseId, courseId));
  const query = db.select().from(assignments).where(where).limit(1);
  const [row] = await (lock === 'update'
    ? query.for('update')
    : lock === 'skip'
      ? query.for('update', { skipLocked: true })
      : lock === 'share'
        ? query.for('share')
        : query);
  if (!row) {
    if (lock === 'skip') return null;
    throw new AppError('not_found');
  }
  return shapeOf(row, await stageRows(db, row.id));
}

const prepared = perDatabase((db: Db) => ({
  byId: db
    .select()
    .from(assignments)
    .where(eq(assignments.id, sql.placeholder('id')))
    .limit(1)
    .prepare('assignment_by_id'),
  inCourse: db
    .select()
    .from(assignments)
    .where(
      and(eq(assignments.id, sql.placeholder('id')), eq(assignments.courseId, sql.placeholder('course'))),
    )
    .limit(1)
    .prepare('assignment_in_course'),
  stages: db
    .select()
    .from(stages)
    .where(eq(stages.assignmentId, sql.placeholder('id')))
    .orderBy(asc(stages.position))
    .prepare('assignment_stages'),
}));

function stageRows(db: Db | Tx, assignmentId: number) {
  return db.select().from(stages).where(eq(stages.assignmentId, assignmentId)).orderBy(asc(stages.position));
}

/**
 * Only the stages of an assignment (typed, without its row or position): for a caller that knows
 * the assignment and needs no more than its settings (the scoring input by id).
 */
export async function loadStages(db: Db | Tx, assignmentId: number): Promise<StagesShape> {
  return stagesShapeOf(await stageRows(db, assignmentId));
}
