import { PARTICIPATION_STATUS } from '@pw/contract';
import type { courses, enrollments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import type { Organisation } from '../organisations/organisations.service';

/** Who may do what in a course: pure decisions on a loaded membership (loading it is `membership.ts`). */

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
  // A seat made only for staff fill-in reviews (issue 33) in a course not opened with "I also
  // take part as a learner" writes those reviews and nothing else: no learner there.
  const fillInSeatOnly = enrollment?.isInstructorSeat === true && !course.isInstructorLearner;
  const isLearner = enrollment?.isActive === true && !fillInSeatOnly;
  return {
    course,
    enrollment,
    isInstructor,
    isAssistant: isLearner && enrollment?.isAssistant === true,
    isLearner,
  };
}

/**
 * A member's standing in one assignment. Whoever takes part in it as a learner (a participation
 * with a status other than none: participating or awaiting approval) has a learner's rights there:
 * an assistant who takes part is not an assistant in that assignment (she keeps her powers in the
 * course's other assignments). The instructor who takes part through her seat stays the
 * instructor, but not over her own work (`assertNotOwnWork`).
 */
export type AssignmentMembership = Membership & {
  /** The member takes part in the assignment as a learner. */
  takesPart: boolean;
};

/** A participation status that makes its member a learner of the assignment (participating or awaiting approval). */
export function takesPartWith(participationStatus: number | null | undefined): boolean {
  return participationStatus != null && participationStatus !== PARTICIPATION_STATUS.none;
}

/** The membership as it holds in one assignment, from the member's participation status in it. */
export function inAssignment(
  m: Membership,
  participationStatus: number | null | undefined,
): AssignmentMembership {
  const takesPart = m.enrollment !== undefined && takesPartWith(participationStatus);
  return { ...m, isAssistant: m.isAssistant && !takesPart, takesPart };
}

/**
 * Nobody acts as a manager on their own work: the instructor taking part as a learner does not
 * adjust the reviews of her own essay, rule on her own objection or set her own revision score.
 */
export function assertNotOwnWork(m: Membership, ownerEnrollmentId: number) {
  if (m.enrollment !== undefined && m.enrollment.id === ownerEnrollmentId)
    throw new AppError('permission_denied');
}

/** Instructor or assistant: those who run the course (or, given an `AssignmentMembership`, that assignment). */
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
