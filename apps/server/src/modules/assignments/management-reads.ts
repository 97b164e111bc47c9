import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assignments,
  enrollments,
  feedbackMatchings,
  objections,
  participations,
  peerMatchings,
  performances,
  reports,
  stages,
  users,
} from '../../db/schema';
import { perDatabase } from '../../lib/per-database';

/**
 * The management table's one read: every row it needs, as one statement prepared once per
 * database handle, each part read from ONE table and joined here.
 *
 * No part joins tables, so no plan depends on the planner's statistics. Right after a class is
 * built in one sitting (term start), before anything has analysed the new rows, the planner
 * misjudges row counts: on tables never analysed the old joins hashed every performance and every
 * rating of the database; on tables analysed while small they ran a sequential scan of the
 * enrolments per participant (a nested loop). A part that needs another table's keys takes them
 * as `= any(array(select …))`, an init plan that PostgreSQL runs once, first, never as a join. Each
 * part is an uncorrelated scalar sub-query (an init plan too) that folds its rows into one JSON
 * array, so the driver parses one row instead of a thousand (docs/decisions.md, "Term start").
 */
function prepareTableRead(db: Db) {
  const assignment = sql.placeholder('assignment');
  const course = sql.placeholder('course');
  /** One table's rows as a JSON array of arrays (`[]` when none). */
  const rows = <T>(name: string, values: SQL, from: SQL, order?: SQL) => {
    const ordered = order ? sql` order by ${order}` : sql``;
    return sql<
      T[]
    >`coalesce((select json_agg(json_build_array(${values})${ordered}) ${from}), '[]'::json)`.as(name);
  };
  // The assignment's matchings, the keys its objections are read by.
  const matchingIds = sql`array(select ${peerMatchings.id} from ${peerMatchings} where ${peerMatchings.assignmentId} = ${assignment})`;
  return db
    .select({
      taking: rows<[enrollmentId: number, status: number, attended: boolean]>(
        'taking',
        sql`${participations.enrollmentId}, ${participations.status}, ${participations.attendedAt} is not null`,
        sql`from ${participations} where ${participations.assignmentId} = ${assignment}`,
      ),
      // Ordered by code, then (below) users by name: the database's collation orders the table.
      seats: rows<[id: number, userId: number, code: string, isActive: boolean, isSeat: boolean]>(
        'seats',
        sql`${enrollments.id}, ${enrollments.userId}, ${enrollments.code}, ${enrollments.isActive}, ${enrollments.isInstructorSeat}`,
        sql`from ${enrollments} where ${enrollments.courseId} = ${course}`,
        sql`${enrollments.code}`,
      ),
      names: rows<[id: number, name: string]>(
        'names',
        sql`${users.id}, ${users.name}`,
        sql`from ${users} where ${users.id} = any(array(select ${enrollments.userId} from ${enrollments} where ${enrollments.courseId} = ${course}))`,
        sql`${users.name}`,
      ),
      // This assignment's own work (essay, questions, revision); the review steps are counted
      // from the matchings.
      work: rows<
        [
          id: number,
          stageId: number,
          enrollmentId: number,
          done: boolean,
          late: boolean,
          lateAt: string | null,
        ]
      >(
        'work',
        sql`${performances.id}, ${performances.stageId}, ${performances.enrollmentId}, ${performances.isCompleted}, ${performances.isLate}, ${performances.lateAt}`,
        sql`from ${performances} where ${performances.stageId} = any(array(select ${stages.id} from ${stages} where ${stages.assignmentId} = ${assignment} and ${stages.model} not in ('peerreview', 'feedbackreview', 'adjustment')))`,
      ),
      matchings: rows<[id: number, reviewerId: number, targetId: number, done: boolean]>(
        'matchings',
        sql`${peerMatchings.id}, ${peerMatchings.reviewerId}, ${peerMatchings.targetId}, ${peerMatchings.isCompleted}`,
        sql`from ${peerMatchings} where ${peerMatchings.assignmentId} = ${assignment}`,
      ),
      rated: rows<[matchingId: number]>(
        'rated',
        sql`${feedbackMatchings.matchingId}`,
        // Only the ratings that count: of others' finished reviews.
        sql`from ${feedbackMatchings} where ${feedbackMatchings.matchingId} = any(array(select ${peerMatchings.id} from ${peerMatchings} where ${peerMatchings.assignmentId} = ${assignment} and ${peerMatchings.isCompleted} and ${peerMatchings.reviewerId} <> ${peerMatchings.targetId}))`,
      ),
      filed: rows<[id: number, matchingId: number, status: number]>(
        'filed',
        sql`${objections.id}, ${objections.matchingId}, ${objections.status}`,
        sql`from ${objections} where ${objections.matchingId} = any(${matchingIds})`,
      ),
      reports: rows<[id: number, enrollmentId: number]>(
        'reports',
        sql`${reports.id}, ${reports.enrollmentId}`,
        sql`from ${reports} where ${reports.assignmentId} = ${assignment}`,
      ),
    })
    .from(assignments)
    .where(eq(assignments.id, assignment))
    .prepare('management_table');
}

