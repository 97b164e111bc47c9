// Evaluation ability (PE): how close a learner's ratings are to the others' ratings of the same
// essays, and whether they follow the essays' quality at all. The same loop estimates each reviewer's leniency and error,
// which the essay score uses to correct and weight their ratings.
import { calibrationFactor } from '../calibration/calibration';
import {
  ANCHOR_WEIGHT,
  LENIENCY_PRIOR_ESSAYS,
  MIN_WEIGHT,
  OUTLIER_SCALE,
  RELIABILITY_ROUNDS,
  REVIEWER_DIFFERENCE_LEVEL,
  TRACKING_WEIGHT_FLOOR,
  VARIANCE_PRIOR_RATINGS,
} from './constants';
import { posteriorConsensus } from './essay-posterior';
import type { PreparedReview, Rating, RatingTable } from './ratings';
import {
  addComparison,
  type ComparisonContext,
  type ComparisonSums,
  clamp,
  clearComparisonSums,
  computeMean,
  createComparisonSums,
  isAgreedCeiling,
  measureAgreement,
  measureReviewerCloseness,
  measureSlope,
  testReviewerDifferences,
} from './statistics';
import { measureTracking } from './tracking';
import type { AccuracyBasis } from './types';

export interface ReviewerRecord {
  sums: ComparisonSums;
  /** Essays on which the reviewer could be compared with someone else. */
  comparedEssays: number;
  /** Other reviews of the same essays the reviewer was compared with: the evidence. */
  comparedReviews: number;
  /** The evaluation-ability closeness (statistics.ts): the yardstick depends on the class. */
  closeness: number | null;
  /** Closeness as the red marks measure it, half against the plain mean (measureAgreement). */
  agreement: number | null;
  /** The regularised slope before it is capped to 0..1: below 0 = marks move against the others. */
  slope: number | null;
  /** The slope capped to 0..1: how the marks rose and fell with the others', for the report. */
  measuredDiscrimination: number | null;
  /** Probability that the marks follow the essays' quality (tracking.ts): the factor used. */
  discrimination: number | null;
  /**
   * The tracking probability the red marks hold against the reviewer: the discrimination, with
   * marks that never vary at an end of the scale judged on that mark (tracking.ts, `endMark`), or
   * 1 for marks at the top of the scale within the tolerance of the others (isAgreedCeiling).
   */
  heldDiscrimination: number | null;
  /** The score's accuracy: the closeness (the tracking doubt orders the red marks instead). */
  accuracy: number | null;
  /** agreement × heldDiscrimination²: how far the ratings can be trusted, the order of the red marks. */
  trust: number | null;
}

/** What the loop believes about one reviewer; shares of the scale. */
export interface ReviewerModel {
  /** Taken off the reviewer's (unedited) ratings: + lenient, − harsh. */
  leniency: number;
  /** Variance of the reviewer's error once the leniency is taken off. */
  variance: number;
  /** Weight of the reviewer's ratings: the average peer weighs 1. */
  weight: number;
}

export interface Reliability {
  models: Map<string, ReviewerModel>;
  /** Weighted consensus per author and standard, as a share of the scale (null = no rating). */
  consensus: Map<string, (number | null)[]>;
  records: Map<string, ReviewerRecord>;
  /**
   * The reviewers differ in their distance from the others beyond chance (p-value below
   * REVIEWER_DIFFERENCE_LEVEL): closeness is measured against the weighted consensus.
   */
  reviewersDiffer: boolean;
}

export interface EvaluationAbility {
  /** Score in points of the PE maximum. */
  value: number;
  isStandIn: boolean;
  /** The accuracy used: the learner's own or the stand-in; null without a completed review. */
  accuracy: number | null;
  basis: AccuracyBasis;
}

/**
 * Each essay's sums per standard, all essays in one array per figure (essay × standards +
 * standard): allocated once per scoring and refilled every round, so the rounds allocate nothing.
 */
