import type { RevisionTrace } from '@pw/contract';
import { suggestedRevisionScore } from '@pw/domain';
import type { Db, Tx } from '../../db/client';
import type { AssignmentShape, ShapeRow } from '../assignments/assignment-shape';
import { traceView } from './traces.presenter';
import { revisionSubmitted, traceInputsOf } from './traces.queries';

/**
 * The author's revision trace as the revision page and the report show it, or null when the
 * assignment has no revision stage. The suggestion only when `withSuggestion` (managers).
 */
export async function revisionTraceOf(input: {
  db: Db | Tx;
  shape: AssignmentShape<ShapeRow & { id: number }>;
  authorId: number;
  editable: boolean;
  withSuggestion: boolean;
}): Promise<RevisionTrace | null> {
  const { db, shape, authorId } = input;
  if (!shape.stage('revisement')) return null;
  const { traceable, marks } = await traceInputsOf(db, shape.row.id, authorId);
  const suggested = input.withSuggestion
    ? suggestedRevisionScore({
        traceable,
        marks,
        maxScore: shape.maxima.RE,
        revisionSubmitted: await revisionSubmitted(db, shape, authorId),
      })
    : null;
  return traceView({ traceable, marks, standards: shape.standards, editable: input.editable, suggested });
}

/** The revision score the author's trace suggests (`origin_revisement_score`), or null. */
export async function suggestedScoreOf(
  db: Db | Tx,
  shape: AssignmentShape<ShapeRow & { id: number }>,
  authorId: number,
) {
  if (!shape.stage('revisement')) return null;
  const { traceable, marks } = await traceInputsOf(db, shape.row.id, authorId);
  return suggestedRevisionScore({
    traceable,
    marks,
    maxScore: shape.maxima.RE,
    revisionSubmitted: await revisionSubmitted(db, shape, authorId),
  });
}
