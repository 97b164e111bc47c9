import { PARTICIPATION_STATUS } from '@pw/contract';
import { AppError } from '../../lib/errors';
import {
  type AssignmentMembership,
  assertNotOwnWork,
  isManager,
  type Membership,
} from '../courses/courses.policy';

type Pair = { reviewerId: number; targetId: number };

/**
 * A review is its reviewer's to read and write; to anyone else it does not exist (404). A staff
 * fill-in (issue 33) is its seat's owner's only while they still run the course (instructor or
 * assistant); it needs no participation (`assertParticipating` is for learners' reviews).
 */
export function assertReviewer(m: Membership, matching: Pair & { isStaffFillIn?: boolean }) {
  if (m.enrollment?.id !== matching.reviewerId) throw new AppError('not_found');
  if (matching.isStaffFillIn ? !isManager(m) : !m.isLearner) throw new AppError('not_found');
}

/** A review of one's own essay by someone else: its author rates it and may object to it. */
export function assertAuthor(m: Membership, matching: Pair) {
  if (!m.isLearner || m.enrollment?.id !== matching.targetId || matching.reviewerId === matching.targetId)
    throw new AppError('not_found');
}

/** The author rates a completed review of their essay (an unfinished one: 404). */
export function assertCanRate(m: Membership, matching: Pair & { isCompleted: boolean }) {
  assertAuthor(m, matching);
  if (!matching.isCompleted) throw new AppError('not_found');
}

/**
 * The assignment's managers see real names, adjust points, rule on objections and re-match: the
 * instructor, and assistants who do not take part in it (one who does is a learner there, 403).
 */
export function assertCanManageReviews(m: AssignmentMembership) {
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
}

/** A manager adjusts the points of a review, but not of one of her own essay (the instructor's seat). */
export function assertCanAdjustReview(m: AssignmentMembership, matching: Pair) {
  assertCanManageReviews(m);
  assertNotOwnWork(m, matching.targetId);
}

/** Reviews and ratings are written only by a learner taking part (not waiting for approval). */
export function assertParticipating(status: number | undefined) {
  if (status !== PARTICIPATION_STATUS.participating) throw new AppError('not_participating');
}

/** The self-review waits until every peer (not self) review of the reviewer is done. */
export function assertSelfReviewOpen(matching: Pair, ordered: readonly (Pair & { isCompleted: boolean })[]) {
  if (matching.reviewerId !== matching.targetId) return;
  if (ordered.some((x) => x.reviewerId !== x.targetId && !x.isCompleted))
    throw new AppError('self_review_locked');
}
