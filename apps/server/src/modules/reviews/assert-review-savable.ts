import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { calibrationFinished } from '../calibration/save-calibration';
import { learnerRule } from '../extensions/learner-rule';
import { assertParticipating, assertSelfReviewOpen } from './reviews.policy';
import { type matchingOf, participationStatusOf, reviewsOf } from './reviews.queries';

type Matching = Awaited<ReturnType<typeof matchingOf>>;

/**
 * The rules every save of a review's content follows, its points and comments as its passage
 * comments: the reviewer takes part (a staff member's fill-in review has no participation, issue
 * 33), the peer-review step is open for them (extensions included), their calibration is finished
 * (docs/decisions.md, "Calibration before peer review"; a fill-in review is an anchor, not a
 * learner's practice), and the self-review only after the peers. Answers the reviewer's reviews
 * in order. The caller has checked that the caller is the matching's reviewer.
 */
export async function assertReviewSavable(tx: Tx, shape: AssignmentShape, matching: Matching, now: Date) {
  if (!matching.isStaffFillIn)
    assertParticipating(await participationStatusOf(tx, shape.row.id, matching.reviewerId));
  if (await learnerRule(tx, shape, matching.reviewerId, 'peerreview', now))
    throw new AppError('review_not_open');
  if (!matching.isStaffFillIn && !(await calibrationFinished(tx, shape, matching.reviewerId)))
    throw new AppError('calibration_first');
  const ordered = await reviewsOf(tx, shape.row.id, matching.reviewerId);
  assertSelfReviewOpen(matching, ordered);
  return ordered;
}
