import { describe, expect, it } from 'vitest';
import { POSTERIOR_MIN_ESSAYS } from './constants';
import { type EssayCells, posteriorConsensus } from './essay-posterior';

const sample = (n: number, at: (k: number) => number) => Array.from({ length: n }, (_, k) => at(k));

/**
 * One standard; essay k's ratings give the weighted mean `means[k]` with `ratings(k)` ratings of
 * weight 1 and error variance `variance(k)` each (so V = variance ÷ ratings); three ratings of
 * variance 0.03 unless told.
 */
function cellsOf(
  means: number[],
  {
    ratings = () => 3,
    variance = () => 0.03,
  }: { ratings?: (k: number) => number; variance?: (k: number) => number } = {},
): EssayCells {
  const counts = sample(means.length, ratings);
  return {
    sum: Float64Array.from(means, (m, k) => m * (counts[k] ?? 0)),
    weight: Float64Array.from(counts),
    noise: Float64Array.from(counts, (c, k) => variance(k) * c),
    count: Float64Array.from(counts),
  };
}

describe('posteriorConsensus', () => {
  it('leaves the weighted mean as it is below POSTERIOR_MIN_ESSAYS essays rated twice or more', () => {
    const n = POSTERIOR_MIN_ESSAYS - 1;
    const means = sample(n, (k) => (k % 10) / 10);
    const out = posteriorConsensus(cellsOf(means, { variance: () => 0.01 }), n, 1);
    expect([...out]).toEqual(means.map((m) => expect.closeTo(m, 12)));
  });

  it('counts only essays rated twice or more on every standard towards the minimum', () => {
    const n = POSTERIOR_MIN_ESSAYS + 10;
    // Eleven essays with one rating: 49 measured, one short.
    const means = sample(n, (k) => (k % 10) / 10);
    const out = posteriorConsensus(
      cellsOf(means, { ratings: (k) => (k < 11 ? 1 : 3), variance: () => 0.01 }),
      n,
      1,
    );
    expect([...out]).toEqual(means.map((m) => expect.closeTo(m, 12)));
  });

  it('pulls each essay towards the class mean by τ² ÷ (τ² + V), further where its marks leave it unsure', () => {
    const n = 60;
    // Means 0.2, 0.4, 0.6, 0.8 in turn (class mean 0.5); every essay has
    // three ratings of variance 0.03 (V = 0.01) but essay 0, whose three have variance 0.3 (V = 0.1).
    const means = sample(n, (k) => 0.2 + 0.2 * (k % 4));
    const out = posteriorConsensus(cellsOf(means, { variance: (k) => (k === 0 ? 0.3 : 0.03) }), n, 1);
    // Deviations ±0.3 and ±0.1 from 0.5, each a quarter of the class.
    const spread = ((n / 4) * 2 * (0.3 ** 2 + 0.1 ** 2)) / (n - 1);
    const meanV = (0.1 + (n - 1) * 0.01) / n;
    const between = spread - meanV;
    const expected = (k: number, v: number) => 0.5 + ((means[k] ?? 0) - 0.5) * (between / (between + v));
    expect(out[0]).toBeCloseTo(expected(0, 0.1), 12);
    expect(out[4]).toBeCloseTo(expected(4, 0.01), 12);
    // Both were 0.2; the unsure one is now nearer the mean.
    expect(out[4] ?? 0).toBeLessThan(0.5);
    expect(out[0] ?? 0).toBeGreaterThan(out[4] ?? 0);
    expect(out[0] ?? 1).toBeLessThan(0.5);
    // The order of essays equally sure is kept.
    expect(out[3] ?? 0).toBeGreaterThan(out[2] ?? 0);
    expect(out[2] ?? 0).toBeGreaterThan(out[1] ?? 0);
  });

  it('leaves a standard alone when its essays spread no more than their own noise', () => {
    const n = 60;
    const means = sample(n, (k) => (k % 2 === 0 ? 0.55 : 0.45));
    const out = posteriorConsensus(cellsOf(means, { variance: () => 0.3 }), n, 1);
    expect([...out]).toEqual(means.map((m) => expect.closeTo(m, 12)));
  });

  it('gives NaN where an essay has no rating on a standard, and shrinks the others', () => {
    const n = 60;
    const means = sample(n, (k) => 0.2 + 0.2 * (k % 4));
    const cells = cellsOf(means);
    // A second standard with the same marks, which essay 7 did not get.
    const two: EssayCells = {
      sum: Float64Array.from({ length: 2 * n }, (_, e) => cells.sum[e >> 1] ?? 0),
      weight: Float64Array.from({ length: 2 * n }, (_, e) => (e === 15 ? 0 : (cells.weight[e >> 1] ?? 0))),
      noise: Float64Array.from({ length: 2 * n }, (_, e) => (e === 15 ? 0 : (cells.noise[e >> 1] ?? 0))),
      count: Float64Array.from({ length: 2 * n }, (_, e) => (e === 15 ? 0 : (cells.count[e >> 1] ?? 0))),
    };
    const out = posteriorConsensus(two, n, 2);
    expect(out[15]).toBeNaN();
    // Essay 0 (0.2 on both) moves about a fifth of its 0.3 towards 0.5 on each standard (τ² ≈ 0.041, V = 0.01).
    for (const share of [out[0], out[1]]) {
      expect(share ?? 0).toBeGreaterThan(0.25);
      expect(share ?? 1).toBeLessThan(0.27);
    }
  });
});
