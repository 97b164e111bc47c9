import { AppError } from '../../lib/errors';
import type { AssignmentMembership } from '../courses/courses.policy';
import { assertCanReadPerformance } from '../performances/performances.policy';

/**
 * The comments anchored in an essay are shown with the reviews received: on the author's feedback
 * review and revision (the author, the assignment's managers; anyone else 404 as for the work).
 * Another stage's work has none to show (404).
 */
export function assertCanReadReceivedAnchors(
  m: AssignmentMembership,
  ownerEnrollmentId: number,
  model: string,
) {
  assertCanReadPerformance(m, ownerEnrollmentId);
  if (model !== 'feedbackreview' && model !== 'revisement') throw new AppError('not_found');
}
