import type { CalibrationEvidence } from '@pw/domain';
import type { Db, Tx } from '../../db/client';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { closenessOf } from './calibration.presenter';
import { answersByLearner, examplesOf } from './calibration.queries';

/**
 * The scoring engine's calibration evidence: each learner's overall closeness over the examples
 * they submitted (none without examples, or for a learner who submitted none).
 */
export async function calibrationEvidence(
  db: Db | Tx,
  shape: Pick<AssignmentShape, 'stage' | 'standards'> & { row: { id: number } },
): Promise<CalibrationEvidence[]> {
  const examples = examplesOf(shape);
  if (examples.length === 0) return [];
  const answers = await answersByLearner(db, shape.row.id);
  return [...answers].flatMap(([id, list]) => {
    const { overall } = closenessOf(examples, shape.standards, list);
    return overall === null ? [] : [{ learnerId: String(id), closeness: overall }];
  });
}
