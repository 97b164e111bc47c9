import { describe, expect, it } from 'vitest';
import {
  addComparison,
  type ComparisonSums,
  clearComparisonSums,
  computeMean,
  computeMeanDeviations,
  computeStd,
  createComparisonSums,
  givesSameMarks,
  isAgreedCeiling,
  isSameMarkOnDifferentEssays,
  measureCloseness,
  measureDiscrimination,
  measureReviewerCloseness,
  roundScore,
  testReviewerDifferences,
  upperTailF,
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

  it('is 0 for the same mark on essays the others tell apart (the same-mark rule)', () => {
    // Consensus shares 0.2, 0.6, 1.0 → centred sum of squares 0.32; κ = 3 × (0.1² / 3) = 0.01.
    // The formula alone would give 0.01 / 0.33 = 0.03; the rule makes it exactly 0.
    const sameMark = compare(5, [
      [3, 1],
      [3, 3],
      [3, 5],
    ]);
    expect(isSameMarkOnDifferentEssays(sameMark)).toBe(true);
    expect(measureDiscrimination(sameMark)).toBe(0);
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
    // Pooled over both standards the marks (0.6 vs 0.4) would seem to follow the consensus
    // levels; centred per standard they do not. One mark varies so the same-mark rule stays out.
    const sums = createComparisonSums(2);
    for (const [givenB, consensusA, consensusB] of [
      [0.4, 0.2, 0.9],
      [0.4, 0.6, 0.5],
      [0.5, 1, 0.1],
    ] as const) {
      addComparison(sums, 0, 0.6, consensusA, 0.1);
      addComparison(sums, 1, givenB, consensusB, 0.1);
    }
    expect(isSameMarkOnDifferentEssays(sums)).toBe(false);
    expect(measureDiscrimination(sums)).toBeLessThan(0.05);
  });
});

