import { AppError } from '../../lib/errors';
import { assertInstructor, assertManager, isManager, type Membership } from '../courses/courses.policy';

/** Who reads the course's results and scores: pure decisions on a loaded membership. */

/** The course results, their workbook and the weights are read by the instructor and assistants. */
export function assertCanReadResults(m: Membership) {
  assertManager(m);
}

/** Only the course's own instructor sets the weights. */
export function assertCanSetWeights(m: Membership) {
  assertInstructor(m);
}

/** A learner's personal score: the instructor and assistants for anyone, a learner for themself (others 404). */
export function assertCanReadPersonalScore(m: Membership, enrollmentId: number) {
  const own = m.enrollment?.id === enrollmentId;
  if (!isManager(m) && !own) throw new AppError('not_found');
}

/** My score is the caller's own enrolment's (a member without one, the instructor: 404). */
export function myEnrollmentId(m: Membership): number {
  if (!m.enrollment) throw new AppError('not_found');
  return m.enrollment.id;
}
