import { AppError } from '../../lib/errors';
import { assertInstructor, assertManager, type Membership } from '../courses/courses.policy';

/**
 * Who may change a learner's enrolment: the instructor and assistants withdraw and re-admit
 * learners; only the instructor makes or unmakes assistants, and only the instructor withdraws
 * an assistant (an assistant may not withdraw themself or another assistant).
 */
export function assertCanChangeEnrollment(
  m: Membership,
  target: { isAssistant: boolean },
  change: { is_active?: boolean | undefined; is_assistant?: boolean | undefined },
) {
  assertManager(m);
  if (change.is_assistant !== undefined) assertInstructor(m);
  if (!m.isInstructor && change.is_active === false && target.isAssistant)
    throw new AppError('permission_denied');
}
