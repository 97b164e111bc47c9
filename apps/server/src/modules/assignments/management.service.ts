import type { ManagementTable, ProgressCell } from '@pw/contract';
import { PARTICIPATION_STATUS } from '@pw/contract';
import type { StageModel } from '@pw/domain';
import { and, asc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
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
 * The table's six reads, each filtered to the assignment, prepared once per database handle:
 * building them with the query builder on every request cost more than running them.
 */
function prepareTableQueries(db: Db) {
  const assignment = sql.placeholder('assignment');
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
  const completed = sql`${peerMatchings.isCompleted}`;
  const count = (where?: SQL) =>
    (where ? sql<number>`count(*) filter (where ${where})` : sql<number>`count(*)`).mapWith(Number);
  return {
    people: db
      .select({
        enrollmentId: enrollments.id,
        name: users.name,
        code: enrollments.code,
        isSeat: enrollments.isInstructorSeat,
        status: participations.status,
        attendedAt: participations.attendedAt,
      })
      .from(participations)
      .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(and(eq(participations.assignmentId, assignment), eq(enrollments.isActive, true)))
      .orderBy(asc(enrollments.code), asc(users.name))
      .prepare('management_people'),
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
      .where(inArray(performances.stageId, workStages))
      .prepare('management_work'),
    // Per reviewer: the reviews they owe and those they finished.
    owed: db
      .select({ id: peerMatchings.reviewerId, owed: count(), reviewed: count(completed) })
      .from(peerMatchings)
      .where(eq(peerMatchings.assignmentId, assignment))
      .groupBy(peerMatchings.reviewerId)
      .prepare('management_owed'),
    // Per author: the others' finished reviews of their essay, and how many of them they rated.
    received: db
      .select({
        id: peerMatchings.targetId,
        received: count(completed),
        rated: count(sql`${completed} and ${feedbackMatchings.matchingId} is not null`),
      })
      .from(peerMatchings)
      .leftJoin(feedbackMatchings, eq(feedbackMatchings.matchingId, peerMatchings.id))
      .where(
        and(eq(peerMatchings.assignmentId, assignment), ne(peerMatchings.reviewerId, peerMatchings.targetId)),
      )
      .groupBy(peerMatchings.targetId)
      .prepare('management_received'),
    filed: db
      .select({
        matching: peerMatchings.id,
        targetId: peerMatchings.targetId,
        objectionId: objections.id,
        objectionStatus: objections.status,
      })
      .from(objections)
      .innerJoin(peerMatchings, eq(peerMatchings.id, objections.matchingId))
      .where(eq(peerMatchings.assignmentId, assignment))
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
 * Six prepared reads at once (each filtered to this assignment), then one pass over each: the
 * cost grows with the number of learners, not with its square.
 */
export async function managementTable(db: Db, shape: AssignmentShape): Promise<ManagementTable> {
  const q = tableQueries(db);
  const at = { assignment: shape.row.id };
  const [people, done, owedRows, receivedRows, filedRows, reportRows] = await Promise.all([
    q.people.execute(at),
    q.done.execute(at),
    q.owed.execute(at),
    q.received.execute(at),
    q.filed.execute(at),
    q.reports.execute(at),
  ]);
  const { steps } = shape;
  const stageIdOf = new Map(shape.stages.map((s) => [s.model, s.id]));
  const work = new Map(done.map((d) => [`${d.stageId}:${d.enrollmentId}`, d]));
  const workOf = (model: StageModel | undefined, enrollmentId: number) =>
    model ? work.get(`${stageIdOf.get(model)}:${enrollmentId}`) : undefined;

  const owedOf = new Map(owedRows.map((r) => [r.id, r]));
  const receivedOf = new Map(receivedRows.map((r) => [r.id, r]));
  const filed = new Map<number, (typeof filedRows)[number][]>();
  for (const f of filedRows) filed.set(f.targetId, [...(filed.get(f.targetId) ?? []), f]);
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
