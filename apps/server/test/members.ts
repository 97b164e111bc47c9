import type { CourseRow, EnrollmentRow, Membership } from '../src/modules/courses/courses.policy';

/** Memberships for the pure policy tests: who, in which role, with which enrolment id. */
export type Role = 'instructor' | 'assistant' | 'learner' | 'seat';

export function member(role: Role, enrollmentId = 7): Membership {
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
