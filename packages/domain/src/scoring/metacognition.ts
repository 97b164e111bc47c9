// Metacognition (ME): how close the learner's self-assessment is to the peers' consensus on
// their own essay, keeping the sign so the report can say over- or under-confident.
import { SLACK_POINTS } from './constants';
import type { RatingTable } from './ratings';
import { addComparison, createComparisonSums, measureCloseness } from './statistics';
import type { SelfAssessment } from './types';

export interface Metacognition {
  /** Null when the learner assessed themself but no peer consensus exists: the class average stands in. */
  value: number | null;
  selfAssessment: SelfAssessment | null;
}

// ME = max × closeness(self, consensus); signed gap = Σ(self − consensus) ÷ Σ maxPoint.
export function scoreMetacognition(
  max: number,
  table: RatingTable,
  authorId: string,
  consensus: readonly (number | null)[] | undefined,
): Metacognition {
  const self = table.selfReviews.get(authorId);
  if (self === undefined) return { value: 0, selfAssessment: null };
  const sums = createComparisonSums(table.standards.length);
  let gapPoints = 0;
  let possible = 0;
  for (const r of self.ratings) {
    const peers = consensus?.[r.standardIndex] ?? null;
    const maxPoint = table.standards[r.standardIndex]?.maxPoint ?? 0;
    if (peers === null) continue;
    addComparison(sums, r.standardIndex, r.given, peers, table.slack[r.standardIndex] ?? 0);
    gapPoints += (r.given - peers) * maxPoint;
    possible += maxPoint;
  }
  const closeness = measureCloseness(sums);
  if (closeness === null) return { value: null, selfAssessment: null };
  const signedGap = gapPoints / possible;
  // Over- or under-confident only beyond half a point per standard on average.
  const limit = (SLACK_POINTS * sums.count) / possible;
  const label = signedGap > limit ? 'over' : signedGap < -limit ? 'under' : 'accurate';
  return { value: max * closeness, selfAssessment: { signedGap, label } };
}
