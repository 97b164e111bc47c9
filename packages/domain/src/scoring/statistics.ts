// Small numeric helpers shared by the score kinds, and the two measures of how well ratings
// follow a consensus: closeness and discrimination.
import {
  AGREED_CEILING_SHARE,
  PLAIN_YARDSTICK_SHARE,
  SLACK_POINTS,
  TOLERATED_DEVIATION,
  ZERO_CREDIT_DEVIATION,
} from './constants';

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
  /** Σ |given − the others' plain mean|: the test of whether reviewers differ (testReviewerDifferences). */
  plainDistance: number;
  /**
   * Σ the expected squared error of the rating given its deviation d from the weighted consensus:
   * (λd)² + λV with λ = σ² ÷ (σ² + V), σ² a reviewer's error variance (ComparisonContext).
   */
  expectedSquares: number;
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
// Indexed loops here and in computeStd: the engine calls them thousands of times per class, and a
// `for … of` that V8 does not optimise away allocates an iterator result per value.
export function computeMean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] ?? 0;
  return sum / values.length;
}

// Population standard deviation, or null for no values.
export function computeStd(values: readonly number[]): number | null {
  const mean = computeMean(values);
  if (mean === null) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += ((values[i] ?? 0) - mean) ** 2;
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
    plainDistance: 0,
    expectedSquares: 0,
    rounding: 0,
    consensusVariance: 0,
    perStandard,
    comparisons: [],
  };
}

// Empties comparison sums in place, as createComparisonSums starts them: the reliability loop
// measures every reviewer afresh each round in the same sums instead of allocating new ones.
export function clearComparisonSums(sums: ComparisonSums): void {
  sums.count = 0;
  sums.excessSquares = 0;
  sums.squares = 0;
  sums.plainSquares = 0;
  sums.plainDistance = 0;
  sums.expectedSquares = 0;
  sums.rounding = 0;
  sums.consensusVariance = 0;
  for (const standard of sums.perStandard) {
    standard.count = 0;
    standard.slack = 0;
    standard.givenMin = Number.POSITIVE_INFINITY;
    standard.givenMax = Number.NEGATIVE_INFINITY;
    standard.othersMin = Number.POSITIVE_INFINITY;
    standard.othersMax = Number.NEGATIVE_INFINITY;
    standard.given = 0;
    standard.consensus = 0;
    standard.givenTimesConsensus = 0;
    standard.consensusSquares = 0;
  }
  if (sums.comparisons === null) sums.comparisons = [];
  else sums.comparisons.length = 0;
}