describe('the same-mark rule', () => {
  // Two standards out of 5 points: slack 0.1, κ = 0.01 / 3 per comparison.
  function compareTwo(pairs: [number, number, number, number][]): ComparisonSums {
    const sums = createComparisonSums(2);
    for (const [given0, consensus0, given1, consensus1] of pairs) {
      addComparison(sums, 0, given0 / 5, consensus0 / 5, 0.1);
      addComparison(sums, 1, given1 / 5, consensus1 / 5, 0.1);
    }
    return sums;
  }

  it('gives 0 for the same points on every standard when the others differ by a point or more', () => {
    // Standard 0 consensus 2 and 3 (a point apart), standard 1 consensus 4 and 4.
    const sums = compareTwo([
      [3, 2, 4, 4],
      [3, 3, 4, 4],
    ]);
    expect(isSameMarkOnDifferentEssays(sums)).toBe(true);
    expect(measureDiscrimination(sums)).toBe(0);
  });

  it('keeps "nothing to judge" when the consensus is identical on every standard', () => {
    // The others also gave both essays 1 and 4: Σċ² = 0 → (0 + κ) / (0 + κ) = 1, as before the
    // rule. Closeness, not discrimination, says these marks are off.
    const sums = compareTwo([
      [3, 1, 2, 4],
      [3, 1, 2, 4],
    ]);
    expect(isSameMarkOnDifferentEssays(sums)).toBe(false);
    expect(measureDiscrimination(sums)).toBe(1);
  });

  it('leaves consensus differences under a point to the formula', () => {
    // Standard 0 consensus 3 and 3.5: ċ = ±0.05 → Σċ² = 0.005; Σκ = 4 × 0.01/3 = 0.01333 →
    // (0 + 0.01333) / (0.005 + 0.01333) = 0.7273. A whole-point reviewer could give both a 3.
    const sums = compareTwo([
      [3, 3, 4, 4],
      [3, 3.5, 4, 4],
    ]);
    expect(isSameMarkOnDifferentEssays(sums)).toBe(false);
    expect(measureDiscrimination(sums)).toBeCloseTo(0.04 / 3 / (0.005 + 0.04 / 3), 12);
  });

  it('does not touch a reviewer whose marks vary on at least one standard', () => {
    // Standard 0: the same 3 where the others gave 1 and 5 (ċ = ±0.4: Σċ² = 0.32, Σġċ = 0).
    // Standard 1: 2 and 4 where the others gave 2 and 4 (ġ = ċ = ±0.2: Σġċ = Σċ² = 0.08).
    // Σκ = 4 × 0.01/3 = 0.01333 → (0.08 + 0.01333) / (0.40 + 0.01333) = 0.2258, not 0.
    const sums = compareTwo([
      [3, 1, 2, 2],
      [3, 5, 4, 4],
    ]);
    expect(isSameMarkOnDifferentEssays(sums)).toBe(false);
    expect(measureDiscrimination(sums)).toBeCloseTo((0.08 + 0.04 / 3) / (0.4 + 0.04 / 3), 12);
  });

  it('judges "the others differ" on their plain marks, not on a corrected consensus', () => {
    // The others gave 2 and 3 (no whole mark within half a point of both); after their leniency
    // is taken off the consensus is 2.6 and 3.4, which a 3 fits. The rule looks at the marks given.
    const sums = createComparisonSums(1);
    addComparison(sums, 0, 3 / 5, 2.6 / 5, 0.1, { othersMean: 2 / 5 });
    addComparison(sums, 0, 3 / 5, 3.4 / 5, 0.1, { othersMean: 3 / 5 });
    expect(isSameMarkOnDifferentEssays(sums)).toBe(true);
    expect(measureDiscrimination(sums)).toBe(0);
    const corrected = compare(5, [
      [3, 2.6],
      [3, 3.4],
    ]);
    expect(isSameMarkOnDifferentEssays(corrected)).toBe(false);
  });

  it('applies when no one whole mark fits every essay, not when rounding explains the same marks (issue 17, item 3)', () => {
    // Means 1.5, 2 and 2.5: all within half a point of 2, so a careful reviewer could give 2, 2, 2.
    expect(
      isSameMarkOnDifferentEssays(
        compare(3, [
          [2, 1.5],
          [2, 2],
          [2, 2.5],
        ]),
      ),
    ).toBe(false);
    // Means 1 and 1.67: under a point apart, but 1.67 rounds to 2 and 1 to 1: no mark fits both.
    expect(
      isSameMarkOnDifferentEssays(
        compare(3, [
          [1, 1],
          [1, 5 / 3],
        ]),
      ),
    ).toBe(true);
    // Means 1.33 and 2.33: a point apart and no whole mark within half a point of both.
    expect(
      isSameMarkOnDifferentEssays(
        compare(5, [
          [2, 4 / 3],
          [2, 7 / 3],
        ]),
      ),
    ).toBe(true);
  });

  it('sums the variance of the consensus each rating was compared with', () => {
    const sums = createComparisonSums(1);
    addComparison(sums, 0, 0.6, 0.5, 0.1, { consensusVariance: 0.01 });
    addComparison(sums, 0, 0.6, 0.5, 0.1, { consensusVariance: 0.03 });
    expect(sums.consensusVariance).toBeCloseTo(0.04, 12);
    expect(givesSameMarks(sums)).toBe(true);
    expect(givesSameMarks(compare(5, [[3, 1]]))).toBe(false);
  });

  it('needs two compared essays: one comparison has nothing to vary', () => {
    expect(isSameMarkOnDifferentEssays(compare(5, [[3, 1]]))).toBe(false);
    expect(measureDiscrimination(compare(5, [[3, 1]]))).toBe(1);
  });
});

describe('marks at an agreed ceiling (the red marks, issue 32)', () => {
  it('holds for the maximum everywhere close to the others', () => {
    // Out of 3: 3, 3, 3 where the others' consensus was 3, 3 and 2.5: mean square (0.5/3)² ÷ 3 =
    // 0.0093, less rounding 0.0093 = 0: within half the tolerated 0.1² (AGREED_CEILING_SHARE).
    expect(
      isAgreedCeiling(
        compare(3, [
          [3, 3],
          [3, 3],
          [3, 2.5],
        ]),
      ),
    ).toBe(true);
  });

  it('does not hold beyond half the tolerance, below the top, or without comparisons', () => {
    // The maximum where the others gave 1.5: (1.5/3)² ÷ 2 = 0.125, less rounding, beyond 0.1².
    expect(
      isAgreedCeiling(
        compare(3, [
          [3, 3],
          [3, 1.5],
        ]),
      ),
    ).toBe(false);
    // Out of 5, the maximum where the others gave 4.5 twice: 0.1² less rounding 0.0033 = 0.0067,
    // within the tolerated 0.1² but beyond half of it (AGREED_CEILING_SHARE).
    expect(
      isAgreedCeiling(
        compare(5, [
          [5, 4.5],
          [5, 4.5],
        ]),
      ),
    ).toBe(false);
    // 3 of 4 beside others' 3 and 2.5: close, but not the top of the scale.
    expect(
      isAgreedCeiling(
        compare(4, [
          [3, 3],
          [3, 2.5],
        ]),
      ),
    ).toBe(false);
    expect(isAgreedCeiling(createComparisonSums(1))).toBe(false);
  });
});

