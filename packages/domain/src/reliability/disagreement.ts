/**
 * Disagreement triage (issue 33, item 3): the rubric standards on which an essay's peer reviewers
 * disagree beyond what the rubric's rounding explains. Points are whole numbers, so two reviewers
 * who see the same essay between two points may honestly pick neighbouring points: a spread of
 * one point is rounding. A spread of two points or more on a standard is a disagreement worth a
 * look. Pure.
 */

/** The largest spread rounding explains (in points). */
export const ROUNDING_SPREAD = 1;

/**
 * The standards (by index) whose points, among these reviews (each a list of points per standard,
 * null when missing), spread by more than rounding explains. Fewer than two points: no flag.
 */
export function disagreeingStandards(
  reviews: readonly (readonly (number | null)[])[],
  standardCount: number,
) {
  const flagged: number[] = [];
  for (let i = 0; i < standardCount; i++) {
    const points = reviews.map((r) => r[i]).filter((p): p is number => typeof p === 'number');
    if (points.length < 2) continue;
    if (Math.max(...points) - Math.min(...points) > ROUNDING_SPREAD) flagged.push(i);
  }
  return flagged;
}
