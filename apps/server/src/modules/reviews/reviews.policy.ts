import { AppError } from '../../lib/errors';
import { isManager, type Membership } from '../courses/courses.policy';

type Pair = { reviewerId: number; targetId: number };

/** A review is its reviewer's to read and write; to anyone else it does not exist (404). */
export function assertReviewer(m: Membership, matching: Pair) {
  if (!m.isLearner || m.enrollment?.id !== matching.reviewerId) throw new AppError('not_found');
}

/** A review of one's own essay by someone else: its author rates it and may object to it. */
export function assertAuthor(m: Membership, matching: Pair) {
  if (!m.isLearner || m.enrollment?.id !== matching.targetId || matching.reviewerId === matching.targetId)
    throw new AppError('not_found');
}

/** The instructor and assistants see real names, adjust points, rule on objections and re-match. */
export function assertCanManageReviews(m: Membership) {
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
}
