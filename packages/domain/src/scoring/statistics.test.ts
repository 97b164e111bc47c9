import { describe, expect, it } from 'vitest';
import {
  addComparison,
  type ComparisonSums,
  computeMean,
  computeMeanDeviations,
  computeMeanSquaredDeviation,
  computeStd,
  createComparisonSums,
  measureCloseness,
  measureDiscrimination,
  roundScore,
} from './statistics';

// Builds sums for one standard scored out of `maxPoint` from [given, consensus] point pairs.
function compare(maxPoint: number, pairs: [number, number][]): ComparisonSums {
  const sums = createComparisonSums(1);
  for (const [given, consensus] of pairs)
    addComparison(sums, 0, given / maxPoint, consensus / maxPoint, 0.5 / maxPoint);
  return sums;
}

describe('computeMean and computeStd', () => {
  it('compute the mean and the population standard deviation', () => {
    expect(computeMean([2, 4, 6])).toBe(4);
    expect(computeStd([2, 4])).toBe(1);
    expect(computeMean([])).toBeNull();
    expect(computeStd([])).toBeNull();
  });
});

describe('measureCloseness', () => {
  it('is 1 when every rating is within half a point of the consensus', () => {
    expect(
      measureCloseness(
        compare(5, [
          [4, 4.4],
          [2, 1.6],
        ]),
      ),
    ).toBe(1);
  });

  it('falls with the root-mean-square deviation beyond the slack', () => {
    // Deviations 1 and 0 points on a 5-point scale: beyond slack 0.5 and 0 → shares 0.1 and 0.
    // rms = √(0.01 / 2) = 0.0707…; closeness = 1 − 0.0707 / 0.5 = 0.8586.
    expect(
      measureCloseness(
        compare(5, [
          [2, 3],
          [4, 4],
        ]),
      ),
    ).toBeCloseTo(0.8586, 4);
  });

  it('is 0 at or beyond half the scale away and null without comparisons', () => {
    expect(measureCloseness(compare(10, [[10, 0]]))).toBe(0);
    expect(measureCloseness(createComparisonSums(1))).toBeNull();
  });
});

describe('measureDiscrimination', () => {
  it('is 1 for ratings that follow the consensus exactly', () => {
    expect(
      measureDiscrimination(
        compare(5, [
          [1, 1],
          [3, 3],
          [5, 5],
        ]),
      ),
    ).toBeCloseTo(1, 12);
  });

  it('is close to 0 for the same mark on essays the others tell apart', () => {
    // Consensus shares 0.2, 0.6, 1.0 → centred sum of squares 0.32; κ = 3 × (0.1² / 3) = 0.01.
    const sameMark = compare(5, [
      [3, 1],
      [3, 3],
      [3, 5],
    ]);
    expect(measureDiscrimination(sameMark)).toBeCloseTo(0.01 / 0.33, 10);
  });

  it('is 0 for ratings that move against the consensus', () => {
    expect(
      measureDiscrimination(
        compare(5, [
          [5, 1],
          [3, 3],
          [1, 5],
        ]),
      ),
    ).toBe(0);
  });

  it('is 1 when the essays cannot be told apart (nothing to judge)', () => {
    expect(
      measureDiscrimination(
        compare(5, [
          [3, 4],
          [3, 4],
        ]),
      ),
    ).toBe(1);
  });

  it('centres each standard on its own, so a different level per standard is not discrimination', () => {
    const sums = createComparisonSums(2);
    for (const [consensusA, consensusB] of [
      [0.2, 0.9],
      [0.6, 0.5],
      [1, 0.1],
    ] as const) {
      addComparison(sums, 0, 0.6, consensusA, 0.1);
      addComparison(sums, 1, 0.4, consensusB, 0.1);
    }
    expect(measureDiscrimination(sums)).toBeLessThan(0.05);
  });
});

describe('other sums', () => {
  it('give the mean deviation per standard and the mean squared deviation', () => {
    const sums = compare(5, [
      [4, 3],
      [2, 2],
    ]);
    expect(computeMeanDeviations(sums)[0]).toBeCloseTo(0.1, 12);
    expect(computeMeanSquaredDeviation(sums)).toBeCloseTo(0.02, 12);
    expect(computeMeanSquaredDeviation(createComparisonSums(1))).toBeNull();
  });
});

describe('roundScore', () => {
  it('rounds to one decimal, halves up', () => {
    expect(roundScore(2.45)).toBe(2.5);
    expect(roundScore(27.95)).toBe(28);
    expect(roundScore(8.5857)).toBe(8.6);
    expect(roundScore(0)).toBe(0);
  });
});
