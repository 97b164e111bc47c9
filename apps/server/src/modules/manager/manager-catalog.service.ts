import {
  type ManagerAssignment,
  type ManagerAssignmentQuery,
  type ManagerAssignmentRow,
  type ManagerCourseDetail,
  MODEL_CODES,
  PARTICIPATION_STATUS,
} from '@pw/contract';
import { and, asc, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assignments,
  courses,
  enrollments,
  orgGroups,
  participations,
  performances,
  stages,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageOffset } from '../../lib/pagination';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertStaff } from '../accounts/staff.policy';
import { type AssignmentShape, shapeOf } from '../assignments/assignment-shape';
import type { Organisation } from '../organisations/organisations.service';

type Caller = { org: Organisation; user: AuthenticatedUser };
type StageRow = typeof stages.$inferSelect;
type AssignmentRow = typeof assignments.$inferSelect;
const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Number of steps of an assignment (companion stages share their main stage's step). */
const stepCount = sql<number>`(select count(*) from ${stages} s where s.assignment_id = ${assignments.id} and s.model not in ('questionwriting', 'revisement'))`;

/** The WHERE of the assignment list: the organisation, then each filter given. */
export function assignmentFilters(
  org: Organisation,
  query: Omit<ManagerAssignmentQuery, 'page' | 'page_size'>,
) {
  const filters: SQL[] = [eq(courses.organisationId, org.id)];
  if (query.q) {
    const like = escapeLike(query.q);
    const match = or(ilike(assignments.name, like), ilike(courses.name, like), ilike(users.name, like));
    if (match) filters.push(match);
  }
  if (query.is_active !== undefined) filters.push(eq(assignments.isPublic, query.is_active));
  if (query.complete !== undefined)
    filters.push(
      query.complete
        ? sql`${assignments.stepIndex} >= ${stepCount}`
        : sql`${assignments.stepIndex} < ${stepCount}`,
    );
  if (query.course__instructor__group !== undefined && org.isIntegratedManagement)
    filters.push(eq(users.groupId, query.course__instructor__group));
  return and(...filters);
}

async function stagesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, StageRow[]>();
  const rows: StageRow[] = await db
    .select()
    .from(stages)
    .where(inArray(stages.assignmentId, ids))
    .orderBy(asc(stages.position));
  const map = new Map<number, StageRow[]>();
  for (const r of rows) map.set(r.assignmentId, [...(map.get(r.assignmentId) ?? []), r]);
  return map;
}

/** The assignments' shapes from one read of all their stages. */
async function shapesOf(db: Db, list: readonly AssignmentRow[]) {
  const stageMap = await stagesOf(
    db,
    list.map((a) => a.id),
  );
  return new Map(list.map((a) => [a.id, shapeOf(a, stageMap.get(a.id) ?? [])]));
}

type ListedAssignment = ManagerAssignmentRow & {
  description: string;
  course_description: string;
  is_auto_schedule: boolean;
};

/** The rows of one page (or of the whole filtered list, for the export), newest first. */
export async function assignmentRows(
  db: Db,
  org: Organisation,
  query: Omit<ManagerAssignmentQuery, 'page' | 'page_size'>,
  { window, only }: { window?: { limit: number; offset: number }; only?: number } = {},
): Promise<ListedAssignment[]> {
  return (await assignmentRecords(db, org, query, window, only)).map((r) => r.row);
}

/** The listed rows with each assignment's shape. */
async function assignmentRecords(
  db: Db,
  org: Organisation,
  query: Omit<ManagerAssignmentQuery, 'page' | 'page_size'>,
  window?: { limit: number; offset: number },
  only?: number,
): Promise<{ row: ListedAssignment; shape: AssignmentShape }[]> {
  const where =
    only === undefined
      ? assignmentFilters(org, query)
      : and(assignmentFilters(org, query), eq(assignments.id, only));
  const base = db
    .select({
      a: assignments,
      courseId: courses.id,
      courseName: courses.name,
      courseDescription: courses.description,
      instructorName: users.name,
      groupName: orgGroups.name,
      learners: sql<number>`(select count(*)::int from ${participations} where ${participations.assignmentId} = ${assignments.id} and ${participations.status} = ${PARTICIPATION_STATUS.participating})`,
    })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .innerJoin(users, eq(users.id, courses.instructorId))
    .leftJoin(orgGroups, eq(orgGroups.id, users.groupId))
    .where(where)
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
  const rows = window ? await base.limit(window.limit).offset(window.offset) : await base;
  const shapes = await shapesOf(
    db,
    rows.map((r) => r.a),
  );
  return rows.map(({ a, ...r }) => {
    const shape = shapes.get(a.id) ?? shapeOf(a, []);
    const code = shape.code;
    const row = {
      id: a.id,
      name: a.name,
      description: a.description,
      course: { id: r.courseId, name: r.courseName },
      course_id: r.courseId,
      course_description: r.courseDescription,
      instructor_name: r.instructorName,
      group_name: r.groupName,
      is_public: a.isPublic,
      is_auto_schedule: a.isAutoSchedule,
      is_completed: code === 'CO',
      stage: code,
      learners_count: Number(r.learners),
      created_at: a.createdAt.toISOString(),
    };
    return { row, shape };
  });
}

