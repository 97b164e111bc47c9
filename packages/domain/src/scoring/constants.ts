// The tunable numbers of the scoring engine, in one place; docs/scoring.md explains each.

/** Half a point of slack: marks are whole numbers while a consensus is an average. */
export const SLACK_POINTS = 0.5;
/** Root-mean-square deviation (share of the scale, beyond the slack) at which closeness is 0. */
export const ZERO_CREDIT_DEVIATION = 0.5;
/** Rounds of "consensus → reviewer accuracy → weights". */
export const RELIABILITY_ROUNDS = 3;
/** Compared reviews' worth of class-average behaviour added to each reviewer before weighting. */
export const WEIGHT_PRIOR_REVIEWS = 6;
/** Lowest weight a peer's ratings can get (the average peer weighs 1). */
export const MIN_WEIGHT = 0.01;
/** Weight of an instructor taking part as a learner: three average peers. */
export const ANCHOR_WEIGHT = 3;
/** Share of evaluators whose ratings are marked red. */
export const LOWEST_EVALUATOR_SHARE = 0.3;
/** A rater needs this many ratings before their stars are adjusted for leniency or harshness. */
export const MIN_RATINGS_FOR_RATER_ADJUSTMENT = 3;
/** Stars of the helpfulness rating when the settings do not say. */
export const DEFAULT_FEEDBACK_MAX_POINT = 10;
