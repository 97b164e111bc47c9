import { AppError } from '../../lib/errors';
import { type AssignmentMembership, isManager } from '../courses/courses.policy';
import { assertCanReadPerformance } from '../performances/performances.policy';

/**
 * The comments anchored in an essay are shown with the reviews received: on the author's feedback
 * review and revision (the author, the assignment's managers; anyone else 404 as for the work),
 * and to the managers also on the essay itself (the learner's work they open from the management
 * table). The author reads them only from the feedback review on, when the reviews are theirs to
 * read. Another stage's work has none to show (404).
 */
export function assertCanReadReceivedAnchors(
  m: AssignmentMembership,
  ownerEnrollmentId: number,
  model: string,
) {
  assertCanReadPerformance(m, ownerEnrollmentId);
  if (model === 'feedbackreview' || model === 'revisement') return;
  if (model === 'essaywriting' && isManager(m)) return;
  throw new AppError('not_found');
}
