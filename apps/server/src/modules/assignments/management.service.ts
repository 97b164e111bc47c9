import type { ManagementTable, ProgressCell } from '@pw/contract';
import { PARTICIPATION_STATUS } from '@pw/contract';
import type { StageModel } from '@pw/domain';
import { type AnyColumn, and, asc, eq, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
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
import type { Caller } from '../courses/courses.policy';
import type { AssignmentShape } from './assignment-shape';
import { type AssignmentIds, loadForManager } from './assignments.queries';

/** The management page's progress table of an assignment (instructor and assistants). */
export async function managementOf(
  input: AssignmentIds & { db: Db; caller: Caller },
): Promise<ManagementTable> {
  const { shape } = await loadForManager(input.db, input.caller, input);
  return managementTable(input.db, shape);
}

/**
 * The table's eight reads, each of ONE table by an index, prepared once per database handle
 * (building them with the query builder on every request cost more than running them); the
 * rows are joined in memory.
 *
 * No read joins tables, so no plan depends on statistics: right after a class is built in one
 * sitting (term start), before anything has analysed the new rows, the planner misjudges row
 * counts — on tables never analysed it hashed every performance and every rating of the
 * database, on tables analysed while small it ran a sequential scan of the enrolments per
 * participant (a nested loop). A read of one table can at worst scan that table once. A read that
 * needs another table's keys takes them as `= any(array(select …))`, which PostgreSQL runs once,
 * first (an init plan), never as a join (docs/decisions.md, "Term start").
 */
function prepareTableQueries(db: Db) {
  const assignment = sql.placeholder('assignment');
  const course = sql.placeholder('course');
  /** `column = any(array(subquery))`: the subquery's keys, read once before the outer scan. */
  const among = (column: SQL.Aliased | AnyColumn, keys: SQL | SQLWrapper) =>
    sql`${column} = any(array(${keys}))`;
  // This assignment's own work (essay, questions, revision), not every assignment's; the review
  // steps are counted from the matchings.
  const workStages = db
    .select({ id: stages.id })
    .from(stages)
    .where(
      and(
        eq(stages.assignmentId, assignment),
        notInArray(stages.model, ['peerreview', 'feedbackreview', 'adjustment']),
      ),
    );
  const courseUsers = db
    .select({ id: enrollments.userId })
    .from(enrollments)
    .where(eq(enrollments.courseId, course));
  const matchingIds = db
    .select({ id: peerMatchings.id })
    .from(peerMatchings)
    .where(eq(peerMatchings.assignmentId, assignment));
  return {
    taking: db
      .select({
        enrollmentId: participations.enrollmentId,
        status: participations.status,
        attendedAt: participations.attendedAt,
      })
      .from(participations)
      .where(eq(participations.assignmentId, assignment))
      .prepare('management_participations'),
    // Ordered by code (the database's collation), the table's first order.
    seats: db
      .select({
        id: enrollments.id,
        userId: enrollments.userId,
        code: enrollments.code,
        isActive: enrollments.isActive,
        isSeat: enrollments.isInstructorSeat,
      })
      .from(enrollments)
      .where(eq(enrollments.courseId, course))
      .orderBy(asc(enrollments.code))
      .prepare('management_enrollments'),
    // Ordered by name (the database's collation), the table's second order.
    names: db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(among(users.id, courseUsers))
      .orderBy(asc(users.name))
      .prepare('management_names'),
    done: db
      .select({
        id: performances.id,
        stageId: performances.stageId,
        enrollmentId: performances.enrollmentId,
        isCompleted: performances.isCompleted,
        isLate: performances.isLate,
        lateAt: performances.lateAt,
      })
      .from(performances)
      .where(among(performances.stageId, workStages))
      .prepare('management_work'),
    matchings: db
      .select({
        id: peerMatchings.id,
        reviewerId: peerMatchings.reviewerId,
        targetId: peerMatchings.targetId,
        isCompleted: peerMatchings.isCompleted,
      })
      .from(peerMatchings)
      .where(eq(peerMatchings.assignmentId, assignment))
      .prepare('management_matchings'),
    rated: db
      .select({ id: feedbackMatchings.matchingId })
      .from(feedbackMatchings)
      .where(among(feedbackMatchings.matchingId, matchingIds))
      .prepare('management_ratings'),
    filed: db
      .select({
        matching: objections.matchingId,
        objectionId: objections.id,
        objectionStatus: objections.status,
      })
      .from(objections)
      .where(among(objections.matchingId, matchingIds))
      .prepare('management_objections'),
    reports: db
      .select({ id: reports.id, enrollmentId: reports.enrollmentId })
      .from(reports)
      .where(eq(reports.assignmentId, assignment))
      .prepare('management_reports'),
  };
}

const tableQueries = perDatabase(prepareTableQueries);

/**
 * The student progress table of the management page (part 2 §3): one header per step with
 * how many finished, one row per learner with a cell per step. Peer review counts finished
 * reviews, feedback review counts rated reviews; other steps count the learner's own work.
 *
 * Eight prepared reads of one table each at once (each filtered to this assignment or its
 * course), then one pass over each: the cost grows with the number of learners, not with its
 * square, whatever the planner knows of the tables.
 */
export async function managementTable(db: Db, shape: AssignmentShape): Promise<ManagementTable> {
  const q = tableQueries(db);
  const at = { assignment: shape.row.id };
  const inCourse = { course: shape.row.courseId };
  const [taking, seats, names, done, matchings, rated, filedRows, reportRows] = await Promise.all([
    q.taking.execute(at),
    q.seats.execute(inCourse),
    q.names.execute(inCourse),
    q.done.execute(at),
    q.matchings.execute(at),
    q.rated.execute(at),
    q.filed.execute(at),
    q.reports.execute(at),
  ]);
  const people = participantsInOrder(taking, seats, names);
  const { steps } = shape;
  const stageIdOf = new Map(shape.stages.map((s) => [s.model, s.id]));
  const work = new Map(done.map((d) => [`${d.stageId}:${d.enrollmentId}`, d]));
  const workOf = (model: StageModel | undefined, enrollmentId: number) =>
    model ? work.get(`${stageIdOf.get(model)}:${enrollmentId}`) : undefined;

  const { owedOf, receivedOf, targetOf } = reviewCounts(matchings, rated);
  const filed = new Map<number, { matching: number; objectionId: number; objectionStatus: number }[]>();
  for (const f of filedRows) {
    const target = targetOf.get(f.matching);
    if (target !== undefined) filed.set(target, [...(filed.get(target) ?? []), f]);
  }
  /** The learner's objection to rule on first (pending before ruled), if they filed any. */
  const objectionOf = (enrollmentId: number) => {
    const first = [...(filed.get(enrollmentId) ?? [])].sort(
      (x, y) => (x.objectionStatus ?? 0) - (y.objectionStatus ?? 0),
    )[0];
    return first
      ? { id: first.objectionId, matching: first.matching, pending: first.objectionStatus === 0 }
      : null;
  };

  const cellFor = (enrollmentId: number, participating: boolean, stepIndex: number): ProgressCell => {
    const step = steps[stepIndex];
    const short = step?.code ?? 'CO';
    const main = step?.models[0];
    let finished = 0;
    let total = 1;
    if (main === 'peerreview') {
      total = owedOf.get(enrollmentId)?.owed ?? 0;
      finished = owedOf.get(enrollmentId)?.reviewed ?? 0;
    } else if (main === 'feedbackreview') {
      total = receivedOf.get(enrollmentId)?.received ?? 0;
      finished = receivedOf.get(enrollmentId)?.rated ?? 0;
    } else if (main === 'adjustment') {
      total = 0;
    } else {
      finished = workOf(main, enrollmentId)?.isCompleted ? 1 : 0;
    }
    const ownModel = step?.models.includes('essaywriting')
      ? 'essaywriting'
      : step?.models.includes('revisement')
        ? 'revisement'
        : undefined;
    return {
      short,
      performance_id: workOf(ownModel, enrollmentId)?.id ?? null,
      is_contain: participating,
      is_completed: total > 0 && finished >= total,
      finished,
      total,
    };
  };

  const rows = people.map((p) =>
    steps.map((_, i) => cellFor(p.enrollmentId, p.status === PARTICIPATION_STATUS.participating, i)),
  );
  const participatingRows = rows.filter((_, k) => people[k]?.status === PARTICIPATION_STATUS.participating);
  const reportOf = new Map(reportRows.map((r) => [r.enrollmentId, r.id]));
  const lateEssayOf = (enrollmentId: number) => {
    const essay = workOf('essaywriting', enrollmentId);
    return essay?.isLate ? essay : undefined;
  };
  return {
    current_stage: shape.code,
    headers: steps.map((step, i) => ({
      short: step.code,
      progress: step.models[0] ?? '',
      performances: participatingRows.length,
      finished_performances: participatingRows.filter((cells) => cells[i]?.is_completed).length,
    })),
    rows,
    names: people.map((p) => ({
      pk: p.enrollmentId,
      name: p.isSeat ? `${p.name} (교수자)` : p.name,
      code: p.code,
      status: p.status,
      attended: p.attendedAt !== null,
      is_late: p.status === PARTICIPATION_STATUS.waitingApproval ? { enrollment_id: p.enrollmentId } : null,
      is_essay_late: lateEssayOf(p.enrollmentId) !== undefined,
      essay_late_time: lateEssayOf(p.enrollmentId)?.lateAt?.toISOString() ?? null,
      objection: objectionOf(p.enrollmentId),
      report: reportOf.get(p.enrollmentId) ?? null,
    })),
  };
}

type Counts = { owed: number; reviewed: number };

/**
 * Per reviewer, the reviews they owe and those they finished; per author, the others' finished
 * reviews of their essay and how many of those they rated; and each matching's author.
 */
function reviewCounts(
  matchings: readonly { id: number; reviewerId: number; targetId: number; isCompleted: boolean }[],
  rated: readonly { id: number }[],
) {
  const ratedIds = new Set(rated.map((r) => r.id));
  const owedOf = new Map<number, Counts>();
  const receivedOf = new Map<number, { received: number; rated: number }>();
  const targetOf = new Map<number, number>();
  for (const m of matchings) {
    targetOf.set(m.id, m.targetId);
    const owed = owedOf.get(m.reviewerId) ?? { owed: 0, reviewed: 0 };
    owed.owed += 1;
    if (m.isCompleted) owed.reviewed += 1;
    owedOf.set(m.reviewerId, owed);
    if (m.reviewerId === m.targetId) continue;
    const received = receivedOf.get(m.targetId) ?? { received: 0, rated: 0 };
    if (m.isCompleted) {
      received.received += 1;
      if (ratedIds.has(m.id)) received.rated += 1;
    }
    receivedOf.set(m.targetId, received);
  }
  return { owedOf, receivedOf, targetOf };
}

/**
 * The participants with an active enrolment, with their code and name, in the table's order
 * (code, then name). `seats` come ordered by code and `names` by name from the database, so the
 * order is the database's collation, as an `order by code, name` would give.
 */
function participantsInOrder(
  taking: readonly { enrollmentId: number; status: number; attendedAt: Date | null }[],
  seats: readonly { id: number; userId: number; code: string; isActive: boolean; isSeat: boolean }[],
  names: readonly { id: number; name: string }[],
) {
  const codeRank = ranks(seats.map((s) => [s.id, s.code]));
  const nameRank = ranks(names.map((u) => [u.id, u.name]));
  const seatOf = new Map(seats.map((s) => [s.id, s]));
  const nameOf = new Map(names.map((u) => [u.id, u.name]));
  const people = taking.flatMap((t) => {
    const seat = seatOf.get(t.enrollmentId);
    if (!seat?.isActive) return [];
    return [
      {
        ...t,
        code: seat.code,
        isSeat: seat.isSeat,
        userId: seat.userId,
        name: nameOf.get(seat.userId) ?? '',
      },
    ];
  });
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
