import { describe, expect, it } from 'vitest';
import { adjustHelpfulness, scoreFeedbackReview } from './feedback-review';
import type { HelpfulnessRating } from './types';

const rating = (raterId: string, reviewerId: string, point: number): HelpfulnessRating => ({
  raterId,
  reviewerId,
  point,
});

describe('adjustHelpfulness', () => {
  it('shifts the stars of a rater with at least three ratings by their distance from the class mean, shrunk by the data', () => {
    // Class mean of all 6 ratings = 3.5. The harsh rater h gave 2, 2, 2 (mean 2): +1.5 measured,
    // shrunk by 3 ratings' worth of "no bias" → +1.5 × 3/6 = +0.75 each. The lenient rater l gave
    // 5, 5, 5 (mean 5) → −0.75 each.
    const received = adjustHelpfulness(
      [
        rating('h', 'x', 2),
        rating('h', 'y', 2),
        rating('h', 'z', 2),
        rating('l', 'x', 5),
        rating('l', 'y', 5),
        rating('l', 'z', 5),
      ],
      5,
    );
    expect(received.get('x')).toEqual({ raw: [2, 5], adjusted: [2.75, 4.25] });
  });

  it('shrinks less as a rater gives more ratings: n ÷ (n + 3) of the measured shift', () => {
    // h gives six 2s and l six 5s: class mean 3.5, measured shift ±1.5, kept 6/9 = ±1.
    const reviewers = ['x', 'y', 'z', 'u', 'v', 'w'];
    const received = adjustHelpfulness(
      reviewers.flatMap((id) => [rating('h', id, 2), rating('l', id, 5)]),
      5,
    );
    const x = received.get('x');
    expect(x?.raw).toEqual([2, 5]);
    expect(x?.adjusted[0]).toBeCloseTo(3, 12);
    expect(x?.adjusted[1]).toBeCloseTo(4, 12);
  });

  it('leaves raters with fewer than three ratings alone and keeps stars within 1..max', () => {
    const received = adjustHelpfulness(
      [rating('a', 'x', 1), rating('a', 'y', 2), rating('b', 'x', 9), rating('c', 'x', 0)],
      5,
    );
    expect(received.get('x')).toEqual({ raw: [1, 5, 1], adjusted: [1, 5, 1] });
  });
});

describe('scoreFeedbackReview', () => {
  const received = adjustHelpfulness([rating('a', 'x', 4), rating('b', 'x', 2)], 5);

  it('is the mean adjusted stars over the maximum stars, times the maximum score', () => {
    const result = scoreFeedbackReview(10, 5, received, 'x', 2);
    expect(result.value).toBeCloseTo(6, 10);
    expect(result.point).toEqual({ avg: 3, std: 1, count: 2, adjustedAvg: 3 });
  });

  it('is null (class average) for a reviewer nobody rated, 0 for a learner who reviewed nobody', () => {
    expect(scoreFeedbackReview(10, 5, received, 'y', 3).value).toBeNull();
    expect(scoreFeedbackReview(10, 5, received, 'y', 0).value).toBe(0);
  });
});
