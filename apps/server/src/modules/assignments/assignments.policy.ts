import { AppError } from '../../lib/errors';
import { type EnrollmentRow, isManager, type Membership } from '../courses/courses.policy';

/** The instructor and assistants see unpublished assignments too; learners only published ones. */
export function seesUnpublished(m: Pick<Membership, 'isInstructor' | 'isAssistant'>): boolean {
  return isManager(m);
}

/** An unpublished assignment does not exist for learners (404, so its id reveals nothing). */
export function assertCanSeeAssignment(m: Membership, a: { isPublic: boolean }) {
  if (!a.isPublic && !seesUnpublished(m)) throw new AppError('not_found');
}

/** Only an active learner of the course (assistants included) asks to take part; returns their enrolment. */
export function participantOf(m: Membership): EnrollmentRow {
  if (!m.enrollment || !m.isLearner) throw new AppError('permission_denied');
  return m.enrollment;
}

/**
 * Attendance is recorded against a learner's enrolment: members without one (the instructor, or
 * her seat made only for staff fill-in reviews) get 403.
 */
export function attendeeOf(m: Membership): EnrollmentRow {
  if (!m.enrollment || !m.isLearner) throw new AppError('permission_denied');
  return m.enrollment;
}

/** Scores are released only once the assignment is complete (409 before). */
export function assertCanReleaseScores(shape: { code: string }) {
  if (shape.code !== 'CO') throw new AppError('assignment_not_complete');
}
