import { describe, expect, it } from 'vitest';
import { pearson, rankValues, spearman } from './correlation';

describe('pearson', () => {
  it('is 1 and −1 on straight lines, 0 without spread', () => {
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
    expect(pearson([1, 1, 1], [1, 2, 3])).toBe(0);
    expect(pearson([], [])).toBe(0);
  });
});

describe('rankValues', () => {
  it('gives ties their mean rank, also ties that differ only by floating-point noise', () => {
    expect(rankValues([30, 10, 20])).toEqual([2, 0, 1]);
    expect(rankValues([5, 1, 5, 3])).toEqual([2.5, 0, 2.5, 1]);
    expect(rankValues([0.1 + 0.2, 0.3, 0])).toEqual([1.5, 1.5, 0]);
  });
});

describe('spearman', () => {
  it('ranks with ties averaged', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    expect(spearman([1, 1, 2], [1, 1, 2])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [1, 4, 9, 16])).toBeCloseTo(1, 12);
  });
});
