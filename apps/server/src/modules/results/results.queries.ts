import { MODEL_CODES, PARTICIPATION_STATUS, type ScoreSetView, type Weight } from '@pw/contract';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  assignmentWeights,
  enrollments,
  participations,
  performances,
  reports,
  stages,
  users,
} from '../../db/schema';
import { fingerprintOf } from '../../lib/answer-cache';
import { shapeOf } from '../assignments/assignment-shape';
import { learnersSeeScores } from '../assignments/release';
import type { AssignmentMembership, Caller, Membership } from '../courses/courses.policy';
import { courseMemberRows, loadMembership } from '../courses/membership';
import { scoreColumns } from '../reports/reports.queries';
import { inResults } from './results.policy';
import { round1, viewOf } from './results.presenter';

/** The reads of the results, weights and personal scores. */

/**
 * The course's completed assignments, oldest first, with their shapes and highest total;
 * `releasedOnly`: those whose scores learners read (not held for release, or released).
 */
export async function completedAssignments(db: Db | Tx, courseId: number, { releasedOnly = false } = {}) {
  const list = await db
    .select()
    .from(assignments)
    .where(eq(assignments.courseId, courseId))
    .orderBy(asc(assignments.createdAt), asc(assignments.id));
  if (list.length === 0) return [];
  // Every assignment's stages in one statement, then a shape per assignment.
  const rows = await db
    .select()
    .from(stages)
    .where(
      inArray(
        stages.assignmentId,
        list.map((a) => a.id),
      ),
    )
    .orderBy(asc(stages.position));
  return list.flatMap((a) => {
    const shape = shapeOf(
      a,
      rows.filter((s) => s.assignmentId === a.id),
    );
    if (shape.code !== 'CO') return [];
    if (releasedOnly && !learnersSeeScores(shape)) return [];
    const max = shape.maxima;
    return [{ id: a.id, name: a.name, shape, maxTotal: max.ES + max.PE + max.ME + max.FE + max.RE }];
  });
}
export type Completed = Awaited<ReturnType<typeof completedAssignments>>[number];

/** The stored reports of these assignments: per assignment, per enrolment, the id and the scores. */
export async function reportsOf(db: Db | Tx, list: readonly Completed[]) {
  const byAssignment = new Map<
    number,
    Map<number, { id: number; scores: ScoreSetView | null; seat: boolean; submitted: boolean }>
  >();
  if (list.length === 0) return byAssignment;
  const rows = await db
    .select({
      id: reports.id,
      assignmentId: reports.assignmentId,
      enrollmentId: reports.enrollmentId,
      // Only the learner's scores and the seat flag (kept by the database beside the stored
      // report, which also holds the class's averages and lowest evaluators: a few KB each).
      ...scoreColumns,
      seat: reports.isSeat,
      submitted: reports.isSubmitted,
    })
    .from(reports)
    .where(
      and(
        inArray(
          reports.assignmentId,
          list.map((a) => a.id),
        ),
        isNotNull(reports.computedAt),
      ),
    );
  for (const r of rows) {
    const map = byAssignment.get(r.assignmentId) ?? new Map();
    map.set(r.enrollmentId, {
      id: r.id,
      scores: viewOf(r),
      seat: r.seat === true,
      submitted: r.submitted !== false,
    });
    byAssignment.set(r.assignmentId, map);
  }
  return byAssignment;
}

/** The weights of these assignments (0 when none is stored). */
export async function weightsOf(db: Db | Tx, list: readonly Completed[]): Promise<Weight[]> {
  const stored = list.length
    ? await db
        .select()
        .from(assignmentWeights)
        .where(
          inArray(
            assignmentWeights.assignmentId,
            list.map((a) => a.id),
          ),
        )
    : [];
  return list.map((a) => ({
    id: a.id,
    name: a.name,
    weight: stored.find((w) => w.assignmentId === a.id)?.weight ?? 0,
  }));
}

/** The course's learners (never the instructor's own seat), active first, by name. */
export async function learnersOf(db: Db | Tx, courseId: number) {
  return db
    .select({
      id: enrollments.id,
      code: enrollments.code,
      isActive: enrollments.isActive,
      name: users.name,
      email: users.email,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.isInstructorSeat, false)))
    .orderBy(asc(users.name), asc(enrollments.id));
}

/**
 * Per enrolment, how many stage tasks of the completed assignments were left unfinished: counted
 * by the database per learner and kind of task (a row per learner and kind, not per task).
 */
export async function notPerformedOf(db: Db | Tx, list: readonly Completed[]) {
  const stageIds = list.flatMap((a) => a.shape.stages.map((s) => s.id));
  const rows = stageIds.length
    ? await db
        .select({
          enrollmentId: performances.enrollmentId,
          model: stages.model,
          total: sql<number>`count(*)::int`,
          missed: sql<number>`(count(*) filter (where not ${performances.isCompleted}))::int`,
        })
        .from(performances)
        .innerJoin(stages, eq(stages.id, performances.stageId))
        .where(inArray(performances.stageId, stageIds))
        .groupBy(performances.enrollmentId, stages.model)
    : [];
  const byEnrollment = new Map<number, { unit: string; not_performed: number; total: number }[]>();
  for (const r of rows) {
    const unit = MODEL_CODES[r.model];
    const counts = byEnrollment.get(r.enrollmentId) ?? [];
    const same = counts.find((c) => c.unit === unit);
    if (same) {
      same.total += r.total;
      same.not_performed += r.missed;
    } else counts.push({ unit, not_performed: r.missed, total: r.total });
    byEnrollment.set(r.enrollmentId, counts);
  }
  const order = ['ES', 'QU', 'PE', 'FE', 'RE'];
  for (const counts of byEnrollment.values())
    counts.sort((a, b) => order.indexOf(a.unit) - order.indexOf(b.unit));
  return (enrollmentId: number) => byEnrollment.get(enrollmentId)?.map((c) => ({ ...c })) ?? [];
}

