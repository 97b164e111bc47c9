// Evaluation ability (PE): how well a learner's ratings agree with, and discriminate like, the
// others' ratings of the same essays. The same loop gives the weights the essay score uses.
import { ANCHOR_WEIGHT, MIN_WEIGHT, RELIABILITY_ROUNDS, WEIGHT_PRIOR_REVIEWS } from './constants';
import type { RatingTable } from './ratings';
import {
  addComparison,
  type ComparisonSums,
  computeMean,
  computeMeanSquaredDeviation,
  createComparisonSums,
  measureCloseness,
  measureDiscrimination,
} from './statistics';

export interface ReviewerRecord {
  sums: ComparisonSums;
  /** Essays on which the reviewer could be compared with someone else. */
  comparedEssays: number;
  /** Other reviews of the same essays the reviewer was compared with: the evidence. */
  comparedReviews: number;
  closeness: number | null;
  discrimination: number | null;
  /** closeness × discrimination */
  accuracy: number | null;
  meanSquaredDeviation: number | null;
}

export interface Reliability {
  weights: Map<string, number>;
  /** Weighted consensus per author and standard, as a share of the scale (null = no rating). */
  consensus: Map<string, (number | null)[]>;
  records: Map<string, ReviewerRecord>;
}

export interface EvaluationAbility {
  /** Score in points of the PE maximum. */
  value: number;
  isStandIn: boolean;
}

interface EssaySums {
  sum: number[];
  weight: number[];
  count: number[];
}

// Alternates "weighted consensus → each reviewer against the others → weights" for a fixed
// number of rounds. Anchors (instructors taking part as learners) keep a fixed, high weight.
export function estimateReliability(table: RatingTable): Reliability {
  const weights = new Map<string, number>();
  for (const review of table.peerReviews) {
    weights.set(review.reviewerId, table.anchorIds.has(review.reviewerId) ? ANCHOR_WEIGHT : 1);
  }
  for (let round = 0; ; round++) {
    const sums = sumEssays(table, weights);
    const records = measureReviewers(table, weights, sums);
    if (round === RELIABILITY_ROUNDS) return { weights, consensus: computeConsensus(sums), records };
    updateWeights(table, weights, records);
  }
}

// PE = max × accuracy × (completed ÷ assigned reviews). Without any comparison the class-average
// accuracy stands in; when nobody in the class could be compared (one reviewer per essay) the
// score is the completion share alone. Both cases are flagged as stand-ins.
export function scoreEvaluationAbility(
  max: number,
  record: ReviewerRecord | undefined,
  assigned: number,
  completed: number,
  classAccuracy: number | null,
): EvaluationAbility {
  if (assigned === 0 || completed === 0) return { value: 0, isStandIn: false };
  const completion = Math.min(1, completed / assigned);
  const accuracy = record?.accuracy ?? null;
  if (accuracy !== null) return { value: max * accuracy * completion, isStandIn: false };
  return { value: max * (classAccuracy ?? 1) * completion, isStandIn: true };
}

function sumEssays(table: RatingTable, weights: Map<string, number>): Map<string, EssaySums> {
  const sums = new Map<string, EssaySums>();
  const size = table.standards.length;
  for (const review of table.peerReviews) {
    let essay = sums.get(review.authorId);
    if (essay === undefined) {
      essay = {
        sum: new Array(size).fill(0),
        weight: new Array(size).fill(0),
        count: new Array(size).fill(0),
      };
      sums.set(review.authorId, essay);
    }
    const w = weights.get(review.reviewerId) ?? 1;
    for (const r of review.ratings) {
      const i = r.standardIndex;
      essay.sum[i] = (essay.sum[i] ?? 0) + w * r.given;
      essay.weight[i] = (essay.weight[i] ?? 0) + w;
      essay.count[i] = (essay.count[i] ?? 0) + 1;
    }
  }
  return sums;
}

