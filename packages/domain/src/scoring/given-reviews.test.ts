import { describe, expect, it } from 'vitest';
import { compareGivenReviews } from './given-reviews';
import type { Review } from './types';

const standards = [
  { id: '0', question: 'Clarity', maxPoint: 5 },
  { id: '1', question: 'Evidence', maxPoint: 5 },
];
const review = (
  reviewerId: string,
  authorId: string,
  points: (number | null)[],
  isCompleted = true,
): Review => ({
  reviewerId,
  authorId,
  isCompleted,
  responses: points.map((point, i) => ({ standardId: String(i), point })),
});

describe('compareGivenReviews', () => {
  it('compares each mark with the mean of the other completed peer reviews of the same essay', () => {
    const reviews = [
      review('a', 'b', [5, 2]),
      review('c', 'b', [3, 2]),
      review('d', 'b', [4, 4]),
      review('b', 'b', [5, 5]), // the author's self-review is not a peer's mark
      review('e', 'b', [1, 1], false), // unfinished: not counted
      review('a', 'a', [5, 5]), // a's own self-review is not one of a's peer reviews
    ];
    const out = compareGivenReviews(standards, reviews, 'a');
    expect(out.reviews).toHaveLength(1);
    expect(out.reviews[0]?.authorId).toBe('b');
    expect(out.reviews[0]?.standards.map((s) => [s.myPoint, s.othersAvg, s.othersCount])).toEqual([
      [5, 3.5, 2],
      [2, 3, 2],
    ]);
    expect(out.bias.map((b) => [b.question, b.meanDeviation, b.compared])).toEqual([
      ['Clarity', 1.5, 1],
      ['Evidence', -1, 1],
    ]);
  });

  it("uses the instructor's adjusted mark for the others and the reviewer's own mark as given", () => {
    const reviews: Review[] = [
      {
        reviewerId: 'a',
        authorId: 'b',
        isCompleted: true,
        responses: [{ standardId: '0', point: 1, editedPoint: 4 }],
      },
      {
        reviewerId: 'c',
        authorId: 'b',
        isCompleted: true,
        responses: [{ standardId: '0', point: 1, editedPoint: 3 }],
      },
    ];
    const out = compareGivenReviews([standards[0] ?? { id: '0', maxPoint: 5 }], reviews, 'a');
    expect(out.reviews[0]?.standards[0]).toMatchObject({ myPoint: 1, othersAvg: 3, othersCount: 1 });
    expect(out.bias[0]?.meanDeviation).toBe(-2);
  });

  it('says "no comparison" (null) when nobody else reviewed the essay, and leaves open reviews out of the bias', () => {
    const reviews = [review('a', 'b', [4, 4]), review('a', 'c', [2, null], false), review('d', 'c', [3, 3])];
    const out = compareGivenReviews(standards, reviews, 'a');
    expect(out.reviews.map((r) => r.standards.map((s) => s.othersAvg))).toEqual([
      [null, null],
      [3, 3],
    ]);
    expect(out.reviews[1]?.standards[1]?.myPoint).toBeNull();
    expect(out.bias.map((b) => b.meanDeviation)).toEqual([null, null]);
  });

  it('returns no reviews for a learner who reviewed nobody', () => {
    const out = compareGivenReviews(standards, [review('c', 'b', [3, 3])], 'a');
    expect(out.reviews).toEqual([]);
    expect(out.bias.every((b) => b.meanDeviation === null && b.compared === 0)).toBe(true);
  });
});
