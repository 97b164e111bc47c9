// The scoring engine's entry point: one assignment's settings, learners, reviews, helpfulness
// ratings and revision scores in; every learner's five scores and report figures out.
import {
  DEFAULT_FEEDBACK_MAX_POINT,
  LOWEST_EVALUATOR_SHARE,
  MIN_MEASURED_EVALUATORS,
  NEUTRAL_ACCURACY,
} from './constants';
import { scoreEssayWriting } from './essay-writing';
import {
  type AccuracyStandIn,
  estimateReliability,
  type ReviewerModel,
  type ReviewerRecord,
  scoreEvaluationAbility,
} from './evaluation-ability';
import { adjustHelpfulness, scoreFeedbackReview } from './feedback-review';
import { scoreMetacognition } from './metacognition';
import { prepareRatings, type RatingTable } from './ratings';
import { scoreRevisement } from './revisement';
import { computeMean, computeMeanDeviations, roundScore } from './statistics';
import type {
  AssignmentScores,
  EvaluationAbilityStatus,
  EvaluationDetail,
  LearnerScores,
  ScoreAssignmentInput,
  ScoreKind,
  ScoreSet,
  ScoringSettings,
} from './types';
import { validateScoringInput } from './validate-input';

type StandInKind = 'essayWriting' | 'metacognition' | 'feedbackReview';

/**
 * Red marks compare accuracy, closeness and discrimination on a grid of this size: figures a
 * ten-thousandth apart (a thousandth of a point of a 10-point score) count as equal, so nobody is
 * marked for a difference their score cannot show.
 */
const TIE_TOLERANCE = 1e-4;

interface Draft {
  result: Omit<LearnerScores, 'scores' | 'totalInfo' | 'submitted'>;
  /** Null = performed but no data: the class average stands in. */
  values: Record<ScoreKind, number | null>;
  /** Kinds with real data, the only ones a class average for stand-ins is taken over. */
  measured: Record<StandInKind, boolean>;
}

