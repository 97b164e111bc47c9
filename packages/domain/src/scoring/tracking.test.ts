import { describe, expect, it } from 'vitest';
import { addComparison, createComparisonSums } from './statistics';
import { measureTracking, normalCdf } from './tracking';

// One standard of max `maxPoint`: given and consensus in points, the consensus exact (V = 0).
function compare(maxPoint: number, pairs: [given: number, consensus: number][]) {
  const sums = createComparisonSums(1);
  for (const [given, consensus] of pairs) {
    addComparison(sums, 0, given / maxPoint, consensus / maxPoint, 0.5 / maxPoint, {
      othersMean: consensus / maxPoint,
    });
  }
  return sums;
}

// P(a careful reviewer gives mark k of 0..5 to an essay the others put at exactly c): a spread of
// 0.1 of the scale (half a point) about c, rounded to whole points.
function p(k: number, c: number): number {
  const low = k === 0 ? Number.NEGATIVE_INFINITY : (k - 0.5 - c) / 0.5;
  const high = k === 5 ? Number.POSITIVE_INFINITY : (k + 0.5 - c) / 0.5;
  return normalCdf(high) - normalCdf(low);
}

describe('normalCdf', () => {
  it('matches the standard normal distribution to 1e-7', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447, 6);
    expect(normalCdf(-1.96)).toBeCloseTo(0.0249979, 6);
    expect(normalCdf(3)).toBeCloseTo(0.9986501, 6);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
  });
});

describe('measureTracking', () => {
  it('is null without comparisons and 1 for marks that follow the consensus', () => {
    expect(measureTracking(createComparisonSums(1))).toBeNull();
    const honest = compare(5, [
      [1, 1],
      [3, 3],
      [5, 5],
    ]);
    expect(measureTracking(honest)?.probability).toBe(1);
  });

  it('computes the unvarying likelihood as the chance a careful reviewer gives one mark to all', () => {
    // Two essays the others put at exactly 2 and 3 of 5; a careful reviewer (spread 0.1 of the
    // scale = half a point) gives each its own mark most of the time. L = Σ_k P(k | 2) P(k | 3).
    const sums = compare(5, [
      [3, 2],
      [3, 3],
    ]);
    let expected = 0;
    for (let k = 0; k <= 5; k++) expected += p(k, 2) * p(k, 3);
    const tracking = measureTracking(sums);
    expect(tracking?.likelihoodRatio).toBeCloseTo(expected, 9);
    expect(tracking?.probability).toBeCloseTo(expected / (0.9 * expected + 0.1), 9);
    expect(tracking?.probability ?? 1).toBeLessThan(1);
  });

  it('judges marks at an end of the scale on that mark for the red marks (endMark), not on any one mark', () => {
    // Full marks (5 of 5) to three essays the others put at 2, 3 and 3: a careful reviewer would
    // rather have given all three a 3 (Σ_k keeps that chance), but seldom a 5 to all three.
    const pairs: [number, number][] = [
      [5, 2],
      [5, 3],
      [5, 3],
    ];
    let anyMark = 0;
    for (let k = 0; k <= 5; k++) anyMark += p(k, 2) * p(k, 3) * p(k, 3);
    const atTheEnd = p(5, 2) * p(5, 3) * p(5, 3);
    expect(measureTracking(compare(5, pairs))?.likelihoodRatio).toBeCloseTo(anyMark, 12);
    expect(measureTracking(compare(5, pairs), true)?.likelihoodRatio).toBeCloseTo(atTheEnd, 12);
    expect(atTheEnd).toBeLessThan(anyMark / 1000);
    expect(measureTracking(compare(5, pairs), true)?.probability ?? 1).toBeLessThan(0.001);
    // 0 to everything likewise; a fixed mark in the middle, and marks that vary, are judged alike.
    const zeros: [number, number][] = pairs.map(([, c]) => [0, c]);
    const atZero = p(0, 2) * p(0, 3) * p(0, 3);
    expect(measureTracking(compare(5, zeros), true)?.likelihoodRatio).toBeCloseTo(atZero, 12);
    const middle: [number, number][] = pairs.map(([, c]) => [3, c]);
    expect(measureTracking(compare(5, middle), true)).toEqual(measureTracking(compare(5, middle)));
    const varying: [number, number][] = [
      [5, 2],
      [1, 3],
      [4, 3],
    ];
    expect(measureTracking(compare(5, varying), true)).toEqual(measureTracking(compare(5, varying)));
    // Only marks that never vary are told apart (the engine asks the second test only for them).
    expect(measureTracking(compare(5, pairs))?.unvarying).toBe(true);
    expect(measureTracking(compare(5, varying))?.unvarying).toBe(false);
  });

  it('leaves out a standard on which the others also gave every essay the same mark', () => {
    const sums = compare(5, [
      [3, 3],
      [3, 3],
      [3, 3],
    ]);
    expect(measureTracking(sums)).toEqual({ probability: 1, likelihoodRatio: 1, unvarying: true });
  });

  it('takes more credit the more essays the same mark is given against the others', () => {
    const marks = (count: number) =>
      measureTracking(
        compare(
          5,
          Array.from({ length: count }, (_, i): [number, number] => [3, 1 + (i % 4)]),
        ),
      )?.probability ?? 1;
    expect(marks(2)).toBeGreaterThan(marks(4));
    expect(marks(4)).toBeGreaterThan(marks(8));
    expect(marks(8)).toBeLessThan(0.001);
  });
});
