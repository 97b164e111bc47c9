import { AppError } from '../../lib/errors';
import {
  type AssignmentMembership,
  assertNotOwnWork,
  isManager,
  type Membership,
} from '../courses/courses.policy';

/** Who reads and writes reports and the score page: pure decisions on a loaded membership. */

/** Is this the caller's own report (an active learner's, of their own enrolment)? */
export const isOwnReport = (m: Membership, report: { enrollmentId: number }) =>
  m.isLearner && m.enrollment?.id === report.enrollmentId;

/**
 * A learner reads only their own report, and only once its scores are out (`released`: the
 * assignment is complete and, when it holds its scores, released — `learnersSeeScores`); the
 * assignment's managers (the instructor, assistants who do not take part in it) read any of its
 * reports. Anyone else, an assistant taking part included: 404. Returns whether it is the
 * caller's own (which adds the reviews they gave).
 */
export function assertCanReadReport(
  m: AssignmentMembership,
  report: { enrollmentId: number },
  released: boolean,
) {
  const mine = isOwnReport(m, report);
  if (!isManager(m) && !(mine && released)) throw new AppError('not_found');
  return mine;
}

/**
 * Who reviewed whom, by name and with links to their reports: the assignment's managers, on
 * someone else's report (never a learner, nor an assistant who takes part).
 */
export const seesPeerLinks = (m: AssignmentMembership, report: { enrollmentId: number }) =>
  isManager(m) && !isOwnReport(m, report);

/** The revision score a trace suggests is told to the managers scoring it, not to its author. */
export const seesRevisionSuggestion = (m: AssignmentMembership, report: { enrollmentId: number }) =>
  isManager(m) && !isOwnReport(m, report);

/**
 * The comment and the revision score are written by the assignment's managers (learners and
 * assistants who take part 403, others 404), never on their own report (the instructor's seat:
 * 403). Without the report, only the first half (asked before anything is read).
 */
export function assertCanEditReport(m: AssignmentMembership, report?: { enrollmentId: number }) {
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
  if (report) assertNotOwnWork(m, report.enrollmentId);
}

/** The score page (every learner's scores and raters, by name): the assignment's managers. */
export function assertCanSeeScorePage(m: AssignmentMembership) {
  if (!isManager(m)) throw new AppError(m.isLearner ? 'permission_denied' : 'not_found');
}
