// The essay's consensus per standard as the posterior mean of its quality (docs/scoring.md,
// section 3, "The essay's consensus"): the reliability-weighted mean c of its ratings (leniency
// off) has a variance V = Σ w² v ÷ (Σ w)² of its own, and the essays of the class spread around
// their mean μ by τ² (the spread of the weighted means less their average V). The best estimate of
// an essay's quality from both is μ + (c − μ) τ² ÷ (τ² + V): an essay whose reviewers agree keeps
// nearly all of its distance from the class mean, one whose marks leave it unsure gives up more.
// τ² is a spread measured over the class, so this is done only where enough essays measure it:
// POSTERIOR_MIN_ESSAYS with two or more ratings on every standard. Elsewhere (and on a standard
// whose essays spread no more than their noise) the weighted mean stands as it is.
import { POSTERIOR_MIN_ESSAYS } from './constants';

/** Per essay × standard (essay · standards + standard): the loop's sums of the last round. */
export interface EssayCells {
  /** Σ w·(y − leniency) */
  sum: Float64Array;
  /** Σ w */
  weight: Float64Array;
  /** Σ w²·variance */
  noise: Float64Array;
  /** Number of ratings. */
  count: Float64Array;
}

/**
 * Each cell's consensus (a share of the standard's scale, not yet clamped to 0..1), NaN where the
 * essay has no rating on that standard.
 */
export function posteriorConsensus(cells: EssayCells, essays: number, size: number): Float64Array {
  const consensus = new Float64Array(essays * size).fill(Number.NaN);
  for (let e = 0; e < essays * size; e++) {
    const weight = cells.weight[e] ?? 0;
    if (weight > 0) consensus[e] = (cells.sum[e] ?? 0) / weight;
  }
  const measured: number[] = [];
  for (let essay = 0; essay < essays; essay++) {
    let rated = true;
    for (let i = 0; i < size; i++) if ((cells.count[essay * size + i] ?? 0) < 2) rated = false;
    if (rated) measured.push(essay);
  }
  if (measured.length < POSTERIOR_MIN_ESSAYS) return consensus;
  for (let i = 0; i < size; i++) {
    let sum = 0;
    let rated = 0;
    for (let essay = 0; essay < essays; essay++) {
      const c = consensus[essay * size + i] ?? Number.NaN;
      if (Number.isNaN(c)) continue;
      sum += c;
      rated += 1;
    }
    const mean = sum / rated;
    let spread = 0;
    let noise = 0;
    for (const essay of measured) {
      const e = essay * size + i;
      spread += ((consensus[e] ?? 0) - mean) ** 2;
      noise += varianceOf(cells, e);
    }
    const between = spread / (measured.length - 1) - noise / measured.length;
    if (!(between > 0)) continue;
    for (let essay = 0; essay < essays; essay++) {
      const e = essay * size + i;
      const c = consensus[e] ?? Number.NaN;
      if (Number.isNaN(c)) continue;
      consensus[e] = mean + ((c - mean) * between) / (between + varianceOf(cells, e));
    }
  }
  return consensus;
}

/** V of a cell's weighted mean. */
function varianceOf(cells: EssayCells, e: number): number {
  const weight = cells.weight[e] ?? 0;
  return (cells.noise[e] ?? 0) / (weight * weight);
}