interface EssaySums {
  /** The essays' authors, in the order of table.peerReviews (sorted by author). */
  authorIds: string[];
  /** Per review (its place in table.peerReviews), its essay's place in authorIds. */
  essayOf: Int32Array;
  /** Σ w·(y − leniency) */
  sum: Float64Array;
  /** Σ w */
  weight: Float64Array;
  /** Σ w²·variance: with Σ w, how unsure the consensus is. */
  noise: Float64Array;
  /** Σ of the reviewers' own points: the others' plain mean, a yardstick and the tracking test's. */
  plain: Float64Array;
  count: Float64Array;
}

// Alternates "weighted consensus → each reviewer against the others → leniency, error and weight"
// for a fixed number of rounds, starting from equal weights and no leniency. Anchors (instructors
// taking part as learners) keep a fixed, high weight and are taken as they rate. `rounds` is there
// for the worked example's test, which checks every round.
export function estimateReliability(table: RatingTable, rounds = RELIABILITY_ROUNDS): Reliability {
  const models = startModels(table);
  const reviewers = listReviewers(table, models);
  // Each review's reviewer, looked up once (updateModels changes the models in place; the records'
  // sums are cleared at the start of every round, so each round measures afresh).
  const reviewOf = table.peerReviews.map((r) => reviewers.get(r.reviewerId) as Reviewer);
  const reviewModels = reviewOf.map((r) => r.model);
  const essays = createEssaySums(table);
  const size = table.peerReviews.length * table.standards.length;
  let robustness = new Float64Array(size).fill(1);
  let next = new Float64Array(size);
  for (let round = 0; ; round++) {
    sumEssays(table, reviewModels, robustness, essays);
    next.fill(1);
    const last = round === rounds;
    const reviewersDiffer = measureReviewers(table, reviewers, reviewOf, essays, robustness, next, last);
    if (last) {
      const records = new Map<string, ReviewerRecord>();
      for (const reviewer of reviewers.values()) records.set(reviewer.id, reviewer.record);
      return {
        models,
        consensus: computeConsensus(essays, table.standards.length),
        records,
        reviewersDiffer,
      };
    }
    updateModels(table, reviewers);
    [robustness, next] = [next, robustness];
  }
}

/** A reviewer of the loop: their model and the record of their comparisons, both kept across rounds. */
interface Reviewer {
  id: string;
  isAnchor: boolean;
  model: ReviewerModel;
  record: ReviewerRecord;
}

// The reviewers in the order of the models (their first review in table.peerReviews), each with a
// record that every round clears and fills again rather than rebuilds (a dozen figures per
// standard per reviewer, which every round used to allocate anew).
function listReviewers(table: RatingTable, models: Map<string, ReviewerModel>): Map<string, Reviewer> {
  const reviewers = new Map<string, Reviewer>();
  for (const [id, model] of models) {
    reviewers.set(id, {
      id,
      isAnchor: table.anchorIds.has(id),
      model,
      record: {
        sums: createComparisonSums(table.standards.length),
        comparedEssays: 0,
        comparedReviews: 0,
        closeness: null,
        agreement: null,
        slope: null,
        measuredDiscrimination: null,
        discrimination: null,
        heldDiscrimination: null,
        accuracy: null,
        trust: null,
      },
    });
  }
  return reviewers;
}

/** The accuracy that stands in for a learner who could not be compared, and why. */
export interface AccuracyStandIn {
  accuracy: number;
  basis: 'classAverage' | 'neutral';
}

// PE = max × accuracy × (completed ÷ assigned reviews). Without any comparison the stand-in
// accuracy is used (the class average, or NEUTRAL_ACCURACY when the assignment's evaluation
// ability could not be measured), flagged as a stand-in. Never an unknown accuracy taken as 1.
export function scoreEvaluationAbility(
  max: number,
  record: ReviewerRecord | undefined,
  assigned: number,
  completed: number,
  standIn: AccuracyStandIn,
): EvaluationAbility {
  if (assigned === 0 || completed === 0) return { value: 0, isStandIn: false, accuracy: null, basis: 'none' };
  const completion = Math.min(1, completed / assigned);
  const accuracy = record?.accuracy ?? null;
  if (accuracy !== null)
    return { value: max * accuracy * completion, isStandIn: false, accuracy, basis: 'own' };
  return {
    value: max * standIn.accuracy * completion,
    isStandIn: true,
    accuracy: standIn.accuracy,
    basis: standIn.basis,
  };
}