const tableRead = perDatabase(prepareTableRead);

export type Participant = {
  enrollmentId: number;
  status: number;
  attended: boolean;
  code: string;
  isSeat: boolean;
  name: string;
};
export type Work = { id: number; isCompleted: boolean; isLate: boolean; lateAt: Date | null };
export type Objection = { id: number; matching: number; status: number };

/**
 * Everything the management table shows of an assignment: its participants with an active
 * enrolment in the table's order (student ID, then name), their work by stage, the reviews each
 * owes and received, objections by author, and reports.
 */
export async function readManagementRows(db: Db, assignmentId: number, courseId: number) {
  const [row] = await tableRead(db).execute({ assignment: assignmentId, course: courseId });
  if (!row) throw new Error(`assignment ${assignmentId} is gone`);
  const work = new Map<string, Work>();
  for (const [id, stageId, enrollmentId, isCompleted, isLate, lateAt] of row.work)
    work.set(`${stageId}:${enrollmentId}`, {
      id,
      isCompleted,
      isLate,
      lateAt: lateAt ? new Date(lateAt) : null,
    });
  const { owedOf, receivedOf, targetOf } = reviewCounts(row.matchings, row.rated);
  const filed = new Map<number, Objection[]>();
  for (const [id, matching, status] of row.filed) {
    const target = targetOf.get(matching);
    if (target === undefined) continue;
    const list = filed.get(target) ?? [];
    list.push({ id, matching, status });
    filed.set(target, list);
  }
  return {
    people: participantsInOrder(row.taking, row.seats, row.names),
    /** Work by `${stageId}:${enrollmentId}`. */
    work,
    owedOf,
    receivedOf,
    filed,
    reportOf: new Map(row.reports.map(([id, enrollmentId]) => [enrollmentId, id])),
  };
}

/**
 * Per reviewer, the reviews they owe and those they finished; per author, the others' finished
 * reviews of their essay and how many of those they rated; and each matching's author.
 */
function reviewCounts(
  matchings: readonly [id: number, reviewerId: number, targetId: number, done: boolean][],
  rated: readonly [matchingId: number][],
) {
  const ratedIds = new Set(rated.map(([id]) => id));
  const owedOf = new Map<number, { owed: number; reviewed: number }>();
  const receivedOf = new Map<number, { received: number; rated: number }>();
  const targetOf = new Map<number, number>();
  for (const [id, reviewerId, targetId, done] of matchings) {
    targetOf.set(id, targetId);
    const owed = owedOf.get(reviewerId) ?? { owed: 0, reviewed: 0 };
    owed.owed += 1;
    if (done) owed.reviewed += 1;
    owedOf.set(reviewerId, owed);
    if (reviewerId === targetId) continue;
    const received = receivedOf.get(targetId) ?? { received: 0, rated: 0 };
    if (done) {
      received.received += 1;
      if (ratedIds.has(id)) received.rated += 1;
    }
    receivedOf.set(targetId, received);
  }
  return { owedOf, receivedOf, targetOf };
}

/**
 * The participants with an active enrolment, in the table's order (code, then name). `seats`
 * come ordered by code and `names` by name from the database, so the order is the database's
 * collation, as an `order by code, name` would give. (A plain loop: object spread in a flatMap
 * cost over a millisecond for 200 learners.)
 */
function participantsInOrder(
  taking: readonly [enrollmentId: number, status: number, attended: boolean][],
  seats: readonly [id: number, userId: number, code: string, isActive: boolean, isSeat: boolean][],
  names: readonly [id: number, name: string][],
): Participant[] {
  const codeRank = ranks(seats.map(([id, , code]) => [id, code]));
  const nameRank = ranks(names);
  const seatOf = new Map(seats.map((s) => [s[0], s]));
  const nameOf = new Map(names);
  const people: (Participant & { userId: number })[] = [];
  for (const [enrollmentId, status, attended] of taking) {
    const seat = seatOf.get(enrollmentId);
    if (!seat?.[3]) continue;
    const userId = seat[1];
    people.push({
      enrollmentId,
      status,
      attended,
      code: seat[2],
      isSeat: seat[4],
      userId,
      name: nameOf.get(userId) ?? '',
    });
  }
  return people.sort(
    (x, y) =>
      (codeRank.get(x.enrollmentId) ?? 0) - (codeRank.get(y.enrollmentId) ?? 0) ||
      (nameRank.get(x.userId) ?? 0) - (nameRank.get(y.userId) ?? 0),
  );
}

/** Each key's rank in a list sorted by value; equal values share a rank. */
function ranks(sorted: readonly (readonly [number, string])[]) {
  const rank = new Map<number, number>();
  let current = 0;
  sorted.forEach(([key, value], i) => {
    if (i > 0 && value !== sorted[i - 1]?.[1]) current = i;
    rank.set(key, current);
  });
  return rank;
}
