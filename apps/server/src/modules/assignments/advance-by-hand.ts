import type { StageCode } from '@pw/contract';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { assertCanSeeAssignment } from './assignments.policy';
import type { AssignmentDeps, AssignmentIds } from './assignments.queries';
import { assignmentAnswer } from './get-assignment';
import { moveToNextStage } from './stage-runner';

/**
 * Moves an assignment one step on by hand (instructor and assistants who do not take part), from the stage the
 * confirmation showed when `expected` is given; returns it as moved. The assignment and its
 * stages are read once, locked, by the move itself.
 */
export async function advanceByHand(
  input: AssignmentDeps & AssignmentIds & { caller: Caller; expected: StageCode | undefined; now: Date },
) {
  const m = await loadAssignmentManager(input.db, input.caller, input);
  const moved = await moveToNextStage(input.db, {
    courseId: m.course.id,
    assignmentId: input.assignmentId,
    now: input.now,
    expectedStage: input.expected,
    authorize: (a) => assertCanSeeAssignment(m, a),
  });
  return assignmentAnswer(input, m, moved);
}
