// Do a reviewer's marks follow the quality of the essays? The probability that they do, given
// what the marks look like beside the others' consensus, from two explanations of the data:
//
// - "tracks": a careful reviewer, whose mark is the consensus plus an error of about
//   TOLERATED_DEVIATION and the consensus's own uncertainty, rounded to whole points;
// - "does not track": marks that stay put (the same mark for everything, the maximum for
//   everything) or move against the others (high for weak essays, low for strong ones).
//
// With a prior share of reviewers who do not track (UNVARYING_PRIOR for marks that never vary,
// AGAINST_PRIOR for marks that vary), Bayes' rule gives the probability of "tracks", taken
// relative to the prior so that marks that say nothing either way keep all their credit. It is near 1 for an honest reviewer, falls towards 0 only when the data
// clearly tell the two apart, and stays high where they cannot (essays too alike to show whether
// the marks follow them): a reviewer is never condemned by chance.
import { AGAINST_PRIOR, SLACK_POINTS, TOLERATED_DEVIATION, UNVARYING_PRIOR } from './constants';
import type { Comparison, ComparisonSums } from './statistics';
import { givesSameMarks } from './statistics';

/** Others' mean marks this close (share of the scale) count as the same. */
const SAME_TOLERANCE = 1e-9;
/** A careful reviewer's own error (share of the scale), beside rounding and the consensus's. */
const CAREFUL_VARIANCE = TOLERATED_DEVIATION * TOLERATED_DEVIATION;

export interface Tracking {
  /** Probability that the marks follow the essays' quality, 0..1. */
  probability: number;
  /** How likely a careful reviewer's marks were to look like these, relative to the other explanation. */
  likelihoodRatio: number;
  /** The marks never vary (the same mark per standard on every essay): only then does `endMark` matter. */
  unvarying: boolean;
}

// Null without comparisons. `endMark` (the red marks' test, not the weights'): marks that never
// vary and sit at an end of the scale are judged on that mark (below).
export function measureTracking(sums: ComparisonSums, endMark = false): Tracking | null {
  if (sums.count === 0) return null;
  const unvarying = givesSameMarks(sums);
  const ratio = unvarying ? unvaryingRatio(sums, endMark) : slopeRatio(sums);
  const prior = unvarying ? UNVARYING_PRIOR : AGAINST_PRIOR;
  // Bayes' rule, relative to the prior: 1 unless the marks speak against tracking.
  const probability = ratio >= 1 ? 1 : ratio / ((1 - prior) * ratio + prior);
  return { probability, likelihoodRatio: ratio, unvarying };
}

// Marks that never vary: the probability that a careful reviewer, rating these essays, would have
// given one whole mark per standard to all of them, against 1 for a reviewer who gives that mark
// whatever the essay. A standard on which the others, too, gave every one of these essays the
// same marks is no evidence either way (the essays deserved one mark) and is left out.
// With `endMark`, a standard whose one mark is the maximum or 0 counts the probability that a
// careful reviewer gives *that* mark to all of them: "full marks (or nothing) whatever the essay"
// is a habit with a definite mark, where a fixed mark in the middle could have been any.
function unvaryingRatio(sums: ComparisonSums, endMark: boolean): number {
  const byStandard = groupByStandard(sums.comparisons ?? []);
  let ratio = 1;
  for (const [standardIndex, comparisons] of byStandard) {
    const standard = sums.perStandard[standardIndex];
    const slack = standard?.slack ?? 0;
    if (standard === undefined || slack <= 0 || comparisons.length < 2) continue;
    if (standard.othersMax - standard.othersMin <= SAME_TOLERANCE) continue;
    const maxPoint = Math.round(SLACK_POINTS / slack);
    const mark = Math.round((comparisons[0]?.given ?? 0) * maxPoint);
    if (endMark && (mark === 0 || mark === maxPoint)) {
      for (const c of comparisons) ratio *= markProbability(mark, maxPoint, c);
      continue;
    }
    let same = 0;
    for (let k = 0; k <= maxPoint; k++) {
      let all = 1;
      for (const c of comparisons) all *= markProbability(k, maxPoint, c);
      same += all;
    }
    ratio *= same;
  }
  return ratio;
}

// P(a careful reviewer gives mark k of 0..maxPoint to an essay with this consensus).
function markProbability(k: number, maxPoint: number, c: Comparison): number {
  const sd = Math.sqrt(CAREFUL_VARIANCE + c.consensusVariance);
  const low = k === 0 ? Number.NEGATIVE_INFINITY : (k - 0.5) / maxPoint;
  const high = k === maxPoint ? Number.POSITIVE_INFINITY : (k + 0.5) / maxPoint;
  return normalCdf((high - c.consensus) / sd) - normalCdf((low - c.consensus) / sd);
}

// Marks that vary: the fitted slope of the marks on the others' consensus (within each standard),
// which a careful reviewer keeps near the attenuation the consensus's noise causes, and a
// reviewer who does not track keeps at 0 or below. Ratio of the two normal likelihoods of the
// slope; 1 when the essays are too alike to fit a slope.
function slopeRatio(sums: ComparisonSums): number {
  let covariance = 0;
  let spread = 0;
  let rounding = 0;
  let fitted = 0;
  for (const s of sums.perStandard) {
    if (s.count < 2) continue;
    covariance += s.givenTimesConsensus - (s.given * s.consensus) / s.count;
    spread += s.consensusSquares - (s.consensus * s.consensus) / s.count;
    fitted += s.count - 1;
    rounding += (s.count * s.slack * s.slack) / 3;
  }
  if (fitted === 0 || spread <= 1e-12) return 1;
  const count = sums.count;
  const meanNoise = sums.consensusVariance / count;
  const slope = covariance / spread;
  // A consensus that is itself noisy flattens a careful reviewer's slope: expect reliability × 1.
  const expected = Math.min(1, Math.max(0.3, (spread - fitted * meanNoise) / spread));
  const residual = CAREFUL_VARIANCE + rounding / count + meanNoise;
  const se = Math.sqrt(residual / spread);
  const against = Math.min(0, Math.max(-1, slope));
  const tracks = gaussianDensity((slope - expected) / se);
  const not = gaussianDensity((slope - against) / se);
  if (slope >= expected) return Number.POSITIVE_INFINITY;
  return not === 0 ? Number.POSITIVE_INFINITY : tracks / not;
}

function groupByStandard(comparisons: readonly Comparison[]): Map<number, Comparison[]> {
  const groups = new Map<number, Comparison[]>();
  for (const c of comparisons) {
    const group = groups.get(c.standardIndex) ?? [];
    group.push(c);
    groups.set(c.standardIndex, group);
  }
  return groups;
}

function gaussianDensity(z: number): number {
  return Math.exp(-0.5 * z * z);
}

// Standard normal distribution function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
export function normalCdf(z: number): number {
  if (z === Number.POSITIVE_INFINITY) return 1;
  if (z === Number.NEGATIVE_INFINITY) return 0;
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}