// Scores one assignment. Pure and deterministic: the order of learners or reviews in the input
// changes nothing but the order of `learners` in the output, which follows the input.
// Throws a ScoringInputError (validate-input.ts) on malformed input instead of yielding NaN.
export function scoreAssignment(input: ScoreAssignmentInput): AssignmentScores {
  validateScoringInput(input);
  const table = prepareRatings(input);
  const max = readMaxima(input.settings);
  const reliability = estimateReliability(table);
  const feedbackMaxPoint = input.settings.feedbackMaxPoint ?? DEFAULT_FEEDBACK_MAX_POINT;
  const received = adjustHelpfulness(input.helpfulness ?? [], feedbackMaxPoint);
  const members = table.learners.filter((l) => !l.isInstructorLearner);
  const measuredAccuracies = members.flatMap((m) => {
    const accuracy = reliability.records.get(m.id)?.accuracy;
    return accuracy === undefined || accuracy === null ? [] : [accuracy];
  });
  const status = describeMeasurement(table, measuredAccuracies.length);
  // Not enough data is said in the open: the class average stands in only when it was measured
  // on enough members, else the neutral accuracy (never an unknown accuracy taken as 1).
  const standIn: AccuracyStandIn =
    status === 'measured'
      ? { accuracy: computeMean(measuredAccuracies) ?? NEUTRAL_ACCURACY, basis: 'classAverage' }
      : { accuracy: NEUTRAL_ACCURACY, basis: 'neutral' };
  const lowest = findLowestEvaluators(table, reliability.records);
  // The last score given for a learner wins, as in the input.
  const revisionScores = new Map((input.revisionScores ?? []).map((r) => [r.learnerId, r.score]));

  const drafts = new Map<string, Draft>();
  for (const learner of table.learners) {
    const id = learner.id;
    const consensus = reliability.consensus.get(id);
    const essay = scoreEssayWriting(max.essayWriting, table, id, learner.hasEssay !== false, consensus);
    const completed = table.completedPeerReviews.get(id) ?? 0;
    const record = reliability.records.get(id);
    const ability = scoreEvaluationAbility(
      max.peerReview,
      record,
      table.assignedPeerReviews.get(id) ?? 0,
      completed,
      standIn,
    );
    const meta = scoreMetacognition(max.metacognition, table, id, consensus);
    const feedback = scoreFeedbackReview(max.feedbackReview, feedbackMaxPoint, received, id, completed);
    drafts.set(id, {
      measured: {
        essayWriting: learner.hasEssay !== false && essay.value !== null,
        metacognition: meta.selfAssessment !== null,
        feedbackReview: feedback.point.count > 0,
      },
      values: {
        essayWriting: essay.value,
        peerReview: ability.value,
        metacognition: meta.value,
        feedbackReview: feedback.value,
        revisement: scoreRevisement(max.revisement, revisionScores.get(id)),
      },
      result: {
        learnerId: id,
        isInstructorLearner: learner.isInstructorLearner === true,
        isAverageEssayWritingScore: essay.value === null && max.essayWriting > 0,
        isAveragePeerReviewScore: ability.isStandIn && max.peerReview > 0,
        isAverageMetacognitionScore: meta.value === null && max.metacognition > 0,
        isAverageFeedbackReviewScore: feedback.value === null && max.feedbackReview > 0,
        peerReviewPoints: essay.points,
        feedbackReviewPoint: feedback.point,
        selfAssessment: meta.selfAssessment,
        evaluation: {
          ...describeEvaluation(table, id, record, reliability.models.get(id), lowest.has(id)),
          accuracyBasis: max.peerReview > 0 ? ability.basis : 'none',
          accuracyUsed: ability.accuracy,
        },
      },
    });
  }

  const standIns = {
    essayWriting: averageMeasured(members, drafts, 'essayWriting'),
    metacognition: averageMeasured(members, drafts, 'metacognition'),
    feedbackReview: averageMeasured(members, drafts, 'feedbackReview'),
  };
  const scores = new Map<string, ScoreSet>();
  for (const [id, draft] of drafts) {
    const v = draft.values;
    const set = {
      essayWriting: roundScore(v.essayWriting ?? standIns.essayWriting),
      peerReview: roundScore(v.peerReview ?? 0),
      metacognition: roundScore(v.metacognition ?? standIns.metacognition),
      feedbackReview: roundScore(v.feedbackReview ?? standIns.feedbackReview),
      revisement: roundScore(v.revisement ?? 0),
    };
    scores.set(id, { ...set, total: sumScores(set) });
  }

  // Ranks and class averages count those who submitted an essay: a participant who wrote
  // nothing (every active learner takes part from the start) would weigh on everyone's figures.
  const ranked = members.filter((m) => m.hasEssay !== false);
  const rankedIds = new Set(ranked.map((m) => m.id));
  const rankOf = rankTotals(ranked.map((m) => scores.get(m.id)?.total ?? 0));
  const learners: LearnerScores[] = input.learners.map((learner) => {
    const draft = drafts.get(learner.id);
    const set = scores.get(learner.id);
    if (draft === undefined || set === undefined) throw new Error(`learner ${learner.id} was not scored`);
    const rank = rankOf.get(set.total) ?? 1;
    return {
      ...draft.result,
      scores: set,
      submitted: learner.hasEssay !== false,
      totalInfo: rankedIds.has(learner.id)
        ? { rank, percent: roundScore((rank / ranked.length) * 100), memberCount: ranked.length }
        : null,
    };
  });

  return {
    learners,
    classAverages: averageScores(ranked.map((m) => scores.get(m.id))),
    memberCount: ranked.length,
    lowestEvaluatorIds: [...lowest],
    evaluationAbilityMeasured: status === 'measured',
    evaluationAbilityStatus: status,
    measuredEvaluatorCount: measuredAccuracies.length,
    reviewersDiffer: reliability.reviewersDiffer,
  };
}

// Whether evaluation ability could be measured in the assignment: at least
// MIN_MEASURED_EVALUATORS members compared with someone else on the same essay.
function describeMeasurement(table: RatingTable, measuredCount: number): EvaluationAbilityStatus {
  if (measuredCount >= MIN_MEASURED_EVALUATORS) return 'measured';
  if (table.peerReviews.length === 0) return 'noCompletedReviews';
  return measuredCount === 0 ? 'noOverlap' : 'tooFewOverlaps';
}

function readMaxima(settings: ScoringSettings): Record<ScoreKind, number> {
  const pick = (kind: ScoreKind) => Math.max(0, settings.maxScores[kind] ?? 0);
  return {
    essayWriting: pick('essayWriting'),
    peerReview: pick('peerReview'),
    metacognition: pick('metacognition'),
    feedbackReview: pick('feedbackReview'),
    revisement: pick('revisement'),
  };
}

// The stand-in for a learner without data: the mean over members who have data (0 if none);
// zeros for work not done are not data.
function averageMeasured(
  members: readonly { id: string }[],
  drafts: Map<string, Draft>,
  kind: StandInKind,
): number {
  const values: number[] = [];
  for (const m of members) {
    const draft = drafts.get(m.id);
    const value = draft?.values[kind];
    if (draft?.measured[kind] && value !== null && value !== undefined) values.push(value);
  }
  return computeMean(values) ?? 0;
}

