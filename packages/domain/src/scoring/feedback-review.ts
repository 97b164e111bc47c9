// Feedback review (FE): how helpful the authors found the learner's reviews, with each author's
// stars adjusted for that author's own leniency or harshness.
import { HELPFULNESS_PRIOR_RATINGS, MIN_RATINGS_FOR_RATER_ADJUSTMENT } from './constants';
import { compareText } from './ratings';
import { clamp, computeMean, computeStd } from './statistics';
import type { FeedbackPoint, HelpfulnessRating } from './types';

export interface FeedbackReview {
  /** Null when the learner reviewed but nobody rated those reviews: the class average stands in. */
  value: number | null;
  point: FeedbackPoint;
}

/** Ratings received per reviewer, raw and adjusted. */
export type ReceivedRatings = Map<string, { raw: number[]; adjusted: number[] }>;

// Adjusts every rating: an author who gave at least MIN_RATINGS_FOR_RATER_ADJUSTMENT ratings has
// their stars shifted by (class mean − their mean), so a harsh rater's 3 stars count like a
// lenient rater's 4. Results stay within 1..maxPoint.
export function adjustHelpfulness(ratings: readonly HelpfulnessRating[], maxPoint: number): ReceivedRatings {
  const sorted = [...ratings].sort(
    (a, b) => compareText(a.reviewerId, b.reviewerId) || compareText(a.raterId, b.raterId),
  );
  const byRater = new Map<string, number[]>();
  const points = sorted.map((r) => clamp(r.point, 1, maxPoint));
  sorted.forEach((r, i) => {
    const list = byRater.get(r.raterId) ?? [];
    list.push(points[i] ?? 0);
    byRater.set(r.raterId, list);
  });
  const averageMeasured = computeMean(points) ?? 0;
  const received: ReceivedRatings = new Map();
  sorted.forEach((r, i) => {
    const raw = points[i] ?? 0;
    const own = byRater.get(r.raterId) ?? [];
    // The rater's distance from the class, shrunk by HELPFULNESS_PRIOR_RATINGS ratings' worth of
    // "not harsh or lenient": a mean of 3 ratings is mostly the quality of what they happened to read.
    const n = own.length;
    const shrink = n / (n + HELPFULNESS_PRIOR_RATINGS);
    const shift =
      n >= MIN_RATINGS_FOR_RATER_ADJUSTMENT
        ? (averageMeasured - (computeMean(own) ?? averageMeasured)) * shrink
        : 0;
    const entry = received.get(r.reviewerId) ?? { raw: [], adjusted: [] };
    entry.raw.push(raw);
    entry.adjusted.push(clamp(raw + shift, 1, maxPoint));
    received.set(r.reviewerId, entry);
  });
  return received;
}

// FE = max × mean adjusted stars ÷ maxPoint. No completed review means nothing to rate: 0.
export function scoreFeedbackReview(
  max: number,
  maxPoint: number,
  received: ReceivedRatings,
  learnerId: string,
  completedReviews: number,
): FeedbackReview {
  const entry = received.get(learnerId);
  const raw = entry?.raw ?? [];
  const adjustedAvg = computeMean(entry?.adjusted ?? []);
  const point: FeedbackPoint = {
    avg: computeMean(raw),
    std: computeStd(raw),
    count: raw.length,
    adjustedAvg,
  };
  if (adjustedAvg !== null) return { value: (max * adjustedAvg) / maxPoint, point };
  return { value: completedReviews > 0 ? null : 0, point };
}
