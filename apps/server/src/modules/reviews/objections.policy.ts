import { AppError, validationError } from '../../lib/errors';
import {
  type AssignmentMembership,
  assertNotOwnWork,
  isManager,
  type Membership,
} from '../courses/courses.policy';
import { assertAuthor, assertCanManageReviews } from './reviews.policy';

/** An objection's `status` column: awaiting a ruling, then accepted or rejected. */
export const OBJECTION_STATUS = { pending: 0, accepted: 1, rejected: 2 } as const;

const STATUS_NAMES = ['pending', 'accepted', 'rejected'] as const;
/** The status as the API names it (an unknown value reads as pending). */
export const objectionStatusName = (n: number) => STATUS_NAMES[n] ?? 'pending';

/** The status a ruling gives. */
export const rulingStatus = (accepted: boolean) =>
  accepted ? OBJECTION_STATUS.accepted : OBJECTION_STATUS.rejected;

type Reviewed = { reviewerId: number; targetId: number; isCompleted: boolean };

/**
 * The essay's author objects to a completed review of it by someone else (anyone else, and an
 * unfinished review: 404), only while the feedback step runs.
 */
export function assertCanObject(m: Membership, matching: Reviewed, feedbackOpen: boolean) {
  assertAuthor(m, matching);
  if (!matching.isCompleted) throw new AppError('not_found');
  if (!feedbackOpen) throw new AppError('objection_not_open');
}

/** An objection is read by its author and the assignment's managers (not an assistant who takes part). */
export function assertCanReadObjection(m: AssignmentMembership, matching: Reviewed) {
  if (!isManager(m)) assertAuthor(m, matching);
}

/** Its author changes or withdraws an objection while the feedback step runs and it awaits a ruling. */
export function assertCanChangeObjection(
  m: Membership,
  matching: Reviewed,
  objection: { status: number },
  feedbackOpen: boolean,
) {
  assertAuthor(m, matching);
  if (!feedbackOpen || objection.status !== OBJECTION_STATUS.pending)
    throw new AppError('objection_not_open');
}

/**
 * The assignment's managers rule on objections (an assistant who takes part: 403), but nobody on
 * an objection to a review of her own essay (the instructor's seat: 403). Without the matching,
 * only the first half (asked before anything is read).
 */
export function assertCanRuleOnObjection(m: AssignmentMembership, matching?: Reviewed) {
  assertCanManageReviews(m);
  if (matching) assertNotOwnWork(m, matching.targetId);
}

/** The disputed review (with names) comes with an objection to the instructor and assistants only. */
export const seesDisputedReview = (m: Membership) => isManager(m);

/**
 * An accepted objection changes the disputed review: at least one point ends up adjusted (400 on
 * `responses` otherwise; the shared messages ship with the sign-in page, at its budget, so the
 * general "invalid" text: the ruling dialog says why beside its disabled button).
 */
export function assertAcceptanceChangesPoints(points: readonly { editedPoint: number | null }[]) {
  if (!points.some((p) => p.editedPoint !== null))
    throw validationError({ responses: ['validation.invalid'] });
}
