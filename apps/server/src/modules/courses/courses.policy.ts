import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, enrollments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import type { Organisation } from '../organisations/organisations.service';

export type CourseRow = typeof courses.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;

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

/**
 * Loads the course and the user's membership. Someone outside the course (or the organisation)
 * gets 404, so course ids reveal nothing; a withdrawn learner gets 403 `course_withdrawn`.
 */
export async function loadMembership(
  db: Db,
  org: Organisation,
  user: AuthenticatedUser,
  courseId: number,
): Promise<Membership> {
  const [row] = await db
    .select({ course: courses, enrollment: enrollments })
    .from(courses)
    .leftJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, user.id)))
    .where(and(eq(courses.id, courseId), eq(courses.organisationId, org.id)))
    .limit(1);
  if (!row) throw new AppError('not_found');
  const isInstructor = row.course.instructorId === user.id;
  const enrollment = row.enrollment ?? undefined;
  if (!isInstructor && !enrollment) throw new AppError('not_found');
  if (!isInstructor && enrollment && !enrollment.isActive) throw new AppError('course_withdrawn');
  const isLearner = enrollment?.isActive === true;
  return {
    course: row.course,
    enrollment,
    isInstructor,
    isAssistant: isLearner && enrollment?.isAssistant === true,
    isLearner,
  };
}

/** Instructor or assistant: those who run the course. */
export function isManager(m: Membership): boolean {
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

/** Only instructor accounts open courses. */
export function assertCanOpenCourse(user: AuthenticatedUser) {
  if (user.role !== 'I') throw new AppError('permission_denied');
}
