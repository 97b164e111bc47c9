import { describe, expect, it } from 'vitest';
import { createRandom, shuffleWith } from './random';

describe('createRandom', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const draw = (seed: number | string) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw('assignment-7')).toEqual(draw('assignment-7'));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('stays within [0, 1) and nextInt within [0, bound)', () => {
    const random = createRandom(1);
    for (let i = 0; i < 1000; i++) {
      const value = random.next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      const int = random.nextInt(6);
      expect(Number.isInteger(int) && int >= 0 && int < 6).toBe(true);
    }
  });
});

describe('shuffleWith', () => {
  it('returns a permutation and leaves the input alone', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = shuffleWith(items, createRandom(3));
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(shuffleWith(items, createRandom(3))).toEqual(shuffled);
  });
});