/** What else is known about the consensus a rating is compared with. */
export interface ComparisonContext {
  /** How unsure the consensus is (variance, share²); 0 = exact, as the true quality is. */
  consensusVariance?: number;
  /** The others' plain mean mark (share) when the consensus is weighted or corrected. */
  othersMean?: number;
  /**
   * A reviewer's error variance before their marks are seen (share²): how much of a deviation from
   * an uncertain consensus is taken as the reviewer's own error. Without it, all of it is.
   */
  errorVariance?: number;
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
  sums.plainDistance += Math.abs(given - othersMean);
  // Of a deviation d from a consensus with variance V, the reviewer's own error is expected to be
  // λd, give or take λV, with λ = σ² ÷ (σ² + V): E[error²] = (λd)² + λV.
  const prior = context.errorVariance;
  const own = prior === undefined || prior + consensusVariance <= 0 ? 1 : prior / (prior + consensusVariance);
  sums.expectedSquares += (own * deviation) ** 2 + own * consensusVariance;
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

// A reviewer's closeness, 0..1 (the evaluation-ability score's): how far their marks are expected
// to be from the essays' quality, judged by the others' marks on the same essays, with what no
// reviewer can avoid (rounding to whole points) taken off. The yardstick is decided for the whole
// class (testReviewerDifferences):
// - the others' plain mean, when the reviewers do not differ in their distance from the others
//   beyond what chance gives: every other reviewer is then as good a judge as the next, and their
//   plain mean is the best yardstick there is (a weighted one only adds the noise of its weights);
// - when they do, the others' reliability-weighted consensus, through the expected squared error
//   given the deviation from it and its own uncertainty ((λd)² + λV, addComparison).
// What remains beyond TOLERATED_DEVIATION² costs credit (closenessOf).
export function measureReviewerCloseness(sums: ComparisonSums, weighted: boolean): number | null {
  if (sums.count === 0) return null;
  return closenessOf((weighted ? sums.expectedSquares : sums.plainSquares) / sums.count, sums);
}

// The agreement the red marks use (trust, section 9 of docs/scoring.md): the squared distance half
// from the others' plain mean (PLAIN_YARDSTICK_SHARE) and half from their weighted consensus less
// its uncertainty, whatever the class. Kept apart from the score's closeness because the red marks
// single out same-mark, max-giver and contrarian reviewers better with it.
export function measureAgreement(sums: ComparisonSums): number | null {
  if (sums.count === 0) return null;
  const weighted = sums.squares - sums.consensusVariance;
  const blended = PLAIN_YARDSTICK_SHARE * sums.plainSquares + (1 - PLAIN_YARDSTICK_SHARE) * weighted;
  return closenessOf(blended / sums.count, sums);
}

// Marks at the top of the scale on every standard and essay, close to the others (the agreement's
// mean squared distance, rounding off, within AGREED_CEILING_SHARE of TOLERATED_DEVIATION²): the
// others, too, put these essays at the ceiling, where a careful reviewer's marks cannot vary
// either. The red marks do not hold the tracking doubt against such a reviewer (combineTrust).
export function isAgreedCeiling(sums: ComparisonSums): boolean {
  if (sums.count === 0) return false;
  for (const s of sums.perStandard) {
    if (s.count > 0 && s.givenMin < 1 - FLOAT_TOLERANCE) return false;
  }
  const weighted = sums.squares - sums.consensusVariance;
  const blended = PLAIN_YARDSTICK_SHARE * sums.plainSquares + (1 - PLAIN_YARDSTICK_SHARE) * weighted;
  return (
    (blended - sums.rounding) / sums.count <= AGREED_CEILING_SHARE * TOLERATED_DEVIATION * TOLERATED_DEVIATION
  );
}

// 1 − √softplus(mean squares − rounding − t²) ÷ ZERO_CREDIT_DEVIATION, floored at 0: the softplus
// keeps the figure falling, however little, with every step away from the others (no ties at the top).
function closenessOf(meanSquares: number, sums: ComparisonSums): number {
  const excess = meanSquares - sums.rounding / sums.count;
  const tolerance = TOLERATED_DEVIATION * TOLERATED_DEVIATION;
  return Math.max(0, 1 - Math.sqrt(softplus(excess - tolerance, tolerance / 16)) / ZERO_CREDIT_DEVIATION);
}

// Do the reviewers of a class differ in how far their marks are from the others' beyond what
// chance gives? A one-way analysis of variance of the distances |given − the others' plain mean|,
// grouped by reviewer (Levene's test, on distances from the others rather than from each group's
// own centre): F = (spread between the reviewers' mean distances ÷ (k − 1)) ÷ (spread within
// them ÷ (N − k)). Returns the probability of an F at least this large if every reviewer were
// alike (the p-value); 1 when there is nothing to compare.
export function testReviewerDifferences(groups: readonly ComparisonSums[]): number {
  let total = 0;
  let count = 0;
  let reviewers = 0;
  for (const g of groups) {
    if (g.count === 0) continue;
    total += g.plainDistance;
    count += g.count;
    reviewers += 1;
  }
  if (reviewers < 2 || count <= reviewers) return 1;
  const grand = total / count;
  let between = 0;
  let within = 0;
  for (const g of groups) {
    if (g.count === 0) continue;
    const mean = g.plainDistance / g.count;
    between += g.count * (mean - grand) ** 2;
    // Σ |d|² is Σ d², the plain squares.
    within += Math.max(0, g.plainSquares - g.count * mean * mean);
  }
  if (within <= 1e-15) return between <= 1e-15 ? 1 : 0;
  return upperTailF(
    between / (reviewers - 1) / (within / (count - reviewers)),
    reviewers - 1,
    count - reviewers,
  );
}

// P(F(d1, d2) > f) = I_{d2 / (d2 + d1 f)}(d2/2, d1/2), the regularised incomplete beta function.
export function upperTailF(f: number, d1: number, d2: number): number {
  if (!(f > 0)) return 1;
  return incompleteBeta(d2 / 2, d1 / 2, d2 / (d2 + d1 * f));
}

// Regularised incomplete beta function I_x(a, b) by its continued fraction (Numerical Recipes 6.4).
function incompleteBeta(a: number, b: number, x: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2)
    ? (front * betaFraction(a, b, x)) / a
    : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    const even = (m * (b - m) * x) / ((a - 1 + m2) * (a + m2));
    d = 1 / (Math.abs(1 + even * d) < tiny ? tiny : 1 + even * d);
    c = Math.abs(1 + even / c) < tiny ? tiny : 1 + even / c;
    h *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + 1 + m2));
    d = 1 / (Math.abs(1 + odd * d) < tiny ? tiny : 1 + odd * d);
    c = Math.abs(1 + odd / c) < tiny ? tiny : 1 + odd / c;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-12) break;
  }
  return h;
}

// ln Γ(x) for x > 0 (Lanczos, Numerical Recipes 6.1; relative error below 2e-10).
function logGamma(x: number): number {
  const coefficients = [
    76.18009172947146, -86.50532032941678, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2,
    -0.5395239384953e-5,
  ];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let series = 1.000000000190015;
  for (const c of coefficients) {
    y += 1;
    series += c / y;
  }
  return -tmp + Math.log((2.5066282746310007 * series) / x);
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