// Equal weights, no leniency, and for everyone the variance that two ratings of the same essay
// differ by when all reviewers are alike: half their mean squared difference.
function startModels(table: RatingTable): Map<string, ReviewerModel> {
  const variance = Math.max(roundingFloor(table), estimatePairVariance(table));
  const models = new Map<string, ReviewerModel>();
  for (const review of table.peerReviews) {
    const isAnchor = table.anchorIds.has(review.reviewerId);
    models.set(review.reviewerId, {
      leniency: 0,
      variance: isAnchor ? variance / ANCHOR_WEIGHT : variance,
      weight: isAnchor ? ANCHOR_WEIGHT : 1,
    });
  }
  return models;
}

function estimatePairVariance(table: RatingTable): number {
  const size = table.standards.length;
  const sum = new Float64Array(size);
  const squares = new Float64Array(size);
  const count = new Float64Array(size);
  let differences = 0;
  let pairs = 0;
  // Per essay and standard (the reviews are sorted by author): Σ over pairs (x_i − x_j)² = n·Σx² − (Σx)².
  for (const reviews of table.peerReviewsByAuthor.values()) {
    sum.fill(0);
    squares.fill(0);
    count.fill(0);
    for (const review of reviews) {
      for (const r of review.ratings) {
        const i = r.standardIndex;
        sum[i] = (sum[i] ?? 0) + r.original;
        squares[i] = (squares[i] ?? 0) + r.original * r.original;
        count[i] = (count[i] ?? 0) + 1;
      }
    }
    for (let i = 0; i < size; i++) {
      const n = count[i] ?? 0;
      if (n < 2) continue;
      differences += n * (squares[i] ?? 0) - (sum[i] ?? 0) ** 2;
      pairs += (n * (n - 1)) / 2;
    }
  }
  return pairs > 0 ? differences / pairs / 2 : 0;
}

// Nobody rates more precisely than whole points: the mean rounding variance of the rubric.
function roundingFloor(table: RatingTable): number {
  return Math.max(1e-6, computeMean(table.slack.map((s) => (s * s) / 3)) ?? 0);
}

/**
 * Per rating, the share of its reviewer's weight it keeps (1 = all): a rating far beyond what the
 * reviewer's own error and the others' uncertainty explain weighs less than their other ratings.
 * Indexed by review (its place in table.peerReviews) × standards + standard.
 */
type Robustness = Float64Array;

// The essays' places (the reviews are sorted by author, so an essay's reviews are adjacent) and
// their sums, allocated once.
function createEssaySums(table: RatingTable): EssaySums {
  const authorIds: string[] = [];
  const essayOf = new Int32Array(table.peerReviews.length);
  for (let k = 0; k < table.peerReviews.length; k++) {
    const authorId = (table.peerReviews[k] as PreparedReview).authorId;
    if (authorIds[authorIds.length - 1] !== authorId) authorIds.push(authorId);
    essayOf[k] = authorIds.length - 1;
  }
  const size = authorIds.length * table.standards.length;
  return {
    authorIds,
    essayOf,
    sum: new Float64Array(size),
    weight: new Float64Array(size),
    noise: new Float64Array(size),
    plain: new Float64Array(size),
    count: new Float64Array(size),
  };
}

function sumEssays(
  table: RatingTable,
  reviewModels: readonly ReviewerModel[],
  robustness: Robustness,
  essays: EssaySums,
): void {
  essays.sum.fill(0);
  essays.weight.fill(0);
  essays.noise.fill(0);
  essays.plain.fill(0);
  essays.count.fill(0);
  const size = table.standards.length;
  for (let k = 0; k < table.peerReviews.length; k++) {
    const review = table.peerReviews[k] as PreparedReview;
    const base = (essays.essayOf[k] ?? 0) * size;
    const model = reviewModels[k] as ReviewerModel;
    for (let j = 0; j < review.ratings.length; j++) {
      const r = review.ratings[j] as Rating;
      const i = r.standardIndex;
      const e = base + i;
      const w = model.weight * (robustness[k * size + i] ?? 1);
      essays.sum[e] = (essays.sum[e] ?? 0) + w * correct(r.given, r.edited, model);
      essays.weight[e] = (essays.weight[e] ?? 0) + w;
      essays.noise[e] = (essays.noise[e] ?? 0) + w * w * model.variance;
      essays.plain[e] = (essays.plain[e] ?? 0) + r.original;
      essays.count[e] = (essays.count[e] ?? 0) + 1;
    }
  }
}

