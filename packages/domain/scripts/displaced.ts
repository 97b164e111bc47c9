// A figure of the simulation's planted tables (docs/scoring.md, section 16): of the watched
// reviewers the red marks missed, how many are truly more accurate than the marked evaluator the
// engine trusts most, the one a red mark for them would have been taken from. Where that is most
// of the misses, the goal asks to move red marks from truly weaker graders to better ones.

export interface MeasuredEvaluator {
  id: string;
  /** What the red marks are ordered by (EvaluationDetail.trust). */
  trust: number;
  /** Minus the distance of their marks from the true quality, known only to the simulation. */
  trueAccuracy: number;
}

export function countDisplaced(
  watchedIds: readonly string[],
  markedIds: ReadonlySet<string>,
  evaluators: readonly MeasuredEvaluator[],
): number {
  let marginal: MeasuredEvaluator | null = null;
  for (const e of evaluators) {
    if (markedIds.has(e.id) && (marginal === null || e.trust > marginal.trust)) marginal = e;
  }
  if (marginal === null) return 0;
  const threshold = marginal.trueAccuracy;
  const byId = new Map(evaluators.map((e) => [e.id, e]));
  return watchedIds.filter((id) => {
    const e = byId.get(id);
    return e !== undefined && !markedIds.has(id) && e.trueAccuracy > threshold;
  }).length;
}
