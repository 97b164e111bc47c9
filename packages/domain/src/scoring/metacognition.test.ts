import { describe, expect, it } from 'vitest';
import { scoreMetacognition } from './metacognition';
import { prepareRatings } from './ratings';
import type { Review } from './types';

const standards = [
  { id: 's1', maxPoint: 5 },
  { id: 's2', maxPoint: 5 },
];

function tableWithSelf(points: [number, number] | null) {
  const reviews: Review[] = points
    ? [
        {
          reviewerId: 'a',
          authorId: 'a',
          isCompleted: true,
          responses: [
            { standardId: 's1', point: points[0] },
            { standardId: 's2', point: points[1] },
          ],
        },
      ]
    : [];
  return prepareRatings({ settings: { standards, maxScores: {} }, learners: [{ id: 'a' }], reviews });
}

// The peers' consensus on a's essay: 3 of 5 and 2 of 5.
const consensus = [0.6, 0.4];

describe('scoreMetacognition', () => {
  it('gives full marks and "accurate" when the self-assessment is within half a point', () => {
    const result = scoreMetacognition(15, tableWithSelf([3, 2]), 'a', consensus);
    expect(result.value).toBe(15);
    expect(result.selfAssessment).toEqual({ signedGap: 0, label: 'accurate' });
  });

  it('keeps the sign: rating one’s own essay higher is over-confident', () => {
    // Gaps +2 and +2 points → shares 0.4 each, 0.3 beyond the slack → closeness 1 − 0.3 / 0.5 = 0.4.
    const result = scoreMetacognition(15, tableWithSelf([5, 4]), 'a', consensus);
    expect(result.value).toBeCloseTo(6, 10);
    expect(result.selfAssessment?.label).toBe('over');
    expect(result.selfAssessment?.signedGap).toBeCloseTo(0.4, 10);
  });

  it('calls a lower self-assessment under-confident', () => {
    const result = scoreMetacognition(15, tableWithSelf([1, 1]), 'a', consensus);
    expect(result.selfAssessment?.label).toBe('under');
    expect(result.selfAssessment?.signedGap).toBeCloseTo(-0.3, 10);
  });

  it('is 0 without a self-assessment and null (class average) without a peer consensus', () => {
    expect(scoreMetacognition(15, tableWithSelf(null), 'a', consensus)).toEqual({
      value: 0,
      selfAssessment: null,
    });
    expect(scoreMetacognition(15, tableWithSelf([3, 2]), 'a', undefined).value).toBeNull();
  });
});
