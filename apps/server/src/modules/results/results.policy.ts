import { PARTICIPATION_STATUS } from '@pw/contract';
import { AppError } from '../../lib/errors';
import {
  type AssignmentMembership,
  assertInstructor,
  assertManager,
  inAssignment,
  isManager,
  type Membership,
} from '../courses/courses.policy';

/** Who reads the course's results and scores: pure decisions on a loaded membership. */

/**
 * The membership as it holds over the course results, which show every learner's scores in the
 * completed assignments: an assistant who takes part in one of them is a learner there
 * (`inAssignment`), so she reads the results as a learner does (her own personal score only).
 */
export function inResults(m: Membership, takesPartInCompleted: boolean): AssignmentMembership {
  return inAssignment(
    m,
    takesPartInCompleted ? PARTICIPATION_STATUS.participating : PARTICIPATION_STATUS.none,
  );
}

/** The course results and their workbook: the instructor, and assistants who take part in none of its completed assignments. */
export function readsResults(m: AssignmentMembership): boolean {
  return isManager(m);
}

/** `readsResults`, or 403 (the course role info tells the screens the same answer). */
export function assertCanReadResults(m: AssignmentMembership) {
  if (!readsResults(m)) throw new AppError('permission_denied');
}

/** The weights (no one's scores) are read by the instructor and assistants. */
export function assertCanReadWeights(m: Membership) {
  assertManager(m);
}

/** Only the course's own instructor sets the weights. */
export function assertCanSetWeights(m: Membership) {
  assertInstructor(m);
}

/**
 * A learner's personal score: the results' readers (`assertCanReadResults`) for anyone, a
 * learner for themself (others 404).
 */
export function assertCanReadPersonalScore(m: AssignmentMembership, enrollmentId: number) {
  const own = m.enrollment?.id === enrollmentId;
  if (!isManager(m) && !own) throw new AppError('not_found');
}

/**
 * Whose scores `/scores-by-learner/` answers: the caller's own enrolment's (my score); the
 * instructor and assistants without one get the class's line (`enrollmentId` null); anyone else
 * (already refused by the membership) 404.
 */
export function scoresByLearnerOf(m: Membership): { enrollmentId: number | null } {
  // A seat made only for staff fill-in reviews (not a learner) has no scores: the class's line.
  if (m.enrollment && m.isLearner) return { enrollmentId: m.enrollment.id };
  if (!isManager(m)) throw new AppError('not_found');
  return { enrollmentId: null };
}