// Compares every reviewer with the consensus of the others (leave-one-out), using the reviewer's
// own points: an instructor's edit corrects the author's grade, not the reviewer's judgement.
function measureReviewers(
  table: RatingTable,
  weights: Map<string, number>,
  sums: Map<string, EssaySums>,
): Map<string, ReviewerRecord> {
  const records = new Map<string, ReviewerRecord>();
  for (const review of table.peerReviews) {
    const essay = sums.get(review.authorId);
    if (essay === undefined) continue;
    let record = records.get(review.reviewerId);
    if (record === undefined) {
      record = {
        sums: createComparisonSums(table.standards.length),
        comparedEssays: 0,
        comparedReviews: 0,
        closeness: null,
        discrimination: null,
        accuracy: null,
        meanSquaredDeviation: null,
      };
      records.set(review.reviewerId, record);
    }
    const w = weights.get(review.reviewerId) ?? 1;
    let others = 0;
    for (const r of review.ratings) {
      const i = r.standardIndex;
      const count = essay.count[i] ?? 0;
      if (count < 2) continue;
      const consensus = ((essay.sum[i] ?? 0) - w * r.given) / ((essay.weight[i] ?? 0) - w);
      addComparison(record.sums, i, r.original, consensus, table.slack[i] ?? 0);
      others = Math.max(others, count - 1);
    }
    if (others > 0) {
      record.comparedEssays += 1;
      record.comparedReviews += others;
    }
  }
  for (const record of records.values()) {
    record.closeness = measureCloseness(record.sums);
    record.discrimination = measureDiscrimination(record.sums);
    record.accuracy =
      record.closeness === null || record.discrimination === null
        ? null
        : record.closeness * record.discrimination;
    record.meanSquaredDeviation = computeMeanSquaredDeviation(record.sums);
  }
  return records;
}

// Weight = discrimination ÷ (mean squared deviation + rounding variance), both pulled towards
// the class average by a prior worth WEIGHT_PRIOR_REVIEWS compared reviews, then scaled so the
// average peer weighs 1. Inverse error variance is the classic optimal weight (Hamer; de Alfaro
// and Shavlovsky); the discrimination factor stops a same-mark reviewer, whose marks carry no
// information, from counting as much as their modest deviation alone would allow.
function updateWeights(
  table: RatingTable,
  weights: Map<string, number>,
  records: Map<string, ReviewerRecord>,
): void {
  const measured = [...records.entries()]
    .filter(([reviewerId, record]) => !table.anchorIds.has(reviewerId) && record.accuracy !== null)
    .map(([, record]) => record);
  const classDeviation = computeMean(measured.map((r) => r.meanSquaredDeviation ?? 0)) ?? 0;
  const classDiscrimination = computeMean(measured.map((r) => r.discrimination ?? 1)) ?? 1;
  const floor = computeMean(table.slack.map((s) => (s * s) / 3)) ?? 0;
  const raw = new Map<string, number>();
  for (const reviewerId of weights.keys()) {
    if (table.anchorIds.has(reviewerId)) continue;
    const record = records.get(reviewerId);
    const n = record?.accuracy === null || record === undefined ? 0 : record.comparedReviews;
    const deviation = shrink(record?.meanSquaredDeviation ?? 0, n, classDeviation);
    const discrimination = shrink(record?.discrimination ?? 1, n, classDiscrimination);
    raw.set(reviewerId, discrimination / (deviation + floor));
  }
  const average = computeMean([...raw.values()]) ?? 1;
  for (const [reviewerId, weight] of raw) {
    weights.set(reviewerId, average > 0 ? Math.max(MIN_WEIGHT, weight / average) : 1);
  }
}

// Pulls a reviewer's own figure towards the class figure; the more evidence, the less.
function shrink(value: number, evidence: number, prior: number): number {
  return (evidence * value + WEIGHT_PRIOR_REVIEWS * prior) / (evidence + WEIGHT_PRIOR_REVIEWS);
}

function computeConsensus(sums: Map<string, EssaySums>): Map<string, (number | null)[]> {
  const consensus = new Map<string, (number | null)[]>();
  for (const [authorId, essay] of sums) {
    consensus.set(
      authorId,
      essay.sum.map((sum, i) => ((essay.weight[i] ?? 0) > 0 ? sum / (essay.weight[i] ?? 1) : null)),
    );
  }
  return consensus;
}
