import { matchWritersFirst } from '@pw/domain';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { type activeParticipants, asDomainParticipants } from '../assignments/participants';

type People = Awaited<ReturnType<typeof activeParticipants>>;

/** The peer stage's choice: learners without a finished essay review too (default off). */
export const nonWritersReviewOf = (shape: AssignmentShape) =>
  shape.stage('peerreview')?.settings.non_writers_review === true;

/**
 * The engine's matching of the essays finished now, as peer review starts it and as "back to the
 * automatic matching" restores it (same seed): the writers review each other first; learners
 * without an essay review only when the stage says so (issue 36).
 */
export function automaticMatching(shape: AssignmentShape, people: People) {
  return matchWritersFirst({
    participants: asDomainParticipants(people),
    peerCount: shape.peerCount,
    seed: `assignment-${shape.row.id}`,
    nonWritersReview: nonWritersReviewOf(shape),
  });
}

/**
 * The participants as the engine's later updates take them (late joiners): only writers review,
 * unless the stage lets everyone.
 */
export function asMatchedParticipants(shape: AssignmentShape, people: People) {
  const everyone = nonWritersReviewOf(shape);
  return asDomainParticipants(people).map((p) => ({ ...p, canReview: everyone || p.hasEssay }));
}
