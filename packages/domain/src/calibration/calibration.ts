// Calibration (issue 34, item 1): before their peer reviews, learners score the instructor's
// example essays on the assignment's rubric and then see the instructor's points. How close their
// points came is the calibration closeness: shown to the learner and the instructor, and a prior
// on the learner's reviewer weight in the scoring engine (docs/scoring.md, "Calibration prior").

/** The rubric as the rule needs it: each standard's maximum point (points are 0..maxPoint). */
export interface CalibrationStandard {
  maxPoint: number;
}

/** One example's points, by standard index (null = not scored). */
export type CalibrationPoints = readonly (number | null)[];

/**
 * Closeness of a learner's points to the instructor's on one example:
 * 1 − mean over the standards of |learner − instructor| ÷ the standard's range (its maximum),
 * in 0..1 (1 = the same points everywhere). Null when a standard is unscored on either side, the
 * rubric is empty, or a range is 0 (nothing to compare).
 */
export function exampleCloseness(
  standards: readonly CalibrationStandard[],
  learner: CalibrationPoints,
  instructor: CalibrationPoints,
): number | null {
  if (standards.length === 0) return null;
  let total = 0;
  for (let i = 0; i < standards.length; i++) {
    const range = standards[i]?.maxPoint ?? 0;
    const mine = learner[i];
    const theirs = instructor[i];
    if (range <= 0 || mine === null || mine === undefined || theirs === null || theirs === undefined)
      return null;
    total += Math.min(1, Math.abs(mine - theirs) / range);
  }
  return 1 - total / standards.length;
}

/**
 * Overall calibration closeness: the plain mean of the closeness of the examples the learner
 * submitted (each example counts once, whatever its number of standards). Null when none was.
 */
export function overallCloseness(perExample: readonly (number | null)[]): number | null {
  const known = perExample.filter((x): x is number => x !== null);
  if (known.length === 0) return null;
  return known.reduce((a, b) => a + b, 0) / known.length;
}

/** Calibration is done when every example was submitted (no examples: nothing to do). */
export function calibrationDone(examples: number, submitted: readonly boolean[]): boolean {
  for (let i = 0; i < examples; i++) if (!submitted[i]) return false;
  return true;
}

/**
 * How much a calibration closeness multiplies a reviewer's precision in the scoring engine:
 * 1 + CALIBRATION_PRIOR_STRENGTH × (closeness − CALIBRATION_NEUTRAL), so a learner at the neutral
 * closeness (or without calibration) is unchanged, a perfect one weighs up to 1 + strength × 0.5
 * more and a learner who missed by the whole range 1 − strength × 0.5 as much. The peer evidence
 * still decides: the factor is bounded and multiplies the precision the peers' marks measure.
 */
export const CALIBRATION_PRIOR_STRENGTH = 0.6;
/** The closeness that neither raises nor lowers a reviewer's weight. */
export const CALIBRATION_NEUTRAL = 0.5;

export function calibrationFactor(closeness: number | null | undefined): number {
  if (closeness === null || closeness === undefined || !Number.isFinite(closeness)) return 1;
  const c = Math.min(1, Math.max(0, closeness));
  return 1 + CALIBRATION_PRIOR_STRENGTH * (c - CALIBRATION_NEUTRAL);
}
