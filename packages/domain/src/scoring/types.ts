// Plain data shapes for the scoring engine. Points are the rubric's own units (0..maxPoint);
// scores are in the assignment's units (0..max score of that kind).

export type ScoreKind = 'essayWriting' | 'peerReview' | 'metacognition' | 'feedbackReview' | 'revisement';

export type ScoreTypeCode = 'ES' | 'PE' | 'ME' | 'FE' | 'RE';

export interface Standard {
  id: string;
  question?: string;
  /** 3..10 in the product. */
  maxPoint: number;
}

export interface ScoringSettings {
  standards: readonly Standard[];
  /** A kind with max 0 or absent is inactive and scores 0. */
  maxScores: Partial<Record<ScoreKind, number>>;
  /** Stars of the helpfulness rating (2..10); defaults to 10. */
  feedbackMaxPoint?: number;
}

export interface ScoringLearner {
  id: string;
  /** Finished the essay; defaults to true. */
  hasEssay?: boolean;
  /** An instructor taking part as a learner: an anchor, not ranked or averaged. */
  isInstructorLearner?: boolean;
}

export interface ReviewResponse {
  standardId: string;
  point: number | null;
  /** Set by an instructor (score adjustment); overrides `point` for the author's grade. */
  editedPoint?: number | null;
}

/** A review of `authorId`'s essay; a self-assessment when reviewerId equals authorId. */
export interface Review {
  reviewerId: string;
  authorId: string;
  isCompleted: boolean;
  responses: readonly ReviewResponse[];
}

/** The author (`raterId`) rating how helpful `reviewerId`'s review was, 1..feedbackMaxPoint stars. */
export interface HelpfulnessRating {
  raterId: string;
  reviewerId: string;
  point: number;
}

export interface RevisionScore {
  learnerId: string;
  score: number;
}

export interface ScoreAssignmentInput {
  settings: ScoringSettings;
  learners: readonly ScoringLearner[];
  reviews: readonly Review[];
  /**
   * Reviewers who are staff and not learners here (the instructor or an assistant writing a
   * fill-in review, issue 33): anchors, as an instructor taking part as a learner is.
   */
  anchorReviewerIds?: readonly string[];
  helpfulness?: readonly HelpfulnessRating[];
  revisionScores?: readonly RevisionScore[];
  /**
   * Calibration closeness (0..1) of the learners who scored the instructor's examples before
   * reviewing (packages/domain/src/calibration): a prior on their reviewer weight. Absent or empty
   * = the results are exactly those without calibration.
   */
  calibration?: readonly CalibrationEvidence[];
}

/** A learner's overall calibration closeness (1 − mean |difference| ÷ range over the examples). */
export interface CalibrationEvidence {
  learnerId: string;
  closeness: number;
}

export interface ScoreSet {
  essayWriting: number;
  peerReview: number;
  metacognition: number;
  feedbackReview: number;
  revisement: number;
  total: number;
}

/** Points this learner's essay received on one standard (the report's peer_review_points). */
export interface StandardPoints {
  standardId: string;
  question: string;
  maxPoint: number;
  /** Plain mean and population standard deviation of the peer points (null without any). */
  avg: number | null;
  std: number | null;
  count: number;
  /** The reliability-weighted consensus the essay score uses. */
  consensus: number | null;
  selfPoint: number | null;
  /** selfPoint − consensus: positive means the learner rated their own essay higher. */
  selfGap: number | null;
}

/**
 * Where the accuracy in a learner's evaluation-ability score came from: their own comparisons,
 * the class average (they could not be compared, others could), the neutral NEUTRAL_ACCURACY
 * (evaluation ability could not be measured in the assignment), or none (no completed review,
 * or the score kind is inactive).
 */
export type AccuracyBasis = 'own' | 'classAverage' | 'neutral' | 'none';

/**
 * Whether the assignment's evaluation ability could be measured: `measured` when at least
 * MIN_MEASURED_EVALUATORS members were compared with someone; `noCompletedReviews` when no peer
 * review was completed; `noOverlap` when nobody's essay was reviewed by two people (one reviewer
 * per essay); `tooFewOverlaps` when only one member could be compared.
 */
export type EvaluationAbilityStatus = 'measured' | 'noCompletedReviews' | 'noOverlap' | 'tooFewOverlaps';

