// Small numeric helpers shared by the score kinds, and the two measures of how well ratings
// follow a consensus: closeness and discrimination.
import { PLAIN_YARDSTICK_SHARE, SLACK_POINTS, TOLERATED_DEVIATION, ZERO_CREDIT_DEVIATION } from './constants';

/** Leave-one-out consensus is computed by subtraction: a share off by this much is the same. */
const FLOAT_TOLERANCE = 1e-9;
/** Means of marks compared with whole points: 2.5000000001 still fits a 2 within half a point. */
const POINT_TOLERANCE = 1e-6;

/**
 * Running sums of one rater's ratings against a consensus, all as shares of the scale (0..1).
 * Sums rather than lists, because the reliability loop recomputes them every round.
 */
export interface ComparisonSums {
  count: number;
  /** Σ max(0, |given − consensus| − slack)² */
  excessSquares: number;
  /** Σ (given − consensus)² */
  squares: number;
  /** Σ (given − the others' plain mean)² */
  plainSquares: number;
  /** Σ rounding variance = Σ slack² / 3 */
  rounding: number;
  /** Σ variance of the consensus compared with: how unsure the others' figure itself is. */
  consensusVariance: number;
  perStandard: StandardSums[];
  /**
   * Every comparison as it was added, while the marks have not varied: the tracking test needs
   * each essay's consensus for marks that never vary. Null once a mark differs on a standard.
   */
  comparisons: Comparison[] | null;
}

export interface Comparison {
  standardIndex: number;
  given: number;
  consensus: number;
  consensusVariance: number;
}

interface StandardSums {
  count: number;
  /** Half a point as a share of this standard's scale. */
  slack: number;
  /**
   * Lowest and highest rating given, and of the others' plain mean marks (unweighted, as they
   * gave them) on the essays compared: the same-mark rule needs the ranges.
   */
  givenMin: number;
  givenMax: number;
  othersMin: number;
  othersMax: number;
  given: number;
  consensus: number;
  givenTimesConsensus: number;
  consensusSquares: number;
}

// Arithmetic mean, or null for no values.
export function computeMean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

// Population standard deviation, or null for no values.
export function computeStd(values: readonly number[]): number | null {
  const mean = computeMean(values);
  if (mean === null) return null;
  let sum = 0;
  for (const v of values) sum += (v - mean) ** 2;
  return Math.sqrt(sum / values.length);
}

// Starts empty comparison sums for a rubric with `standardCount` standards.
export function createComparisonSums(standardCount: number): ComparisonSums {
  const perStandard: StandardSums[] = [];
  for (let i = 0; i < standardCount; i++) {
    perStandard.push({
      count: 0,
      slack: 0,
      givenMin: Number.POSITIVE_INFINITY,
      givenMax: Number.NEGATIVE_INFINITY,
      othersMin: Number.POSITIVE_INFINITY,
      othersMax: Number.NEGATIVE_INFINITY,
      given: 0,
      consensus: 0,
      givenTimesConsensus: 0,
      consensusSquares: 0,
    });
  }
  return {
    count: 0,
    excessSquares: 0,
    squares: 0,
    plainSquares: 0,
    rounding: 0,
    consensusVariance: 0,
    perStandard,
    comparisons: [],
  };
}

/** What else is known about the consensus a rating is compared with. */
export interface ComparisonContext {
  /** How unsure the consensus is (variance, share²); 0 = exact, as the true quality is. */
  consensusVariance?: number;
  /** The others' plain mean mark (share) when the consensus is weighted or corrected. */
  othersMean?: number;
}

// Adds one rating (given) and the consensus it is compared with; slack = half a point as a share.
export function addComparison(
  sums: ComparisonSums,
  standardIndex: number,
  given: number,
  consensus: number,
  slack: number,
  context: ComparisonContext = {},
): void {
  const consensusVariance = context.consensusVariance ?? 0;
  const othersMean = context.othersMean ?? consensus;
  const standard = sums.perStandard[standardIndex];
  if (standard === undefined) return;
  const deviation = given - consensus;
  sums.count += 1;
  sums.squares += deviation * deviation;
  sums.plainSquares += (given - othersMean) ** 2;
  sums.excessSquares += Math.max(0, Math.abs(deviation) - slack) ** 2;
  // Rounding to whole points has variance (1/12) point² = slack² / 3.
  sums.rounding += (slack * slack) / 3;
  sums.consensusVariance += consensusVariance;
  if (standard.count > 0 && Math.abs(given - standard.given / standard.count) > FLOAT_TOLERANCE) {
    sums.comparisons = null;
  }
  sums.comparisons?.push({ standardIndex, given, consensus, consensusVariance });
  standard.count += 1;
  standard.slack = slack;
  standard.givenMin = Math.min(standard.givenMin, given);
  standard.givenMax = Math.max(standard.givenMax, given);
  standard.othersMin = Math.min(standard.othersMin, othersMean);
  standard.othersMax = Math.max(standard.othersMax, othersMean);
  standard.given += given;
  standard.consensus += consensus;
  standard.givenTimesConsensus += given * consensus;
  standard.consensusSquares += consensus * consensus;
}

// Closeness, 0..1: 1 − RMS(deviation beyond the slack) ÷ ZERO_CREDIT_DEVIATION, floored at 0.
export function measureCloseness(sums: ComparisonSums): number | null {
  if (sums.count === 0) return null;
  const rms = Math.sqrt(sums.excessSquares / sums.count);
  return Math.max(0, 1 - rms / ZERO_CREDIT_DEVIATION);
}

