import { PARTICIPATION_STATUS } from '@pw/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { performances } from '../../db/schema';
import { perDatabase } from '../../lib/per-database';
import type { PerformanceRow } from './performances.queries';

/** Written into the statement's text (not a parameter): the statement stays the same for every save. */
const PARTICIPATING = sql.raw(String(PARTICIPATION_STATUS.participating));

/**
 * The write of a save: sets `columns` (each from the placeholder of its name) on the work, only if
 * its version is still the one read (`readVersion`), the learner still takes part, and the
 * assignment is still at the step read. That step is read FOR SHARE: a stage move or a matching
 * reset holds the assignment row FOR UPDATE for its whole transaction (assignment-lock.ts), so a
 * save either commits before the move reads the work, or waits for it and then sees the new step
 * (a locking read follows the row to its newest version) and writes nothing. One statement, so a
 * save without files needs no transaction: one round trip where begin, lock, update and commit
 * took four.
 */
export function saveStatement(db: Db | Tx, columns: readonly string[]) {
  const set = Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)]));
  return db
    .update(performances)
    .set(set as Partial<PerformanceRow>)
    .where(
      and(
        eq(performances.id, sql.placeholder('id')),
        eq(performances.version, sql.placeholder('readVersion')),
        sql`exists (select 1 from participations where assignment_id = ${sql.placeholder('assignment')}
          and enrollment_id = ${sql.placeholder('enrollment')} and status = ${PARTICIPATING})`,
        sql`(select step_index from assignments where id = ${sql.placeholder('assignment')} for share)
          = ${sql.placeholder('step')}`,
      ),
    )
    .returning({ id: performances.id })
    .prepare(saveStatementName(columns));
}

/** PostgreSQL names prepared statements in at most 63 characters: a number per set of columns. */
const saveStatementNames = new Map<string, string>();
function saveStatementName(columns: readonly string[]) {
  const key = [...columns].sort().join(',');
  let name = saveStatementNames.get(key);
  if (!name) {
    name = `save_performance_${saveStatementNames.size + 1}`;
    saveStatementNames.set(key, name);
  }
  return name;
}

/** One prepared save statement per set of columns (a handful: essay, answers, retrospective, late), built once per database handle. */
const preparedSaves = perDatabase(() => new Map<string, ReturnType<typeof saveStatement>>());

export function preparedSave(db: Db, columns: readonly string[]) {
  const byColumns = preparedSaves(db);
  const name = saveStatementName(columns);
  let statement = byColumns.get(name);
  if (!statement) {
    statement = saveStatement(db, columns);
    byColumns.set(name, statement);
  }
  return statement;
}
