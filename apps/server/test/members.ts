import { PARTICIPATION_STATUS } from '@pw/contract';
import {
  type AssignmentMembership,
  type CourseRow,
  type EnrollmentRow,
  inAssignment,
} from '../src/modules/courses/courses.policy';

/**
 * Memberships for the pure policy tests: who, in which role, with which enrolment id. As given,
 * the member does not take part in the assignment at hand; `takingPart` makes them a participant.
 */
export type Role = 'instructor' | 'assistant' | 'learner' | 'seat';

export function member(role: Role, enrollmentId = 7): AssignmentMembership {
  return inAssignment(courseMember(role, enrollmentId), PARTICIPATION_STATUS.none);
}

/** The same member taking part in the assignment (participating, or awaiting approval). */
export function takingPart(
  role: Role,
  enrollmentId = 7,
  status: number = PARTICIPATION_STATUS.participating,
): AssignmentMembership {
  return inAssignment(courseMember(role, enrollmentId), status);
}

function courseMember(role: Role, enrollmentId: number) {
  const course = { id: 1, instructorId: 1 } as CourseRow;
  if (role === 'instructor')
    return { course, enrollment: undefined, isInstructor: true, isAssistant: false, isLearner: false };
  const enrollment = { id: enrollmentId, isActive: true, isAssistant: role === 'assistant' } as EnrollmentRow;
  // The instructor's own learner seat: an instructor with an enrolment.
  if (role === 'seat') return { course, enrollment, isInstructor: true, isAssistant: false, isLearner: true };
  return { course, enrollment, isInstructor: false, isAssistant: role === 'assistant', isLearner: true };
}

/** The error code a call throws (undefined when it does not). */
export function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}
