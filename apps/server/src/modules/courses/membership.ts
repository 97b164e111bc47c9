import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments, participations } from '../../db/schema';
import type { RowSet } from '../../lib/answer-cache';
import { AppError } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import {
  type AssignmentMembership,
  assertManager,
  type Caller,
  inAssignment,
  type Membership,
  membershipOf,
} from './courses.policy';

/**
 * Loading who the caller is in a course (the I/O half of the course policy: the decisions on a
 * loaded membership are pure, in courses.policy.ts).
 */

/** Nearly every course request asks this first: built once per database handle, not per request. */
function prepareMembershipLookup(db: Db) {
  return db
    .select({ course: courses, enrollment: enrollments })
    .from(courses)
    .leftJoin(
      enrollments,
      and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, sql.placeholder('user'))),
    )
    .where(and(eq(courses.id, sql.placeholder('course')), eq(courses.organisationId, sql.placeholder('org'))))
    .limit(1)
    .prepare('course_membership');
}

const membershipLookup = perDatabase(prepareMembershipLookup);

/**
 * Loads the course and the user's membership. Someone outside the course (or the organisation)
 * gets 404, so course ids reveal nothing; a withdrawn learner gets 403 `course_withdrawn`.
 */
export async function loadMembership(db: Db, { org, user }: Caller, courseId: number): Promise<Membership> {
  const [row] = await membershipLookup(db).execute({ course: courseId, user: user.id, org: org.id });
  if (!row) throw new AppError('not_found');
  return membershipOf(row.course, row.enrollment, user.id);
}

/** The membership with the caller's participation in one assignment, in one statement. */
function prepareAssignmentMembershipLookup(db: Db) {
  return db
    .select({ course: courses, enrollment: enrollments, participation: participations.status })
    .from(courses)
    .leftJoin(
      enrollments,
      and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, sql.placeholder('user'))),
    )
    .leftJoin(
      participations,
      and(
        eq(participations.enrollmentId, enrollments.id),
        eq(participations.assignmentId, sql.placeholder('assignment')),
      ),
    )
    .where(and(eq(courses.id, sql.placeholder('course')), eq(courses.organisationId, sql.placeholder('org'))))
    .limit(1)
    .prepare('assignment_membership');
}

const assignmentMembershipLookup = perDatabase(prepareAssignmentMembershipLookup);

/**
 * The caller's membership as it holds in one assignment of the course (`inAssignment`): an
 * assistant who takes part in it is a learner there. 404/403 as `loadMembership`. Whether the
 * assignment exists in the course is for the use case's own read of it.
 */
export async function loadAssignmentMembership(
  db: Db,
  { org, user }: Caller,
  ids: { courseId: number; assignmentId: number },
): Promise<AssignmentMembership> {
  const [row] = await assignmentMembershipLookup(db).execute({
    course: ids.courseId,
    user: user.id,
    org: org.id,
    assignment: ids.assignmentId,
  });
  if (!row) throw new AppError('not_found');
  return inAssignment(membershipOf(row.course, row.enrollment, user.id), row.participation);
}

/** Someone who runs this assignment (`loadAssignmentMembership`, then 403 for learners and assistants who take part). */
export async function loadAssignmentManager(
  db: Db,
  caller: Caller,
  ids: { courseId: number; assignmentId: number },
): Promise<AssignmentMembership> {
  const m = await loadAssignmentMembership(db, caller, ids);
  assertManager(m);
  return m;
}

/** The membership of someone who runs the course (404/403 as `loadMembership`, then 403 for learners). */
export async function loadManager(db: Db, caller: Caller, courseId: number): Promise<Membership> {
  const m = await loadMembership(db, caller, courseId);
  assertManager(m);
  return m;
}

/**
 * The course's enrolments and their users (names, e-mails, withdrawals) as parts of a kept
 * answer's fingerprint (`fingerprintOf`).
 */
export const courseMemberRows = (courseId: number): RowSet[] => [
  ['e', sql`from enrollments e where e.course_id = ${courseId}`],
  ['u', sql`from enrollments e join users u on u.id = e.user_id where e.course_id = ${courseId}`],
];
