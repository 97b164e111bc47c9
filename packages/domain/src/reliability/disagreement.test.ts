import { describe, expect, it } from 'vitest';
import { disagreeingStandards } from './disagreement';

describe('disagreeingStandards', () => {
  it('flags a spread of two points, not of one (rounding), at the boundary', () => {
    expect(disagreeingStandards([[3], [4]], 1)).toEqual([]);
    expect(disagreeingStandards([[3], [5]], 1)).toEqual([0]);
    expect(disagreeingStandards([[3], [4], [5]], 1)).toEqual([0]);
  });

  it('tells the standards apart and ignores missing points and lone reviews', () => {
    expect(
      disagreeingStandards(
        [
          [1, 4, null],
          [2, 4, 6],
          [null, 1, null],
        ],
        3,
      ),
    ).toEqual([1]);
    expect(disagreeingStandards([[1, 6]], 2)).toEqual([]);
    expect(disagreeingStandards([], 2)).toEqual([]);
  });
});