// Evaluators (members with a measured accuracy) in the lowest LOWEST_EVALUATOR_SHARE: at most
// floor(30 % of them), worst first. Worst = lowest trust (agreement × discrimination², the
// doubt taken twice, not given its benefit; not held against marks at an agreed ceiling:
// heldDiscrimination); ties (almost only at 0) are broken by that discrimination, then
// agreement (lower is worse): the red marks point first at marks that do not follow the essays,
// before marks far from the others that do (docs/scoring.md, section 9). Evaluators equal on all
// three are all in or all out. Never by id or name: the order among learners must not decide who
// is marked.
function findLowestEvaluators(table: RatingTable, records: Map<string, ReviewerRecord>): Set<string> {
  const measured: { id: string; key: number[] }[] = [];
  for (const learner of table.learners) {
    const record = records.get(learner.id);
    const trust = record?.trust;
    if (!learner.isInstructorLearner && trust !== undefined && trust !== null) {
      const key = [trust, record?.heldDiscrimination ?? 0, record?.agreement ?? 0].map(toTieKey);
      measured.push({ id: learner.id, key });
    }
  }
  const quota = Math.floor(measured.length * LOWEST_EVALUATOR_SHARE);
  measured.sort((a, b) => compareKeys(a.key, b.key));
  const lowest = new Set<string>();
  for (let start = 0; start < measured.length; ) {
    const first = measured[start];
    if (first === undefined) break;
    // The group of evaluators equal to `first` on every key must fit within the quota whole.
    let end = start + 1;
    while (end < measured.length && compareKeys(measured[end]?.key ?? [], first.key) === 0) end++;
    if (end > quota) break;
    for (let i = start; i < end; i++) lowest.add(measured[i]?.id ?? '');
    start = end;
  }
  return new Set(table.learners.filter((l) => lowest.has(l.id)).map((l) => l.id));
}

// A figure for comparing evaluators, on a grid of TIE_TOLERANCE: values that differ by less than
// a score can show, or only by floating-point noise, count as equal.
function toTieKey(value: number): number {
  return Math.round(value / TIE_TOLERANCE);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

// Competition ranking of totals, highest first: equal totals share a rank (1, 2, 2, 4).
function rankTotals(totals: readonly number[]): Map<number, number> {
  const ranks = new Map<number, number>();
  [...totals]
    .sort((a, b) => b - a)
    .forEach((total, i) => {
      if (!ranks.has(total)) ranks.set(total, i + 1);
    });
  return ranks;
}

function describeEvaluation(
  table: RatingTable,
  id: string,
  record: ReviewerRecord | undefined,
  model: ReviewerModel | undefined,
  isLowest: boolean,
): Omit<EvaluationDetail, 'accuracyBasis' | 'accuracyUsed'> {
  const deviations = record === undefined ? [] : computeMeanDeviations(record.sums);
  return {
    assigned: table.assignedPeerReviews.get(id) ?? 0,
    completed: table.completedPeerReviews.get(id) ?? 0,
    compared: record?.comparedEssays ?? 0,
    closeness: record?.closeness ?? null,
    agreement: record?.agreement ?? null,
    trust: record?.trust ?? null,
    measuredDiscrimination: record?.measuredDiscrimination ?? null,
    discrimination: record?.discrimination ?? null,
    accuracy: record?.accuracy ?? null,
    weight: model?.weight ?? 0,
    leniency: model?.leniency ?? 0,
    isLowest,
    standardBias: table.standards.map((s, i) => {
      const share = deviations[i] ?? null;
      return { standardId: s.id, meanDeviation: share === null ? null : share * s.maxPoint };
    }),
  };
}

function sumScores(set: Omit<ScoreSet, 'total'>): number {
  return roundScore(
    set.essayWriting + set.peerReview + set.metacognition + set.feedbackReview + set.revisement,
  );
}

function averageScores(sets: readonly (ScoreSet | undefined)[]): ScoreSet {
  const present = sets.filter((s): s is ScoreSet => s !== undefined);
  const avg = (pick: (s: ScoreSet) => number) => roundScore(computeMean(present.map(pick)) ?? 0);
  return {
    essayWriting: avg((s) => s.essayWriting),
    peerReview: avg((s) => s.peerReview),
    metacognition: avg((s) => s.metacognition),
    feedbackReview: avg((s) => s.feedbackReview),
    revisement: avg((s) => s.revisement),
    total: avg((s) => s.total),
  };
}
