import { describe, expect, it } from 'vitest';
import { type ClassRating, exactPosterior, kindLogLikelihood, normalBetween } from './oracle';

describe('normalBetween', () => {
  it('gives the standard normal probabilities, in the middle and far in the tails', () => {
    expect(normalBetween(-1.959964, 1.959964)).toBeCloseTo(0.95, 6);
    expect(normalBetween(0, Number.POSITIVE_INFINITY)).toBeCloseTo(0.5, 7);
    // P(Z > 5) = 2.8665e-7: the tail keeps its relative precision.
    expect(normalBetween(5, Number.POSITIVE_INFINITY) / 2.8665157e-7).toBeCloseTo(1, 4);
    expect(normalBetween(Number.NEGATIVE_INFINITY, -5) / 2.8665157e-7).toBeCloseTo(1, 4);
  });
});

describe('kindLogLikelihood', () => {
  it('knows the fixed-mark kinds exactly', () => {
    const all3 = [3, 3, 3].map((point) => ({ point, maxPoint: 3, quality: 0.5 }));
    expect(kindLogLikelihood('max-giver', all3)).toBe(0);
    expect(kindLogLikelihood('max-giver', [{ point: 2, maxPoint: 3, quality: 0.5 }])).toBe(
      Number.NEGATIVE_INFINITY,
    );
    // A same-mark share c uniform on 0.55..0.85 gives 3 of 3 only for c ≥ 2.5 / 3.
    expect(Math.exp(kindLogLikelihood('same-mark', all3))).toBeCloseTo((0.85 - 2.5 / 3) / 0.3, 9);
    const all2 = [2, 2].map((point) => ({ point, maxPoint: 3, quality: 0.9 }));
    expect(Math.exp(kindLogLikelihood('same-mark', all2))).toBeCloseTo((2.5 / 3 - 0.55) / 0.3, 9);
    // 1 of 3 and 2 of 3 cannot both come from one share.
    const mixed = [1, 2].map((point) => ({ point, maxPoint: 3, quality: 0.5 }));
    expect(kindLogLikelihood('same-mark', mixed)).toBe(Number.NEGATIVE_INFINITY);
    expect(Math.exp(kindLogLikelihood('random', mixed))).toBeCloseTo(1 / 16, 12);
  });

  it('gives a careful reviewer the probability of the rounded normal mark', () => {
    // quality 0.5 on a scale of 4: share 0.5 ± 0.08, mark 2 when the share is within 0.375..0.625.
    const p = Math.exp(kindLogLikelihood('careful', [{ point: 2, maxPoint: 4, quality: 0.5 }]));
    expect(p).toBeCloseTo(normalBetween(-0.125 / 0.08, 0.125 / 0.08), 9);
    // A contrarian marks 1.2 − quality: a strong essay (0.9) gets 0.3 of the scale.
    const low = Math.exp(kindLogLikelihood('contrarian', [{ point: 1, maxPoint: 4, quality: 0.9 }]));
    const high = Math.exp(kindLogLikelihood('contrarian', [{ point: 4, maxPoint: 4, quality: 0.9 }]));
    expect(low).toBeGreaterThan(0.5);
    expect(high).toBeLessThan(1e-9);
  });
});

describe('exactPosterior', () => {
  const ids = ['a', 'b', 'c', 'd'];
  // Everyone reviews the three others' essays on one standard of max 3.
  const ratingsFrom = (marks: Record<string, Record<string, number>>): ClassRating[] =>
    Object.entries(marks).flatMap(([reviewerId, given]) =>
      Object.entries(given).map(([authorId, point]) => ({ reviewerId, authorId, standardIndex: 0, point })),
    );

  // Four careful learners, one of them replaced by a same-mark reviewer.
  const sameMarkPosterior = (marks: Record<string, Record<string, number>>) =>
    exactPosterior({
      ids,
      maxPoints: [3],
      ratings: ratingsFrom(marks),
      base: [{ kind: 'careful', count: 4 }],
      planted: 'same-mark',
      watched: 'same-mark',
    });

  it('points at the reviewer whose one mark ignores essays the others tell apart', () => {
    const posterior = sameMarkPosterior({
      a: { b: 2, c: 2, d: 2 },
      b: { a: 0, c: 3, d: 2 },
      c: { a: 0, b: 1, d: 2 },
      d: { a: 0, b: 1, c: 3 },
    });
    expect(posterior.get('a')).toBeGreaterThan(0.99);
    const total = [...posterior.values()].reduce((x, y) => x + y, 0);
    expect(total).toBeCloseTo(1, 9);
  });

  it('cannot tell reviewers apart whose marks look alike', () => {
    const posterior = sameMarkPosterior({
      a: { b: 2, c: 2, d: 2 },
      b: { a: 2, c: 2, d: 2 },
      c: { a: 2, b: 2, d: 2 },
      d: { a: 2, b: 2, c: 2 },
    });
    for (const id of ids) expect(posterior.get(id)).toBeCloseTo(0.25, 9);
  });
});
