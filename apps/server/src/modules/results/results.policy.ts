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

/**
 * Whose scores `/scores-by-learner/` answers: the caller's own enrolment's (my score); the
 * instructor and assistants without one get the class's line (`enrollmentId` null); anyone else
 * (already refused by the membership) 404.
 */
export function scoresByLearnerOf(m: Membership): { enrollmentId: number | null } {
  if (m.enrollment) return { enrollmentId: m.enrollment.id };
  if (!isManager(m)) throw new AppError('not_found');
  return { enrollmentId: null };
}