/** GET /assignments/pages/: one page of the organisation's assignments (staff only). */
export async function listAssignments({ org, user }: Caller, query: ManagerAssignmentQuery, db: Db) {
  assertStaff(user);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .innerJoin(users, eq(users.id, courses.instructorId))
    .where(assignmentFilters(org, query));
  const results = (
    await assignmentRows(db, org, query, { window: { limit: query.page_size, offset: pageOffset(query) } })
  ).map(({ description: _d, course_description: _c, is_auto_schedule: _a, ...row }) => row);
  return { count: total?.n ?? 0, results };
}

/** GET /manager/assignments/{id}/: the schedule, who opened the task, and progress per stage. */
export async function getAssignment(
  { org, user }: Caller,
  assignmentId: number,
  db: Db,
): Promise<ManagerAssignment> {
  assertStaff(user);
  const [record] = await assignmentRecords(db, org, {}, undefined, assignmentId);
  if (!record) throw new AppError('not_found');
  const { row, shape } = record;
  const stageRows = shape.stages;
  const [checked] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participations)
    .where(
      and(
        eq(participations.assignmentId, row.id),
        eq(participations.status, PARTICIPATION_STATUS.participating),
        isNotNull(participations.attendedAt),
      ),
    );
  const work = stageRows.length
    ? await db
        .select({
          stageId: performances.stageId,
          done: sql<number>`count(*) filter (where ${performances.isCompleted})::int`,
          total: sql<number>`count(*)::int`,
        })
        .from(performances)
        .where(
          inArray(
            performances.stageId,
            stageRows.map((s) => s.id),
          ),
        )
        .groupBy(performances.stageId)
    : [];
  return {
    ...row,
    schedule_dates: stageRows.map((s) => ({
      stage: MODEL_CODES[s.model],
      start_date: s.startAt?.toISOString() ?? null,
      end_date: s.endAt?.toISOString() ?? null,
    })),
    learners_checked_count: checked?.n ?? 0,
    progresses_summary: stageRows.map((s) => {
      const w = work.find((x) => x.stageId === s.id);
      return {
        stage: MODEL_CODES[s.model],
        completed: Number(w?.done ?? 0),
        total: Number(w?.total ?? 0),
      };
    }),
  };
}

/** GET /manager/courses/{id}/: a course of the organisation with its active learners only. */
export async function getCourse(
  { org, user }: Caller,
  courseId: number,
  db: Db,
): Promise<ManagerCourseDetail> {
  assertStaff(user);
  const [c] = await db
    .select({
      course: courses,
      instructorName: users.name,
      instructorEmail: users.email,
      groupName: orgGroups.name,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .leftJoin(orgGroups, eq(orgGroups.id, users.groupId))
    .where(and(eq(courses.id, courseId), eq(courses.organisationId, org.id)));
  if (!c) throw new AppError('not_found');
  const learners = await db
    .select({ id: enrollments.id, name: users.name, email: users.email, code: enrollments.code })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(
      and(
        eq(enrollments.courseId, courseId),
        eq(enrollments.isActive, true),
        eq(enrollments.isInstructorSeat, false),
      ),
    )
    .orderBy(asc(users.name), asc(enrollments.id));
  const list = await db
    .select()
    .from(assignments)
    .where(eq(assignments.courseId, courseId))
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
  const shapes = await shapesOf(db, list);
  return {
    id: c.course.id,
    name: c.course.name,
    description: c.course.description,
    code: c.course.code,
    is_open: c.course.isOpen,
    created_at: c.course.createdAt.toISOString(),
    instructor: { id: c.course.instructorId, name: c.instructorName, email: c.instructorEmail },
    group_name: c.groupName,
    learners,
    assignments: list.map((a) => {
      const code = shapes.get(a.id)?.code ?? 'PR';
      return { id: a.id, name: a.name, stage: code, is_completed: code === 'CO' };
    }),
  };
}
