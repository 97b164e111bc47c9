import { describe, expect, it } from 'vitest';
import { krippendorffAlphaInterval, reliabilityLevel, rubricReliability } from './krippendorff';

describe('krippendorffAlphaInterval (hand-worked)', () => {
  it('two essays, two reviewers: {1,2} and {3,3} gives 8/11', () => {
    // n = 4 pairable values.
    // D_o = 1/4 · [ (1−2)² + (2−1)² ) / 1 + 0 ] = 2/4 = 0.5
    // All ordered pairs of {1,2,3,3}: unordered squared differences 1,4,4,1,1,0 = 11, ordered 22.
    // D_e = 22 / (4·3) = 11/6
    // α = 1 − 0.5 / (11/6) = 1 − 3/11 = 8/11 ≈ 0.7273
    const r = krippendorffAlphaInterval([
      [1, 2],
      [3, 3],
    ]);
    expect(r.alpha).toBeCloseTo(8 / 11, 12);
    expect(r).toMatchObject({ units: 2, values: 4, reason: null });
  });

  it('unequal reviewers per essay: {1,3} and {2,2,5} gives −3/23 (disagreement)', () => {
    // n = 5.
    // Unit 1: ordered Σ(vi−vj)² = 2·4 = 8, over m−1 = 1 → 8.
    // Unit 2: pairs 2-2: 0, 2-5: 9, 2-5: 9 → ordered 36, over m−1 = 2 → 18.
    // D_o = (8 + 18) / 5 = 5.2
    // All values {1,3,2,2,5}: unordered squared differences
    //   1-3 4, 1-2 1, 1-2 1, 1-5 16, 3-2 1, 3-2 1, 3-5 4, 2-2 0, 2-5 9, 2-5 9 = 46, ordered 92.
    // D_e = 92 / (5·4) = 4.6
    // α = 1 − 5.2/4.6 = 1 − 26/23 = −3/23 ≈ −0.1304
    const r = krippendorffAlphaInterval([
      [1, 3],
      [2, 2, 5],
    ]);
    expect(r.alpha).toBeCloseTo(-3 / 23, 12);
    expect(r.values).toBe(5);
  });

  it('perfect agreement on different essays is 1', () => {
    expect(
      krippendorffAlphaInterval([
        [1, 1],
        [5, 5, 5],
      ]).alpha,
    ).toBe(1);
  });

  it('missing values and single-review essays are left out of the pairing', () => {
    // Same as the first example once the nulls and the lone review are dropped.
    const r = krippendorffAlphaInterval([[1, null, 2], [3, 3], [6], [null]]);
    expect(r.alpha).toBeCloseTo(8 / 11, 12);
    expect(r.units).toBe(2);
  });

  it('too few pairs: null', () => {
    expect(krippendorffAlphaInterval([])).toMatchObject({ alpha: null, reason: 'too_few_pairs' });
    expect(krippendorffAlphaInterval([[1, 2, 3], [4]])).toMatchObject({
      alpha: null,
      units: 1,
      reason: 'too_few_pairs',
    });
  });

  it('no variance (every value the same): null, not 1 nor NaN', () => {
    expect(
      krippendorffAlphaInterval([
        [4, 4],
        [4, 4, 4],
      ]),
    ).toMatchObject({ alpha: null, reason: 'no_variance' });
  });
});

describe('reliabilityLevel', () => {
  it('follows the documented thresholds at their boundaries', () => {
    expect(reliabilityLevel(0.667)).toBe('good');
    expect(reliabilityLevel(0.6669)).toBe('fair');
    expect(reliabilityLevel(0.4)).toBe('fair');
    expect(reliabilityLevel(0.3999)).toBe('poor');
    expect(reliabilityLevel(-0.2)).toBe('poor');
    expect(reliabilityLevel(null)).toBe('unknown');
  });
});

describe('rubricReliability', () => {
  it('groups reviews by essay and rates each standard apart', () => {
    const out = rubricReliability(2, [
      { author: 'a', points: [1, 1] },
      { author: 'a', points: [2, 3] },
      { author: 'b', points: [3, 2, 9] },
      { author: 'b', points: [3, 5] },
      { author: 'c', points: [null, 4] },
    ]);
    expect(out[0]?.alpha).toBeCloseTo(8 / 11, 12);
    expect(out[0]?.level).toBe('good');
    // Standard 2: {1,3} and {2,5}: D_o = (8 + 18)/4 = 6.5; values {1,3,2,5}: unordered
    // 4,1,16,1,4,9 = 35, ordered 70, D_e = 70/12; α = 1 − 6.5·12/70 = 1 − 78/70 = −4/35.
    expect(out[1]?.alpha).toBeCloseTo(-4 / 35, 12);
    expect(out[1]?.level).toBe('poor');
  });
});
