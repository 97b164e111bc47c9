// The report's "others" section: how a learner's marks on the essays they reviewed compare with
// the marks the other peer reviewers gave the same essays. Plain means, so every figure can be
// checked by hand; the evaluation-ability score itself uses the engine's consensus (section 5 of
// docs/scoring.md), which this comparison explains but does not replace.
import { computeMean } from './statistics';
import type { Review, Standard } from './types';

export interface GivenStandardComparison {
  standardId: string;
  question: string;
  maxPoint: number;
  /** The mark this reviewer gave (as given, before any instructor adjustment); null if blank. */
  myPoint: number | null;
  /** Mean of the other peer reviewers' marks that count (adjusted where adjusted); null if none. */
  othersAvg: number | null;
  othersCount: number;
}

export interface GivenReviewComparison {
  authorId: string;
  isCompleted: boolean;
  standards: GivenStandardComparison[];
}

export interface GivenReviewsSummary {
  reviews: GivenReviewComparison[];
  /**
   * Per standard, the mean of (my mark − others' mean) over the completed reviews where both
   * exist, in points: positive = more lenient than the other reviewers. Null without any pair.
   */
  bias: { standardId: string; question: string; meanDeviation: number | null; compared: number }[];
}

const counted = (r: Review['responses'][number] | undefined) =>
  r === undefined ? null : (r.editedPoint ?? r.point);

/**
 * Compares `reviewerId`'s peer reviews (self-reviews excluded) with the other completed peer
 * reviews of the same essays. `reviews` may hold the whole class or only the reviews of the
 * essays this reviewer was given; the order of `reviews` for this reviewer is kept.
 */
export function compareGivenReviews(
  standards: readonly Standard[],
  reviews: readonly Review[],
  reviewerId: string,
): GivenReviewsSummary {
  const mine = reviews.filter((r) => r.reviewerId === reviewerId && r.authorId !== reviewerId);
  const comparisons = mine.map((review) => {
    const others = reviews.filter(
      (r) =>
        r.authorId === review.authorId &&
        r.reviewerId !== reviewerId &&
        r.reviewerId !== r.authorId &&
        r.isCompleted,
    );
    return {
      authorId: review.authorId,
      isCompleted: review.isCompleted,
      standards: standards.map((s) => {
        const marks = others.flatMap((o) => {
          const p = counted(o.responses.find((x) => x.standardId === s.id));
          return p === null || !Number.isFinite(p) ? [] : [p];
        });
        const given = review.responses.find((x) => x.standardId === s.id)?.point ?? null;
        return {
          standardId: s.id,
          question: s.question ?? '',
          maxPoint: s.maxPoint,
          myPoint: given !== null && Number.isFinite(given) ? given : null,
          othersAvg: computeMean(marks),
          othersCount: marks.length,
        };
      }),
    };
  });
  const bias = standards.map((s, i) => {
    const gaps = comparisons.flatMap((c) => {
      const x = c.standards[i];
      return c.isCompleted && x && x.myPoint !== null && x.othersAvg !== null
        ? [x.myPoint - x.othersAvg]
        : [];
    });
    return {
      standardId: s.id,
      question: s.question ?? '',
      meanDeviation: computeMean(gaps),
      compared: gaps.length,
    };
  });
  return { reviews: comparisons, bias };
}
