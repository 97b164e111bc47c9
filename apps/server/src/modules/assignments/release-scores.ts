import { eq } from 'drizzle-orm';
import { assignments } from '../../db/schema';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { markGradesPending } from '../lti/grade-passback';
import { notifyScoresReady } from '../notifications/stage-notifications';
import { loadAssignment } from './assignment-loader';
import { withRow } from './assignment-shape';
import { assertCanReleaseScores, assertCanSeeAssignment } from './assignments.policy';
import type { AssignmentDeps, AssignmentIds } from './assignments.queries';
import { assignmentAnswer } from './get-assignment';
import { isHeld } from './release';

/**
 * POST …/release-scores/ (the instructor and assistants who run the assignment): releases a held
 * assignment's scores to every learner at once and tells them their scores are ready. The row is
 * locked, so of two releases at once one releases and tells, the other finds it released and
 * changes nothing (idempotent; an assignment not held is released already). Who released it and
 * when stay on the assignment.
 */
export async function releaseScores(input: AssignmentDeps & AssignmentIds & { caller: Caller; now: Date }) {
  const { db, now } = input;
  const m = await loadAssignmentManager(db, input.caller, input);
  const shape = await db.transaction(async (tx) => {
    const locked = await loadAssignment(tx, {
      assignmentId: input.assignmentId,
      courseId: m.course.id,
      lock: 'update',
    });
    assertCanSeeAssignment(m, locked.row);
    assertCanReleaseScores(locked);
    if (!isHeld(locked.row)) return locked;
    const changes = { scoresReleasedAt: now, scoresReleasedBy: input.caller.user.id, updatedAt: now };
    await tx.update(assignments).set(changes).where(eq(assignments.id, locked.row.id));
    const released = withRow(locked, changes);
    await notifyScoresReady(tx, released, 'release');
    // Released: the LMS-linked learners' totals wait to be sent to the line item (issue 31).
    await markGradesPending(tx, locked.row.id, now);
    return released;
  });
  return assignmentAnswer(input, m, shape);
}
