// Correlations for the scoring scripts (the simulation and the real class): Pearson's r, and
// Spearman's ρ as Pearson's r of average ranks.

/** Figures this close count as tied when ranked: floating-point noise must not break a tie. */
const RANK_GRID = 1e-9;

export function pearson(xs: readonly number[], ys: readonly number[]): number {
  const mx = meanOf(xs);
  const my = meanOf(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    const y = ys[i] ?? 0;
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  });
  return sxx === 0 || syy === 0 ? 0 : sxy / Math.sqrt(sxx * syy);
}

// Average ranks (ties share their mean rank), from 0. Values are taken on a grid of RANK_GRID
// first: two reviewers with the same distances summed in another order differ in the last digits,
// and breaking such ties by that noise moves ρ by up to 0.006 in a cell of the simulation.
export function rankValues(raw: readonly number[]): number[] {
  const values = raw.map((v) => Math.round(v / RANK_GRID) * RANK_GRID);
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const ranks = new Array<number>(values.length).fill(0);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && order[end + 1]?.v === order[start]?.v) end++;
    for (let k = start; k <= end; k++) ranks[order[k]?.i ?? 0] = (start + end) / 2;
    start = end + 1;
  }
  return ranks;
}

export function spearman(xs: readonly number[], ys: readonly number[]): number {
  return pearson(rankValues(xs), rankValues(ys));
}

function meanOf(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
