import { PARTICIPATION_STATUS } from '@pw/contract';
import { AppError } from '../../lib/errors';
import { type AssignmentMembership, isManager, type Membership } from '../courses/courses.policy';

/**
 * Who may see a learner's work: its owner, and the assignment's managers (the instructor, and
 * assistants who do not take part in it). Anyone else gets 404, so performance ids reveal nothing.
 */
export function assertCanReadPerformance(m: AssignmentMembership, ownerEnrollmentId: number) {
  if (m.enrollment?.id === ownerEnrollmentId && m.isLearner) return;
  if (isManager(m)) return;
  throw new AppError('not_found');
}

/** Only the learner who owns the work saves it (the instructor and assistants read it). */
export function assertCanWritePerformance(m: AssignmentMembership, ownerEnrollmentId: number) {
  assertCanReadPerformance(m, ownerEnrollmentId);
  if (m.enrollment?.id !== ownerEnrollmentId || !m.isLearner) throw new AppError('permission_denied');
}

export const isOwner = (m: Membership, ownerEnrollmentId: number) =>
  m.enrollment?.id === ownerEnrollmentId && m.isLearner;

/** Only a participating learner's work is saved (a withdrawn request or one awaiting approval is 406). */
export function assertParticipating(status: number | null) {
  if (status !== PARTICIPATION_STATUS.participating) throw new AppError('not_participating');
}
