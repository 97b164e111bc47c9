import { PARTICIPATION_STATUS } from '@pw/contract';
import { AppError } from '../../lib/errors';
import { type AssignmentMembership, isManager } from '../courses/courses.policy';

/**
 * Calibration (issue 34, item 1). The assignment's managers read everyone's closeness (and the
 * examples with the instructor's points); a learner who takes part reads and saves only their own;
 * anyone else in the course 404 (as for work that is not theirs). Outside the course or the
 * organisation the membership's own 404 applies. An assignment without a peer-review stage has no
 * calibration (404).
 */
export type CalibrationReader = { kind: 'staff' } | { kind: 'learner'; enrollmentId: number };

export function calibrationReaderOf(m: AssignmentMembership): CalibrationReader {
  if (isManager(m)) return { kind: 'staff' };
  if (m.takesPart && m.enrollment) return { kind: 'learner', enrollmentId: m.enrollment.id };
  throw new AppError('not_found');
}

/** Only a learner saves their own calibration (the staff read it: 403). */
export function assertCanSaveCalibration(reader: CalibrationReader): number {
  if (reader.kind !== 'learner') throw new AppError('permission_denied');
  return reader.enrollmentId;
}

/** A learner whose participation is pending or withdrawn reads but does not save. */
export function assertParticipatingLearner(status: number | null | undefined) {
  if (status !== PARTICIPATION_STATUS.participating) throw new AppError('not_participating');
}
