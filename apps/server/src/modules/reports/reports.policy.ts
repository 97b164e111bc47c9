import { AppError } from '../../lib/errors';
import { isManager, type Membership } from '../courses/courses.policy';

/** Who reads and writes reports and the score page: pure decisions on a loaded membership. */

/** Is this the caller's own report (an active learner's, of their own enrolment)? */
export const isOwnReport = (m: Membership, report: { enrollmentId: number }) =>
  m.isLearner && m.enrollment?.id === report.enrollmentId;

/**
 * A learner reads only their own report, and only once the assignment is complete; the instructor
 * and assistants read any report of the course. Anyone else: 404. Returns whether it is the
 * caller's own (which adds the reviews they gave).
 */
export function assertCanReadReport(m: Membership, report: { enrollmentId: number }, completed: boolean) {
  const mine = isOwnReport(m, report);
  if (!isManager(m) && !(mine && completed)) throw new AppError('not_found');
  return mine;
}

/**
 * Who reviewed whom, by name and with links to their reports: the instructor and assistants, on
 * someone else's report (never a learner, nor an assistant on their own report as a participant).
 */
export const seesPeerLinks = (m: Membership, report: { enrollmentId: number }) =>
  isManager(m) && !isOwnReport(m, report);

/** The comment and the revision score are written by the instructor and assistants (learners 403, others 404). */
export function assertCanEditReport(m: Membership) {
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
}

/** The score page (every learner's scores and raters, by name): the instructor and assistants. */
export function assertCanSeeScorePage(m: Membership) {
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
}
