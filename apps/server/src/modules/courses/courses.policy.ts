import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments } from '../../db/schema';
import type { RowSet } from '../../lib/answer-cache';
import { AppError } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import type { Organisation } from '../organisations/organisations.service';

export type CourseRow = typeof courses.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;

/** Who asks: the organisation of the request's host and the signed-in user (a Fastify request is one). */
export type Caller = { org: Organisation; user: AuthenticatedUser };

/** A user's standing in one course. */
export type Membership = {
  course: CourseRow;
  enrollment: EnrollmentRow | undefined;
  isInstructor: boolean;
  /** Active learner who the instructor made an assistant. */
  isAssistant: boolean;
  /** Active learner (assistants included). */
  isLearner: boolean;
};

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

/**
 * A user's membership from their course and enrolment rows (read by `loadMembership`, or joined
 * into a use case's own query): 404 outside the course, 403 `course_withdrawn` when withdrawn.
 */
export function membershipOf(
  course: CourseRow,
  enrollmentRow: EnrollmentRow | null | undefined,
  userId: number,
): Membership {
  const isInstructor = course.instructorId === userId;
  const enrollment = enrollmentRow ?? undefined;
  if (!isInstructor && !enrollment) throw new AppError('not_found');
  if (!isInstructor && enrollment && !enrollment.isActive) throw new AppError('course_withdrawn');
  const isLearner = enrollment?.isActive === true;
  return {
    course,
    enrollment,
    isInstructor,
    isAssistant: isLearner && enrollment?.isAssistant === true,
    isLearner,
  };
}

/** Instructor or assistant: those who run the course. */
export function isManager(m: Pick<Membership, 'isInstructor' | 'isAssistant'>): boolean {
  return m.isInstructor || m.isAssistant;
}

/** Instructor or assistant: manage learners, edit the course, post notices. */
export function assertManager(m: Membership) {
  if (!isManager(m)) throw new AppError('permission_denied');
}

/** The course's own instructor: delete the course, make assistants, see the code. */
export function assertInstructor(m: Membership) {
  if (!m.isInstructor) throw new AppError('permission_denied');
}

/** Only the course's own instructor sees its course code (others get null). */
export function seesCourseCode(m: Membership): boolean {
  return m.isInstructor;
}

/** The membership of someone who runs the course (404/403 as `loadMembership`, then 403 for learners). */
export async function loadManager(db: Db, caller: Caller, courseId: number): Promise<Membership> {
  const m = await loadMembership(db, caller, courseId);
  assertManager(m);
  return m;
}

/**
 * Whose student ID a member may change: their own (learners), or any learner's of the course
 * (instructor and assistants). Returns that enrolment's id.
 */
export function studentCodeTarget(m: Membership, enrollId: number | undefined): number {
  let targetId = m.enrollment?.id;
  if (enrollId !== undefined && enrollId !== m.enrollment?.id) {
    if (!isManager(m)) throw new AppError('permission_denied');
    targetId = enrollId;
  }
  if (targetId === undefined) throw new AppError('permission_denied');
  return targetId;
}

/** Only instructor accounts open courses. */
export function assertCanOpenCourse(user: AuthenticatedUser) {
  if (user.role !== 'I') throw new AppError('permission_denied');
}

/**
 * The course's enrolments and their users (names, e-mails, withdrawals) as parts of a kept
 * answer's fingerprint (`fingerprintOf`).
 */
export const courseMemberRows = (courseId: number): RowSet[] => [
  ['e', sql`from enrollments e where e.course_id = ${courseId}`],
  ['u', sql`from enrollments e join users u on u.id = e.user_id where e.course_id = ${courseId}`],
];
