import { AppError } from '../../lib/errors';
import type { AssignmentMembership } from '../courses/courses.policy';
import { isManager } from '../courses/courses.policy';
import {
  assertCanReadPerformance,
  assertCanWritePerformance,
  isOwner,
} from '../performances/performances.policy';

/**
 * The revision trace is the revision's: its author reads and marks it, the assignment's managers
 * (instructor, assistants who do not take part) read it; anyone else 404 as for the work itself.
 * Only the revision's performance has a trace (another stage's work: 404).
 */
export function assertCanReadTrace(m: AssignmentMembership, ownerEnrollmentId: number, model: string) {
  assertCanReadPerformance(m, ownerEnrollmentId);
  if (model !== 'revisement') throw new AppError('not_found');
}

/** Only the author marks the comments they received (managers read: 403). */
export function assertCanWriteTrace(m: AssignmentMembership, ownerEnrollmentId: number, model: string) {
  assertCanReadTrace(m, ownerEnrollmentId, model);
  assertCanWritePerformance(m, ownerEnrollmentId);
}

/** The suggested revision score is the instructor's and assistants' (never the author's). */
export const seesSuggestion = (m: AssignmentMembership, ownerEnrollmentId: number) =>
  isManager(m) && !isOwner(m, ownerEnrollmentId);