// A rating with the reviewer's leniency taken off; an instructor's edit is taken as it is.
function correct(given: number, edited: boolean, model: ReviewerModel): number {
  return edited ? given : given - model.leniency;
}

// Compares every reviewer with the consensus of the others (leave-one-out), using the reviewer's
// own points: an instructor's edit corrects the author's grade, not the reviewer's judgement.
// Each comparison carries how unsure the others' consensus is (Σ w² v ÷ (Σ w)² over the others)
// and the error variance a reviewer of the class has before their marks are seen (the peers' mean
// variance plus the standard's rounding), for the expected error given the deviation.
// Before the last round only what updateModels reads is measured (the sums and the tracking
// probability); closeness, agreement and the class's test are measured once, in the last.
function measureReviewers(
  table: RatingTable,
  reviewers: Map<string, Reviewer>,
  reviewOf: readonly Reviewer[],
  essays: EssaySums,
  robustness: Robustness,
  next: Robustness,
  last: boolean,
): boolean {
  const size = table.standards.length;
  let varianceSum = 0;
  let peers = 0;
  for (const reviewer of reviewers.values()) {
    clearRecord(reviewer.record);
    if (reviewer.isAnchor) continue;
    varianceSum += reviewer.model.variance;
    peers += 1;
  }
  // The peers' mean variance (computeMean's sum, in the models' order).
  const classVariance = peers > 0 ? varianceSum / peers : 0;
  const errorVariance = table.slack.map((slack) => classVariance + (slack * slack) / 3);
  const context: ComparisonContext = {};
  for (let k = 0; k < table.peerReviews.length; k++) {
    const review = table.peerReviews[k] as PreparedReview;
    const base = (essays.essayOf[k] ?? 0) * size;
    const reviewer = reviewOf[k] as Reviewer;
    const { model, record } = reviewer;
    let others = 0;
    for (let j = 0; j < review.ratings.length; j++) {
      const r = review.ratings[j] as Rating;
      const i = r.standardIndex;
      const e = base + i;
      const w = model.weight * (robustness[k * size + i] ?? 1);
      const count = essays.count[e] ?? 0;
      if (count < 2) continue;
      const otherWeight = (essays.weight[e] ?? 0) - w;
      if (otherWeight <= 0) continue;
      const consensus = clamp(
        ((essays.sum[e] ?? 0) - w * correct(r.given, r.edited, model)) / otherWeight,
        0,
        1,
      );
      const noise = Math.max(0, (essays.noise[e] ?? 0) - w * w * model.variance);
      const consensusVariance = noise / otherWeight ** 2;
      // One context object for every comparison: addComparison reads it and keeps nothing of it.
      context.consensusVariance = consensusVariance;
      context.othersMean = ((essays.plain[e] ?? 0) - r.original) / (count - 1);
      context.errorVariance = errorVariance[i];
      addComparison(record.sums, i, r.original, consensus, table.slack[i] ?? 0, context);
      // Per-review robustness: a rating (leniency off) further from the others than
      // OUTLIER_SCALE × √(reviewer's variance + the others' uncertainty) keeps only that
      // distance's share of the reviewer's weight in the next round (a Huber weight).
      if (!r.edited && !reviewer.isAnchor) {
        const deviation = Math.abs(correct(r.given, r.edited, model) - consensus);
        const limit = OUTLIER_SCALE * Math.sqrt(model.variance + consensusVariance);
        next[k * size + i] = deviation > limit ? limit / deviation : 1;
      }
      others = Math.max(others, count - 1);
    }
    if (others > 0) {
      record.comparedEssays += 1;
      record.comparedReviews += others;
    }
  }
  if (!last) {
    for (const { record } of reviewers.values()) {
      record.discrimination = measureTracking(record.sums)?.probability ?? null;
    }
    return false;
  }
  const groups: ComparisonSums[] = [];
  for (const { record } of reviewers.values()) groups.push(record.sums);
  const reviewersDiffer = testReviewerDifferences(groups) < REVIEWER_DIFFERENCE_LEVEL;
  for (const { record } of reviewers.values()) {
    record.closeness = measureReviewerCloseness(record.sums, reviewersDiffer);
    record.agreement = measureAgreement(record.sums);
    record.slope = measureSlope(record.sums);
    record.measuredDiscrimination = record.slope === null ? null : clamp(record.slope, 0, 1);
    const tracking = measureTracking(record.sums);
    record.discrimination = tracking?.probability ?? null;
    record.accuracy = combineAccuracy(record);
    // The red marks' test differs from the weights' only for marks that never vary.
    record.heldDiscrimination =
      tracking === null
        ? null
        : isAgreedCeiling(record.sums)
          ? 1
          : tracking.unvarying
            ? (measureTracking(record.sums, true)?.probability ?? null)
            : tracking.probability;
    record.trust = combineTrust(record);
  }
  return reviewersDiffer;
}

