/**
 * Rubric reliability (issue 33): how well the reviewers of an assignment agree on one rubric
 * standard, as Krippendorff's alpha with the interval metric (Krippendorff, "Computing
 * Krippendorff's Alpha-Reliability", 2011). Pure.
 *
 * The data are units (essays), each with the values (points) its reviewers gave. Only units with
 * at least two values are pairable; n is the number of their values.
 *
 *   D_o = 1/n · Σ_u 1/(m_u − 1) · Σ_{i≠j in u} (v_i − v_j)²      (observed disagreement)
 *   D_e = 1/(n(n − 1)) · Σ_{i≠j over all pairable values} (v_i − v_j)²   (expected by chance)
 *   α   = 1 − D_o / D_e
 *
 * α = 1 is perfect agreement, 0 agreement no better than chance, below 0 systematic
 * disagreement. It is not defined (null) when fewer than two units are pairable or when every
 * pairable value is the same (D_e = 0).
 */

export type AlphaResult = {
  alpha: number | null;
  /** Pairable units (two values or more). */
  units: number;
  /** Values in pairable units. */
  values: number;
  /** Why alpha is null: too few pairable units, or no variance at all. */
  reason: 'too_few_pairs' | 'no_variance' | null;
};

/** Fewer pairable units than this tells nothing (one essay's reviewers are no sample). */
export const MIN_PAIRABLE_UNITS = 2;

/** Krippendorff's alpha, interval metric, of units of values (nulls and non-finite values ignored). */
export function krippendorffAlphaInterval(units: readonly (readonly (number | null)[])[]): AlphaResult {
  const pairable = units
    .map((u) => u.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)))
    .filter((u) => u.length >= 2);
  const all = pairable.flat();
  const n = all.length;
  if (pairable.length < MIN_PAIRABLE_UNITS)
    return { alpha: null, units: pairable.length, values: n, reason: 'too_few_pairs' };
  let observed = 0;
  for (const u of pairable) {
    let within = 0;
    for (let i = 0; i < u.length; i++)
      for (let j = 0; j < u.length; j++) if (i !== j) within += ((u[i] as number) - (u[j] as number)) ** 2;
    observed += within / (u.length - 1);
  }
  const dObserved = observed / n;
  // Σ_{i≠j} (v_i − v_j)² = 2n·Σv² − 2(Σv)², without the quadratic loop.
  let sum = 0;
  let squares = 0;
  for (const v of all) {
    sum += v;
    squares += v * v;
  }
  const pairsTotal = 2 * n * squares - 2 * sum * sum;
  const dExpected = pairsTotal / (n * (n - 1));
  if (dExpected <= 1e-12) return { alpha: null, units: pairable.length, values: n, reason: 'no_variance' };
  return { alpha: 1 - dObserved / dExpected, units: pairable.length, values: n, reason: null };
}

export type ReliabilityLevel = 'good' | 'fair' | 'poor' | 'unknown';

/**
 * Thresholds after Krippendorff's conventions: α ≥ 0.8 reliable, 0.667 the lowest for tentative
 * conclusions. A rubric row of a class's peer review is "good" from 0.667, "poor" below 0.4
 * (reviewers barely agree beyond chance), "fair" between.
 */
export const RELIABILITY_THRESHOLDS = { good: 0.667, poor: 0.4 } as const;

export function reliabilityLevel(alpha: number | null): ReliabilityLevel {
  if (alpha === null) return 'unknown';
  if (alpha >= RELIABILITY_THRESHOLDS.good) return 'good';
  if (alpha < RELIABILITY_THRESHOLDS.poor) return 'poor';
  return 'fair';
}

/** One review's points on the rubric, of one essay (the author). */
export type RubricReview = { author: string; points: readonly (number | null)[] };

/** Per standard (by index), alpha over the essays' reviews. */
export function rubricReliability(standardCount: number, reviews: readonly RubricReview[]) {
  const byAuthor = new Map<string, RubricReview[]>();
  for (const r of reviews) byAuthor.set(r.author, [...(byAuthor.get(r.author) ?? []), r]);
  return Array.from({ length: standardCount }, (_, index) => {
    const units = [...byAuthor.values()].map((rs) => rs.map((r) => r.points[index] ?? null));
    const result = krippendorffAlphaInterval(units);
    return { index, ...result, level: reliabilityLevel(result.alpha) };
  });
}
