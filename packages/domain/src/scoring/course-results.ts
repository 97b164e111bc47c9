// Course-level figures built from per-assignment totals: the weighted conversion score, the
// not-performed counts and the standard score per assignment.
import { computeMean, computeStd, roundScore } from './statistics';

export interface AssignmentWeight {
  assignmentId: string;
  weight: number;
}

export interface AssignmentTotal {
  assignmentId: string;
  /** Null when the learner has no score for it (not performed): counts as 0. */
  total: number | null;
  /** The assignment's highest possible total; 100 in the product. */
  maxTotal?: number;
}

export interface StagePerformance {
  /** What is counted, e.g. a stage code: ES, PE, FE, RE. */
  unit: string;
  isCompleted: boolean;
}

export interface NotPerformedCount {
  unit: string;
  notPerformed: number;
  total: number;
}

export interface StandardScore {
  learnerId: string;
  standardScore: number;
}

// Conversion score out of 100 = Σ weight × (total ÷ maxTotal) ÷ Σ weight × 100. Weights that sum
// to less than 100 are scaled up to it; all weights 0 means every assignment counts equally.
export function computeConversionScore(
  weights: readonly AssignmentWeight[],
  totals: readonly AssignmentTotal[],
): number {
  const byId = new Map(totals.map((t) => [t.assignmentId, t]));
  const usable = weights.map((w) => ({ ...w, weight: Math.max(0, w.weight) }));
  const weightSum = usable.reduce((sum, w) => sum + w.weight, 0);
  const effective = weightSum > 0 ? usable : usable.map((w) => ({ ...w, weight: 1 }));
  const effectiveSum = weightSum > 0 ? weightSum : usable.length;
  if (effectiveSum === 0) return 0;
  let earned = 0;
  for (const w of effective) {
    const t = byId.get(w.assignmentId);
    const max = t?.maxTotal ?? 100;
    const share =
      t?.total === null || t === undefined || max <= 0 ? 0 : Math.min(1, Math.max(0, t.total / max));
    earned += w.weight * share;
  }
  return roundScore((earned / effectiveSum) * 100);
}

// Counts, per unit, how many performances were not completed out of how many there were; units
// keep the order in which they first appear.
export function countNotPerformed(performances: readonly StagePerformance[]): NotPerformedCount[] {
  const counts = new Map<string, NotPerformedCount>();
  for (const p of performances) {
    const entry = counts.get(p.unit) ?? { unit: p.unit, notPerformed: 0, total: 0 };
    entry.total += 1;
    if (!p.isCompleted) entry.notPerformed += 1;
    counts.set(p.unit, entry);
  }
  return [...counts.values()];
}

// Standard score (T-score) of each learner's total in one assignment: 50 + 10 × z, with
// z = (total − class mean) ÷ class standard deviation; everyone gets 50 when all totals are
// equal. Clamped to 0..100 and rounded to one decimal.
export function computeStandardScores(
  totals: readonly { learnerId: string; total: number }[],
): StandardScore[] {
  const values = totals.map((t) => t.total);
  const mean = computeMean(values) ?? 0;
  const std = computeStd(values) ?? 0;
  return totals.map((t) => {
    const z = std > 0 ? (t.total - mean) / std : 0;
    return { learnerId: t.learnerId, standardScore: roundScore(Math.min(100, Math.max(0, 50 + 10 * z))) };
  });
}
