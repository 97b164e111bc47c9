// Essay writing (ES): the reliability-weighted consensus of the peers' points, as a share of the
// rubric's total points.
import type { RatingTable } from './ratings';
import { computeMean, computeStd } from './statistics';
import type { StandardPoints } from './types';

export interface EssayWriting {
  /** Null when the learner has an essay but no completed peer review: the class average stands in. */
  value: number | null;
  points: StandardPoints[];
}

// ES = max × Σ_s consensus_s·maxPoint_s ÷ Σ_s maxPoint_s over the standards that were rated.
export function scoreEssayWriting(
  max: number,
  table: RatingTable,
  authorId: string,
  hasEssay: boolean,
  consensus: readonly (number | null)[] | undefined,
): EssayWriting {
  const points = describePoints(table, authorId, consensus);
  if (!hasEssay) return { value: 0, points };
  let earned = 0;
  let possible = 0;
  table.standards.forEach((standard, i) => {
    const share = consensus?.[i] ?? null;
    if (share === null) return;
    earned += share * standard.maxPoint;
    possible += standard.maxPoint;
  });
  return { value: possible > 0 ? (max * earned) / possible : null, points };
}

// The report's per-standard view: plain avg/std of the points received, the consensus the score
// uses, and the learner's own point and its gap to the consensus.
function describePoints(
  table: RatingTable,
  authorId: string,
  consensus: readonly (number | null)[] | undefined,
): StandardPoints[] {
  const received: number[][] = table.standards.map(() => []);
  for (const review of table.peerReviewsByAuthor.get(authorId) ?? []) {
    for (const r of review.ratings) {
      const max = table.standards[r.standardIndex]?.maxPoint ?? 0;
      received[r.standardIndex]?.push(r.given * max);
    }
  }
  const self = table.selfReviews.get(authorId);
  return table.standards.map((standard, i) => {
    const values = received[i] ?? [];
    const share = consensus?.[i] ?? null;
    const selfShare = self?.ratings.find((r) => r.standardIndex === i)?.given ?? null;
    const consensusPoint = share === null ? null : share * standard.maxPoint;
    const selfPoint = selfShare === null ? null : selfShare * standard.maxPoint;
    return {
      standardId: standard.id,
      question: standard.question ?? '',
      maxPoint: standard.maxPoint,
      avg: computeMean(values),
      std: computeStd(values),
      count: values.length,
      consensus: consensusPoint,
      selfPoint,
      selfGap: consensusPoint === null || selfPoint === null ? null : selfPoint - consensusPoint,
    };
  });
}