/** How the learner judged others: the parts of the evaluation-ability score. */
export interface EvaluationDetail {
  assigned: number;
  completed: number;
  /** Essays on which someone else's rating allowed a comparison. */
  compared: number;
  /**
   * Closeness to the others' marks, the PE score's accuracy: against their plain mean, or their
   * weighted consensus where the class's reviewers differ beyond chance (docs/scoring.md section 3).
   */
  closeness: number | null;
  /**
   * Closeness as the red marks measure it: half against the others' plain mean, half against their
   * weighted consensus, in every class; × discrimination² it orders the red marks (section 9).
   */
  agreement: number | null;
  /**
   * How far the ratings can be trusted, the order of the red marks: agreement × discrimination²,
   * the discrimination not held against marks at an agreed ceiling and judged on the mark itself
   * for marks that never vary at an end of the scale (docs/scoring.md sections 3 and 9).
   */
  trust: number | null;
  /** Discrimination as measured; `discrimination` is this pulled up towards the class when low. */
  measuredDiscrimination: number | null;
  discrimination: number | null;
  /**
   * The accuracy of the PE score: the closeness, or null when nothing could be compared
   * (docs/scoring.md section 3).
   */
  accuracy: number | null;
  /** Weight of this learner's ratings in essay scores. */
  weight: number;
  /**
   * Share of the scale taken off this learner's ratings before they count for the authors
   * (+ lenient, − harsh); times a standard's max point gives points.
   */
  leniency: number;
  isLowest: boolean;
  /** Where the accuracy the PE score uses came from (docs/scoring.md section 10). */
  accuracyBasis: AccuracyBasis;
  /** The accuracy the PE score uses: `accuracy`, or the stand-in; null when no review was completed. */
  accuracyUsed: number | null;
  /** Mean (given − others' consensus) per standard, in points: the learner's leniency or harshness. */
  standardBias: { standardId: string; meanDeviation: number | null }[];
}

export interface SelfAssessment {
  /** Σ(self − consensus) / Σ maxPoint over rated standards: −1..1, positive = over-confident. */
  signedGap: number;
  label: 'over' | 'under' | 'accurate';
}

export interface FeedbackPoint {
  avg: number | null;
  std: number | null;
  count: number;
  /** Mean stars after the per-rater adjustment; the feedback score uses this. */
  adjustedAvg: number | null;
}

export interface TotalInfo {
  rank: number;
  /** rank / memberCount × 100: "top x %". */
  percent: number;
  memberCount: number;
}

export interface LearnerScores {
  learnerId: string;
  isInstructorLearner: boolean;
  scores: ScoreSet;
  isAverageEssayWritingScore: boolean;
  isAveragePeerReviewScore: boolean;
  isAverageMetacognitionScore: boolean;
  isAverageFeedbackReviewScore: boolean;
  peerReviewPoints: StandardPoints[];
  feedbackReviewPoint: FeedbackPoint;
  selfAssessment: SelfAssessment | null;
  evaluation: EvaluationDetail;
  /**
   * The learner submitted an essay: only they are ranked and counted in the class's averages
   * (a participant who wrote nothing is scored, but listed apart).
   */
  submitted: boolean;
  /** Null for instructors taking part as learners and for learners without an essay: they are not ranked. */
  totalInfo: TotalInfo | null;
}

export interface AssignmentScores {
  learners: LearnerScores[];
  /** Averages over the ranked learners: those who submitted an essay, instructors' seats out. */
  classAverages: ScoreSet;
  /** How many are ranked (submitted an essay, instructors' seats out). */
  memberCount: number;
  /**
   * Evaluators in the lowest 30 % by agreement × discrimination² (the doubt about the marks' direction
   * taken twice, but not held against marks at the top of the scale that the others, too, put at
   * the top; ties broken by agreement, then discrimination; docs/scoring.md section 9): their
   * ratings are marked red.
   */
  lowestEvaluatorIds: string[];
  /**
   * False when evaluation ability could not be measured in this assignment (too few overlapping
   * reviews): PE then follows the neutral policy of docs/scoring.md section 10, and the report
   * should say so instead of presenting the score as a measurement.
   */
  evaluationAbilityMeasured: boolean;
  /** Why: see EvaluationAbilityStatus. */
  evaluationAbilityStatus: EvaluationAbilityStatus;
  /** Members whose accuracy was measured (compared with someone on at least one essay). */
  measuredEvaluatorCount: number;
  /**
   * Whether the reviewers differed in their distance from the others beyond chance, so that
   * closeness was measured against the others' weighted consensus rather than their plain mean
   * (docs/scoring.md section 3).
   */
  reviewersDiffer: boolean;
}
