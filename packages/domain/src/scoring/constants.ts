// The tunable numbers of the scoring engine, in one place; docs/scoring.md explains each.

/** Half a point of slack: marks are whole numbers while a consensus is an average. */
export const SLACK_POINTS = 0.5;
/** Root-mean-square deviation (share of the scale, beyond the slack) at which closeness is 0. */
export const ZERO_CREDIT_DEVIATION = 0.5;
/**
 * Share of the scale a careful reviewer may stray from the others (beyond rounding and the others'
 * own uncertainty) at almost no cost to closeness.
 */
export const TOLERATED_DEVIATION = 0.1;
/**
 * Share of reviewers assumed, before their marks are seen, to give one mark whatever the essay:
 * how readily marks that never vary are taken for that rather than for a careful reviewer rounding.
 */
export const UNVARYING_PRIOR = 0.1;
/** Share of reviewers assumed, before their marks are seen, to mark without regard to the quality. */
export const AGAINST_PRIOR = 0.02;
/**
 * Significance level at which the reviewers of a class are taken to differ in how far their marks
 * are from the others' (a test of the distances by reviewer): below it, closeness is measured
 * against the others' reliability-weighted consensus, else against their plain mean.
 */
export const REVIEWER_DIFFERENCE_LEVEL = 0.05;
/**
 * Share of the red marks' agreement (trust) taken from the others' plain mean; the rest from their
 * reliability-weighted consensus (which is fitted on everyone's marks, the reviewer's included).
 */
export const PLAIN_YARDSTICK_SHARE = 0.5;
/**
 * Marks at the top of the scale count as agreed (the red marks do not hold the tracking doubt
 * against them) when their mean squared distance from the others, rounding off, is within this
 * share of TOLERATED_DEVIATION²: within about 0.07 of the scale at 0.5.
 */
export const AGREED_CEILING_SHARE = 0.5;
/** Rounds of "consensus → each reviewer's leniency and error → weights". */
export const RELIABILITY_ROUNDS = 3;
/** Essays' worth of "no leniency" added to each reviewer's measured leniency (shrinks it to 0). */
export const LENIENCY_PRIOR_ESSAYS = 6;
/** Ratings' worth of class-average error variance added to each reviewer's own. */
export const VARIANCE_PRIOR_RATINGS = 6;
/**
 * Essays with two or more ratings on every standard needed before each essay's consensus is taken
 * as the posterior mean of its quality (pulled towards the class mean by its own uncertainty,
 * essay-posterior.ts): the spread of the essays' quality it needs is then measured to within about
 * a fifth (the relative standard error of a variance from n essays is √(2 ÷ (n − 1))).
 */
export const POSTERIOR_MIN_ESSAYS = 50;
/**
 * Accuracy given when evaluation ability cannot be measured in the assignment (nobody or only one
 * member could be compared with anyone): the middle of the scale, neither credit nor penalty.
 */
export const NEUTRAL_ACCURACY = 0.5;
/** Members with a measured accuracy needed before their average stands in for the others. */
export const MIN_MEASURED_EVALUATORS = 2;
/**
 * A rating further from the others' consensus than this many standard deviations (the reviewer's
 * error and the consensus's uncertainty together) keeps only the matching share of its weight.
 */
export const OUTLIER_SCALE = 1.2;
/**
 * Lowest share of a reviewer's precision that the doubt whether their marks follow the essays (the
 * tracking probability) leaves in their weight: the doubt can halve a weight, never take it away.
 */
export const TRACKING_WEIGHT_FLOOR = 0.5;
/** Lowest weight a peer's ratings can get (the average peer weighs 1). */
export const MIN_WEIGHT = 0.01;
/** Weight of an instructor taking part as a learner: three average peers. */
export const ANCHOR_WEIGHT = 3;
/** Share of evaluators whose ratings are marked red. */
export const LOWEST_EVALUATOR_SHARE = 0.3;
/** A rater needs this many ratings before their stars are adjusted for leniency or harshness. */
export const MIN_RATINGS_FOR_RATER_ADJUSTMENT = 3;
/** Ratings' worth of "no rater bias" a rater's measured harshness or leniency is shrunk by. */
export const HELPFULNESS_PRIOR_RATINGS = 3;
/** Stars of the helpfulness rating when the settings do not say. */
export const DEFAULT_FEEDBACK_MAX_POINT = 10;
