import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  courses,
  enrollments,
  files,
  participations,
  performanceFiles,
  performances,
  stages,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import { type AnyStage, type StageRow, shapeOf } from '../assignments/assignment-shape';
import { type Caller, inAssignment, membershipOf } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { attachedFilesOfPerformance } from '../files/files.service';
import { assertCanReadPerformance } from './performances.policy';

export type PerformanceRow = typeof performances.$inferSelect;

/** The ids of a performance's path. */
export type PerformanceIds = { courseId: number; assignmentId: number; performanceId: number };

type StageJson = Omit<StageRow, 'startAt' | 'endAt'> & { startAt: string | null; endAt: string | null };

/**
 * Read with the performance in the same statement (a save is about ten round trips fewer per
 * second of a deadline burst): every stage of the assignment, the performance's files, and the
 * learner's question performance.
 */
const stagesOfAssignment = sql<StageJson[]>`(select coalesce(json_agg(json_build_object(
  'id', s.id, 'assignmentId', s.assignment_id, 'position', s.position, 'model', s.model,
  'startAt', s.start_at, 'endAt', s.end_at, 'settings', s.settings) order by s.position), '[]'::json)
  from stages s where s.assignment_id = ${assignments.id})`;
/** The learner's extension of the work's stage (issue 33), as epoch milliseconds. */
const extensionOfWork = sql<
  number | null
>`(select (extract(epoch from x.end_at) * 1000)::float8 from extensions x
  where x.assignment_id = ${assignments.id} and x.enrollment_id = ${performances.enrollmentId}
    and x.model = ${stages.model})`;
const questionOfLearner = sql<number | null>`(select q.id from performances q
  join stages qs on qs.id = q.stage_id
  where qs.assignment_id = ${assignments.id} and qs.model = 'questionwriting'
    and q.enrollment_id = ${performances.enrollmentId} limit 1)`;

/**
 * The caller's membership and a performance of an assignment of the course, with the assignment,
 * all its stages, its files and the learner's question performance: one prepared statement
 * (built once per database handle), the first of every read and save of a performance. It also
 * reads the caller's own participation in the assignment (an assistant who takes part is a
 * learner there).
 */
const callerParticipation = alias(participations, 'caller_participation');
function prepareContextLookup(db: Db) {
  return db
    .select({
      course: courses,
      enrollment: enrollments,
      p: performances,
      // Only the columns the rules and the answer read (every column costs building and mapping).
      stageId: stages.id,
      a: { id: assignments.id, stepIndex: assignments.stepIndex, isPublic: assignments.isPublic },
      participation: participations.status,
      callerParticipation: callerParticipation.status,
      stageRows: stagesOfAssignment,
      files: attachedFilesOfPerformance,
      questionId: questionOfLearner,
      extensionEnd: extensionOfWork,
    })
    .from(performances)
    .innerJoin(stages, eq(stages.id, performances.stageId))
    .innerJoin(assignments, eq(assignments.id, stages.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .leftJoin(
      enrollments,
      and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, sql.placeholder('user'))),
    )
    .leftJoin(
      participations,
      and(
        eq(participations.assignmentId, assignments.id),
        eq(participations.enrollmentId, performances.enrollmentId),
      ),
    )
    .leftJoin(
      callerParticipation,
      and(
        eq(callerParticipation.assignmentId, assignments.id),
        eq(callerParticipation.enrollmentId, enrollments.id),
      ),
    )
    .where(
      and(
        eq(performances.id, sql.placeholder('performance')),
        eq(assignments.id, sql.placeholder('assignment')),
        eq(courses.id, sql.placeholder('course')),
        eq(courses.organisationId, sql.placeholder('org')),
      ),
    )
    .limit(1)
    .prepare('performance_context');
}

const contextLookup = perDatabase(prepareContextLookup);

/**
 * A performance and everything its rules and its answer read, from the one prepared statement:
 * the caller's membership, the assignment's shape (`shapeOf` its stage rows), the work's stage,
 * files, participation and question performance. 404 outside the course or for another learner's
 * work; 403 when withdrawn (`membershipOf`).
 */
export async function loadContext(db: Db, caller: Caller, ids: PerformanceIds) {
  const [row] = await contextLookup(db).execute({
    performance: ids.performanceId,
    assignment: ids.assignmentId,
    course: ids.courseId,
    org: caller.org.id,
    user: caller.user.id,
  });
  if (!row) {
    // Outside the course is 404 as well, but a withdrawn learner still hears why.
    await loadMembership(db, caller, ids.courseId);
    throw new AppError('not_found');
  }
  const m = inAssignment(membershipOf(row.course, row.enrollment, caller.user.id), row.callerParticipation);
  assertCanReadPerformance(m, row.p.enrollmentId);
  const shape = shapeOf(
    row.a,
    row.stageRows.map((r) => ({
      ...r,
      startAt: r.startAt ? new Date(r.startAt) : null,
      endAt: r.endAt ? new Date(r.endAt) : null,
    })),
  );
  // The work's own stage is one of the assignment's (the statement joins it through them).
  const stage = shape.stages.find((s) => s.id === row.stageId) as AnyStage;
  return {
    m,
    p: row.p,
    a: shape.row,
    shape,
    stage,
    participation: row.participation,
    files: row.files,
    questionId: row.questionId,
    /** The learner's own later end of this work's stage, if they were given one. */
    extensionEnd: row.extensionEnd === null ? null : new Date(Number(row.extensionEnd)),
  };
}

export type Context = Awaited<ReturnType<typeof loadContext>>;
export type FileRow = Context['files'][number];

/** The files of other performances (the essay shown beside its revision). */
export async function filesOfPerformances(db: Db | Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      performanceId: performanceFiles.performanceId,
      id: files.id,
      organisationId: files.organisationId,
      originalName: files.originalName,
      size: files.size,
    })
    .from(performanceFiles)
    .innerJoin(files, eq(files.id, performanceFiles.fileId))
    .where(inArray(performanceFiles.performanceId, ids))
    .orderBy(asc(files.id));
}

/** The same learner's performance of another stage of this assignment (the essay, the questions). */
export async function siblingOf(db: Db | Tx, ctx: Context, stageId: number | undefined) {
  if (stageId === undefined) return undefined;
  const [row] = await db
    .select()
    .from(performances)
    .where(and(eq(performances.stageId, stageId), eq(performances.enrollmentId, ctx.p.enrollmentId)))
    .limit(1);
  return row;
}

/** For the assignment response: a participating learner's performance per stage and the running one. */
export async function performancesOfLearner(db: Db, enrollmentId: number, stageIds: number[]) {
  if (stageIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: performances.id, stageId: performances.stageId })
    .from(performances)
    .where(and(eq(performances.enrollmentId, enrollmentId), inArray(performances.stageId, stageIds)));
  return new Map(rows.map((r) => [r.stageId, r.id]));
}