// A record as at the start of a round: its sums empty, nothing compared. The figures measured
// from the sums are set again by every round that reads them.
function clearRecord(record: ReviewerRecord): void {
  clearComparisonSums(record.sums);
  record.comparedEssays = 0;
  record.comparedReviews = 0;
}

// Each peer's leniency = mean deviation from the others, shrunk towards 0 by LENIENCY_PRIOR_RATINGS
// ratings; error variance = mean squared deviation around that leniency minus the part the
// others' consensus explains (Vancouver), shrunk towards the class by VARIANCE_PRIOR_RATINGS
// ratings and never below the rounding variance. Weight = tracking probability ÷ variance (the
// optimal weight for independent errors, times the probability that the marks follow the essays
// at all), scaled so the average peer weighs 1 and floored at MIN_WEIGHT.
function updateModels(table: RatingTable, reviewers: Map<string, Reviewer>): void {
  const floor = roundingFloor(table);
  let classExcess = 0;
  let classCount = 0;
  // Per reviewer, in the order of `reviewers`: the shrunk leniency, the error beyond the
  // consensus's own uncertainty (excess) and the ratings compared; 0 for an anchor or a peer
  // without comparisons.
  const leniencies = new Float64Array(reviewers.size);
  const excesses = new Float64Array(reviewers.size);
  const counts = new Float64Array(reviewers.size);
  let index = 0;
  for (const { isAnchor, record } of reviewers.values()) {
    const s = record.sums;
    const at = index++;
    if (isAnchor || s.count === 0) continue;
    let deviation = 0;
    for (const standard of s.perStandard) deviation += standard.given - standard.consensus;
    // Shrunk by essays rather than ratings: the standards of one essay rated against the same
    // co-reviewers are not independent evidence of a habit.
    const leniency =
      (deviation / s.count) * (record.comparedEssays / (record.comparedEssays + LENIENCY_PRIOR_ESSAYS));
    // Σ (d − b)² − Σ V = Σ d² − 2bΣd + n b² − Σ V
    const excess = s.squares - 2 * leniency * deviation + s.count * leniency * leniency - s.consensusVariance;
    leniencies[at] = leniency;
    excesses[at] = excess;
    counts[at] = s.count;
    classExcess += excess;
    classCount += s.count;
  }
  const classVariance = classCount > 0 ? Math.max(floor, classExcess / classCount) : floor;
  const precision = new Float64Array(reviewers.size);
  let precisionSum = 0;
  let peers = 0;
  index = 0;
  for (const { id, isAnchor, model, record } of reviewers.values()) {
    const at = index++;
    if (isAnchor) continue;
    model.leniency = leniencies[at] ?? 0;
    model.variance = Math.max(
      floor,
      (VARIANCE_PRIOR_RATINGS * classVariance + (excesses[at] ?? 0)) /
        (VARIANCE_PRIOR_RATINGS + (counts[at] ?? 0)),
    );
    // Marks that do not follow the essays carry that much less information about them (the
    // tracking probability measured with this round's comparisons). No weight is set to nothing
    // outright: a mark that never varies still sits near the class, and where an essay's only
    // other reviewer is unreliable it is what keeps the essay's score from resting on that one.
    const tracks = Math.max(TRACKING_WEIGHT_FLOOR, record.discrimination ?? 1);
    // The calibration prior (docs/scoring.md section 3): a learner whose points came close to the
    // instructor's on the examples is taken as that much more precise (a bounded factor, 1
    // without calibration, so the results without it are unchanged).
    const calibration = table.calibration.get(id);
    const prior = calibration === undefined ? 1 : calibrationFactor(calibration);
    precision[at] = (tracks / model.variance) * prior;
    precisionSum += precision[at] ?? 0;
    peers += 1;
  }
  // The peers' mean precision (computeMean's sum, in the same order).
  const average = peers > 0 ? precisionSum / peers : 0;
  index = 0;
  for (const { isAnchor, model } of reviewers.values()) {
    const at = index++;
    if (isAnchor) {
      model.weight = ANCHOR_WEIGHT;
      model.variance = average > 0 ? 1 / (ANCHOR_WEIGHT * average) : classVariance / ANCHOR_WEIGHT;
      continue;
    }
    model.weight = average > 0 ? Math.max(MIN_WEIGHT, (precision[at] ?? 0) / average) : 1;
  }
}