/**
 * The fingerprint of every row the results are built from: the course's assignments, their stages,
 * reports and weights, its enrolments and their users. The performances behind the not-performed
 * counts are left out (a few thousand rows, the cost of the answer itself): a completed
 * assignment's performances cannot change while it stays completed — every write to one needs
 * its stage open, or the peer-review step for a matching reset — and leaving completion changes
 * the assignment's row.
 */
export async function resultsFingerprint(db: Db, courseId: number) {
  const ofCourse = sql`join assignments a on a.id = r.assignment_id where a.course_id = ${courseId}`;
  return fingerprintOf(db, [
    ['a', sql`from assignments a where a.course_id = ${courseId}`],
    ['s', sql`from stages s join assignments a on a.id = s.assignment_id where a.course_id = ${courseId}`],
    ['r', sql`from reports r ${ofCourse}`],
    ['r', sql`from assignment_weights r ${ofCourse}`],
    ...courseMemberRows(courseId),
  ]);
}

/**
 * Per assignment, the class averages of the active learners' scores (instructor seats, withdrawn
 * learners and those without an essay out), averaged by the database: a row per assignment, not
 * per report.
 */
export async function classAveragesOf(db: Db | Tx, list: readonly Completed[]) {
  const averages = new Map<number, ScoreSetView>();
  if (list.length === 0) return averages;
  const field = (column: (typeof scoreColumns)[keyof typeof scoreColumns]) => sql<number>`avg(${column})`;
  const rows = await db
    .select({
      assignmentId: reports.assignmentId,
      total: field(reports.scoreTotal),
      essayWriting: field(reports.scoreEssayWriting),
      peerReview: field(reports.scorePeerReview),
      metacognition: field(reports.scoreMetacognition),
      feedbackReview: field(reports.scoreFeedbackReview),
      revisement: field(reports.scoreRevisement),
    })
    .from(reports)
    .innerJoin(enrollments, eq(enrollments.id, reports.enrollmentId))
    .where(
      and(
        inArray(
          reports.assignmentId,
          list.map((a) => a.id),
        ),
        isNotNull(reports.computedAt),
        isNotNull(reports.scoreTotal),
        sql`${reports.isSeat} is not true`,
        // Those who submitted an essay, as in the assignment's own averages and ranks.
        eq(reports.isSubmitted, true),
        eq(enrollments.isActive, true),
        eq(enrollments.isInstructorSeat, false),
      ),
    )
    .groupBy(reports.assignmentId);
  for (const r of rows) {
    // The stored scores are already rounded to a tenth; the mean is rounded like the course's.
    const mean = (value: number | string | null) => round1(Number(value ?? 0));
    averages.set(r.assignmentId, {
      total: mean(r.total),
      essay_writing_score: mean(r.essayWriting),
      peer_review_score: mean(r.peerReview),
      metacognition_score: mean(r.metacognition),
      feedback_review_score: mean(r.feedbackReview),
      revisement_score: mean(r.revisement),
    });
  }
  return averages;
}

/** The learner's own stored reports of these assignments: per assignment, the id and the scores. */
export async function ownReportsOf(db: Db | Tx, list: readonly Completed[], enrollmentId: number) {
  const own = new Map<number, { id: number; scores: ScoreSetView | null }>();
  if (list.length === 0) return own;
  const rows = await db
    .select({ id: reports.id, assignmentId: reports.assignmentId, ...scoreColumns })
    .from(reports)
    .where(
      and(
        eq(reports.enrollmentId, enrollmentId),
        inArray(
          reports.assignmentId,
          list.map((a) => a.id),
        ),
        isNotNull(reports.computedAt),
      ),
    );
  for (const r of rows) own.set(r.assignmentId, { id: r.id, scores: viewOf(r) });
  return own;
}

/** The learner of the course (name), 404 when the enrolment is of another course. */
export async function learnerOf(db: Db, courseId: number, enrollmentId: number) {
  const [person] = await db
    .select({ id: enrollments.id, name: users.name })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(enrollments.id, enrollmentId), eq(enrollments.courseId, courseId)));
  return person;
}

/**
 * The caller's membership as it holds over the course results (`inResults`): an assistant who
 * takes part in one of the completed assignments they show is a learner there. Only assistants
 * need the two extra reads.
 */
export async function loadResultsMembership(
  db: Db,
  caller: Caller,
  courseId: number,
): Promise<AssignmentMembership> {
  return resultsMembershipOf(db, await loadMembership(db, caller, courseId));
}

/** `loadResultsMembership` over a membership already loaded (the course role info). */
export async function resultsMembershipOf(db: Db, m: Membership): Promise<AssignmentMembership> {
  if (!m.isAssistant || !m.enrollment) return inResults(m, false);
  const list = await completedAssignments(db, m.course.id);
  if (list.length === 0) return inResults(m, false);
  const [row] = await db
    .select({ status: participations.status })
    .from(participations)
    .where(
      and(
        eq(participations.enrollmentId, m.enrollment.id),
        inArray(
          participations.assignmentId,
          list.map((a) => a.id),
        ),
        ne(participations.status, PARTICIPATION_STATUS.none),
      ),
    )
    .limit(1);
  return inResults(m, row !== undefined);
}