describe('other sums', () => {
  it('give the mean deviation per standard and the sum of squared deviations', () => {
    const sums = compare(5, [
      [4, 3],
      [2, 2],
    ]);
    expect(computeMeanDeviations(sums)[0]).toBeCloseTo(0.1, 12);
    expect(sums.squares).toBeCloseTo(0.04, 12);
    expect(sums.count).toBe(2);
    expect(computeMeanDeviations(createComparisonSums(1))).toEqual([null]);
  });
});

describe('clearComparisonSums', () => {
  it('empties sums in place to what createComparisonSums starts with', () => {
    const sums = createComparisonSums(2);
    const standards = sums.perStandard;
    addComparison(sums, 0, 0.5, 0.6, 0.1, { consensusVariance: 0.01, othersMean: 0.55, errorVariance: 0.02 });
    addComparison(sums, 1, 0.8, 0.4, 0.1);
    addComparison(sums, 1, 0.2, 0.4, 0.1);
    expect(sums.comparisons).toBeNull();
    clearComparisonSums(sums);
    expect(sums).toEqual(createComparisonSums(2));
    expect(sums.perStandard).toBe(standards);
    addComparison(sums, 0, 0.5, 0.6, 0.1);
    clearComparisonSums(sums);
    expect(sums).toEqual(createComparisonSums(2));
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

describe('the test of whether reviewers differ', () => {
  it('gives the upper tail of the F distribution', () => {
    // Table values: F(5, 20) at 95 % is 2.71; F(1, 1) has its median at 1; F(3, 10) at 99 % is 6.55.
    expect(upperTailF(2.71, 5, 20)).toBeCloseTo(0.05, 3);
    expect(upperTailF(1, 1, 1)).toBeCloseTo(0.5, 10);
    expect(upperTailF(6.55, 3, 10)).toBeCloseTo(0.01, 3);
    expect(upperTailF(0, 3, 10)).toBe(1);
  });

  it('finds no difference between reviewers equally far from the others, and a clear one otherwise', () => {
    const alike = [0, 1, 2].map(() =>
      compare(5, [
        [3, 3],
        [4, 3],
        [2, 3],
        [3, 3],
      ]),
    );
    expect(testReviewerDifferences(alike)).toBe(1);
    const close = [0, 1, 2, 3].map(() =>
      compare(5, [
        [3, 3],
        [4, 3],
        [2, 3],
        [3, 3],
        [3, 3],
        [4, 4],
      ]),
    );
    const far = compare(5, [
      [5, 2],
      [1, 4],
      [5, 2],
      [0, 3],
      [5, 1],
      [1, 4],
    ]);
    expect(testReviewerDifferences([...close, far])).toBeLessThan(1e-4);
    expect(testReviewerDifferences([far])).toBe(1);
  });

  it('measures closeness against the plain mean or, where reviewers differ, the expected error', () => {
    const sums = createComparisonSums(1);
    // Given 0.8 against a weighted consensus of 0.6 (variance 0.01) and a plain mean of 0.4; a
    // reviewer's error variance 0.01 → λ = 0.5: expected error² (0.5 × 0.2)² + 0.5 × 0.01 = 0.015.
    addComparison(sums, 0, 0.8, 0.6, 0.1, { consensusVariance: 0.01, othersMean: 0.4, errorVariance: 0.01 });
    expect(sums.expectedSquares).toBeCloseTo(0.015, 12);
    expect(sums.plainSquares).toBeCloseTo(0.16, 12);
    // Plain: 0.16 − 0.00333 − 0.01 → √0.14667 → 1 − 0.766 = 0.234; expected: 0.015 − 0.01333 < 0.
    expect(measureReviewerCloseness(sums, false)).toBeCloseTo(1 - Math.sqrt(0.16 - 0.01 / 3 - 0.01) / 0.5, 4);
    expect(measureReviewerCloseness(sums, true) ?? 0).toBeGreaterThan(0.9);
  });
});