// A reviewer's closeness, 0..1, from their squared distance to the others' marks on the same
// essays with what no reviewer can avoid taken off: rounding to whole points, and (for the
// weighted consensus) the consensus's own uncertainty. The yardstick is part the others' plain
// mean (PLAIN_YARDSTICK_SHARE) and part their reliability-weighted consensus: the weighted one
// discounts bad reviewers but is fitted on everyone's marks, the reviewer's own included, which
// pulls it a little towards them; the plain one has neither virtue nor flaw. What remains beyond
// TOLERATED_DEVIATION² costs credit, through a softplus so that the figure keeps falling, however
// little, with every step away from the others (no ties at the top):
// closeness = 1 − √softplus(excess − t²) ÷ ZERO_CREDIT_DEVIATION, floored at 0.
export function measureReviewerCloseness(sums: ComparisonSums): number | null {
  if (sums.count === 0) return null;
  const weighted = sums.squares - sums.consensusVariance;
  const blended = PLAIN_YARDSTICK_SHARE * sums.plainSquares + (1 - PLAIN_YARDSTICK_SHARE) * weighted;
  const excess = (blended - sums.rounding) / sums.count;
  const tolerance = TOLERATED_DEVIATION * TOLERATED_DEVIATION;
  return Math.max(0, 1 - Math.sqrt(softplus(excess - tolerance, tolerance / 16)) / ZERO_CREDIT_DEVIATION);
}

// softplus with a scale: ≈ x well above 0, a small positive figure that still rises with x below.
function softplus(x: number, scale: number): number {
  const z = x / scale;
  return z > 30 ? x : scale * Math.log1p(Math.exp(z));
}

// Discrimination, 0..1: do the ratings rise and fall with the consensus across essays? Within
// each standard both are centred; then the slope (cov + κ) ÷ (var_consensus + κ), capped to 0..1,
// with κ the variance of rounding to whole points. Essays too alike to tell apart → near 1
// (nothing to judge). The same marks on every standard for every essay, where the others tell
// the essays apart by a point or more → exactly 0 (the same-mark rule).
export function measureDiscrimination(sums: ComparisonSums): number | null {
  const slope = measureSlope(sums);
  return slope === null ? null : clamp(slope, 0, 1);
}

// The regularised slope (cov + κ) ÷ (var_consensus + κ) before it is capped to 0..1: below 0
// when the ratings move against the consensus by more than rounding explains. Null without
// comparisons; 0 under the same-mark rule; 1 when there is nothing to judge.
export function measureSlope(sums: ComparisonSums): number | null {
  if (sums.count === 0) return null;
  if (isSameMarkOnDifferentEssays(sums)) return 0;
  let covariance = 0;
  let variance = 0;
  for (const s of sums.perStandard) {
    if (s.count === 0) continue;
    covariance += s.givenTimesConsensus - (s.given * s.consensus) / s.count;
    variance += s.consensusSquares - (s.consensus * s.consensus) / s.count;
  }
  // Centred sums of squares can dip a hair below zero through rounding error.
  variance = Math.max(0, variance);
  if (variance + sums.rounding === 0) return 1;
  return (covariance + sums.rounding) / (variance + sums.rounding);
}

// The same-mark rule: the rater gave exactly the same points on every standard to every essay
// compared, while on at least one standard no single whole mark lies within half a point (the
// slack) of the others' plain mean on every one of those essays. A careful reviewer rounding the
// others' view to whole points could have given such essays one mark (means of 1.5, 2 and 2.5 all
// round to 2), so that is left to the formula; essays the others put where no one mark fits
// (2 and 3, or 1 and 1.67) cannot all deserve the same whole mark.
export function isSameMarkOnDifferentEssays(sums: ComparisonSums): boolean {
  if (!givesSameMarks(sums)) return false;
  for (const s of sums.perStandard) {
    if (s.count === 0 || s.slack <= 0 || s.othersMax - s.othersMin <= FLOAT_TOLERANCE) continue;
    // In points: a whole mark k fits every essay when othersMax − ½ ≤ k ≤ othersMin + ½.
    const maxPoint = SLACK_POINTS / s.slack;
    const low = s.othersMax * maxPoint - SLACK_POINTS;
    const high = s.othersMin * maxPoint + SLACK_POINTS;
    if (Math.ceil(low - POINT_TOLERANCE) > Math.floor(high + POINT_TOLERANCE)) return true;
  }
  return false;
}

// The rater gave exactly the same points on every standard to every essay compared (at least
// two comparisons on some standard).
export function givesSameMarks(sums: ComparisonSums): boolean {
  let repeated = false;
  for (const s of sums.perStandard) {
    if (s.count === 0) continue;
    if (s.givenMax - s.givenMin > FLOAT_TOLERANCE) return false;
    if (s.count > 1) repeated = true;
  }
  return repeated;
}

// Mean of (given − consensus) per standard as a share of the scale: leniency (+) or harshness (−).
export function computeMeanDeviations(sums: ComparisonSums): (number | null)[] {
  return sums.perStandard.map((s) => (s.count === 0 ? null : (s.given - s.consensus) / s.count));
}

// Keeps a value within low..high.
export function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

// Rounds to one decimal, as the product shows scores; the tiny nudge keeps 2.45 (stored as
// 2.4499999…) rounding up like a person would.
export function roundScore(value: number): number {
  return Math.round(value * 10 + 1e-9) / 10;
}
