import type { ManagerCourse } from '@pw/contract';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, courses, enrollments, orgGroups, stages, users } from '../../db/schema';
import { pageOffset } from '../../lib/pagination';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertStaff } from '../accounts/staff.policy';
import type { Organisation } from '../organisations/organisations.service';

/**
 * One page of the organisation's courses with their counts, newest first; `q` searches the
 * course and instructor names and the code, `instructor__group` filters by the instructor's group.
 */
export async function listCoursesForStaff(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
  query: { page: number; page_size: number; q?: string | undefined; instructor__group?: number | undefined },
) {
  assertStaff(user);
  const filters: SQL[] = [eq(courses.organisationId, org.id)];
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(courses.name, like), ilike(users.name, like), ilike(courses.code, like));
    if (match) filters.push(match);
  }
  if (query.instructor__group !== undefined) filters.push(eq(users.groupId, query.instructor__group));
  const where = and(...filters);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .where(where);
  // Counts come from correlated sub-queries: one round trip for the whole page.
  const learners = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.courseId} = ${courses.id} and ${enrollments.isActive} and not ${enrollments.isInstructorSeat})`;
  const assignmentCount = sql<number>`(select count(*)::int from ${assignments} where ${assignments.courseId} = ${courses.id})`;
  const completed = sql<number>`(select count(*)::int from ${assignments} a where a.course_id = ${courses.id} and a.step_index >= (select count(*) from ${stages} s where s.assignment_id = a.id and s.model not in ('questionwriting', 'revisement')))`;
  const rows = await db
    .select({
      id: courses.id,
      name: courses.name,
      description: courses.description,
      code: courses.code,
      isOpen: courses.isOpen,
      createdAt: courses.createdAt,
      instructorName: users.name,
      instructorEmail: users.email,
      groupName: orgGroups.name,
      learners,
      assignmentCount,
      completed,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .leftJoin(orgGroups, eq(orgGroups.id, users.groupId))
    .where(where)
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  const results: ManagerCourse[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    code: r.code,
    is_open: r.isOpen,
    instructor: { name: r.instructorName, email: r.instructorEmail },
    instructor_name: r.instructorName,
    group_name: r.groupName,
    created_at: r.createdAt.toISOString(),
    learners_count: Number(r.learners),
    assignments_count: Number(r.assignmentCount),
    completed_assignments_count: Number(r.completed),
  }));
  return { count: total?.n ?? 0, results };
}
