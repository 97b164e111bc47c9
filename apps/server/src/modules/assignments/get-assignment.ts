import type { Assignment } from '@pw/contract';
import type { Caller, Membership } from '../courses/courses.policy';
import type { AssignmentShape } from './assignment-shape';
import { presentAssignment } from './assignments.presenter';
import { type AssignmentDeps, type AssignmentIds, loadExtras, loadForMember } from './assignments.queries';

/** An assignment the member may see, answered as the API shows it now (its extras read, then presented). */
export async function assignmentAnswer(
  deps: AssignmentDeps,
  m: Membership,
  shape: AssignmentShape,
): Promise<Assignment> {
  const extras = await loadExtras(deps, m, [shape.row.id]);
  return presentAssignment(m, shape, new Date(), extras);
}

/** GET one assignment (any member; learners: published ones). */
export async function getAssignment(input: AssignmentDeps & AssignmentIds & { caller: Caller }) {
  const { m, shape } = await loadForMember(input.db, input.caller, input);
  return assignmentAnswer(input, m, shape);
}
