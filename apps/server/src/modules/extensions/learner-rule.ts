import { saveRule, type WorkRuleError } from '@pw/contract';
import { isExtended, type StageModel } from '@pw/domain';
import type { Db, Tx } from '../../db/client';
import type { AssignmentShape, ShapeRow } from '../assignments/assignment-shape';
import { extensionEndOf } from './extensions.queries';

/**
 * The save rule of one learner's work in a stage at `now`: the stage machine's `saveRule`, and when
 * it refuses, the learner's extension (read only then) may still keep the stage open.
 */
export async function learnerRule(
  db: Db | Tx,
  shape: AssignmentShape<ShapeRow & { id: number }>,
  enrollmentId: number,
  model: StageModel,
  now: Date,
): Promise<WorkRuleError | null> {
  const error = saveRule(shape.steps, shape.stepIndex, model, now);
  if (!error) return null;
  const end = await extensionEndOf(db, { assignmentId: shape.row.id, enrollmentId, model });
  return isExtended(shape.steps, shape.stepIndex, model, now, end) ? null : error;
}