// Accuracy (the score) = closeness. Whether the marks follow the essays (the tracking
// probability) does not lower it: a reviewer's expected distance from the essays' quality is their
// distance from the others whichever way they marked, and a mark that never varies already pays
// for every essay it does not fit. Discounted besides, such reviewers were ranked below noisier
// ones further from the truth. The doubt orders the red marks instead (trust).
function combineAccuracy(record: Pick<ReviewerRecord, 'closeness' | 'discrimination'>): number | null {
  const { closeness, discrimination } = record;
  if (closeness === null || discrimination === null) return null;
  return closeness;
}

// Trust (the red marks) = agreement × discrimination²: an instructor is pointed at ratings on the
// doubt itself, before it is settled. The doubt counts twice, because a reviewer whose marks may
// not follow the essays is judged by an agreement that does not show it: marks that move against
// the quality stay close to the others on middling essays (a contrarian's 1.2 − 0.6 is a careful
// reviewer's mark), and a mark that never varies sits near the class mean. Squared, a tracking
// probability of one half ranks such a reviewer below an honest one half as close to the others.
// Not held against marks at the top of the scale that the others, too, put at the top (within the
// tolerance: isAgreedCeiling): there a careful reviewer's marks cannot vary either, and the doubt
// comes from a co-reviewer's lower mark, not from the reviewer (heldDiscrimination = 1).
// Elsewhere the red marks judge marks that never vary at an end of the scale (the maximum or 0 on
// every essay) on that very mark, where the weights ask only whether some one mark would fit
// (tracking.ts, `endMark`): a weight already pays for the distance through the error variance,
// while "full marks whatever the essay" is a habit with a definite mark (docs/scoring.md, section 3).
function combineTrust(record: Pick<ReviewerRecord, 'agreement' | 'heldDiscrimination'>): number | null {
  const { agreement, heldDiscrimination } = record;
  if (agreement === null || heldDiscrimination === null) return null;
  return agreement * heldDiscrimination * heldDiscrimination;
}

// The consensus the essay score uses: each essay's posterior mean per standard (essay-posterior.ts),
// clamped to the scale.
function computeConsensus(essays: EssaySums, size: number): Map<string, (number | null)[]> {
  const posterior = posteriorConsensus(essays, essays.authorIds.length, size);
  const consensus = new Map<string, (number | null)[]>();
  essays.authorIds.forEach((authorId, essay) => {
    const shares: (number | null)[] = [];
    for (let i = 0; i < size; i++) {
      const c = posterior[essay * size + i] ?? Number.NaN;
      shares.push(Number.isNaN(c) ? null : clamp(c, 0, 1));
    }
    consensus.set(authorId, shares);
  });
  return consensus;
}
