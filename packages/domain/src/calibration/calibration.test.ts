import { describe, expect, it } from 'vitest';
import { estimateReliability } from '../scoring/evaluation-ability';
import { prepareRatings } from '../scoring/ratings';
import { scoreAssignment } from '../scoring/score-assignment';
import type { Review, ScoreAssignmentInput } from '../scoring/types';
import {
  CALIBRATION_PRIOR_STRENGTH,
  calibrationDone,
  calibrationFactor,
  exampleCloseness,
  overallCloseness,
} from './calibration';

const rubric = [{ maxPoint: 10 }, { maxPoint: 5 }];

describe('exampleCloseness', () => {
  it('is 1 for the instructor’s own points', () => {
    expect(exampleCloseness(rubric, [7, 3], [7, 3])).toBe(1);
  });
  it('is 1 − mean |difference| ÷ range, per standard', () => {
    // |4−7|/10 = 0.3, |5−3|/5 = 0.4: mean 0.35
    expect(exampleCloseness(rubric, [4, 5], [7, 3])).toBeCloseTo(0.65, 12);
  });
  it('is 0 when every standard misses by its whole range', () => {
    expect(exampleCloseness(rubric, [0, 5], [10, 0])).toBe(0);
  });
  it('is null when a standard is unscored or the rubric is empty', () => {
    expect(exampleCloseness(rubric, [4, null], [7, 3])).toBeNull();
    expect(exampleCloseness(rubric, [4, 3], [7])).toBeNull();
    expect(exampleCloseness([], [], [])).toBeNull();
  });
});

describe('overallCloseness and calibrationDone', () => {
  it('averages the submitted examples, each once', () => {
    expect(overallCloseness([1, 0.5, null])).toBeCloseTo(0.75, 12);
    expect(overallCloseness([null])).toBeNull();
    expect(overallCloseness([])).toBeNull();
  });
  it('is done only when every example was submitted', () => {
    expect(calibrationDone(2, [true, true])).toBe(true);
    expect(calibrationDone(2, [true])).toBe(false);
    expect(calibrationDone(0, [])).toBe(true);
  });
});

describe('calibrationFactor', () => {
  it('is 1 without calibration and at the neutral closeness', () => {
    expect(calibrationFactor(undefined)).toBe(1);
    expect(calibrationFactor(null)).toBe(1);
    expect(calibrationFactor(0.5)).toBe(1);
  });
  it('rises with closeness, bounded', () => {
    expect(calibrationFactor(1)).toBeCloseTo(1 + CALIBRATION_PRIOR_STRENGTH / 2, 12);
    expect(calibrationFactor(0)).toBeCloseTo(1 - CALIBRATION_PRIOR_STRENGTH / 2, 12);
    expect(calibrationFactor(2)).toBe(calibrationFactor(1));
    expect(calibrationFactor(0.9)).toBeGreaterThan(calibrationFactor(0.3));
  });
});

// A class of six essays; r1..r4 rate each, r3 and r4 with the same noise (identical evidence).
const standards = [
  { id: 'a', maxPoint: 5 },
  { id: 'b', maxPoint: 5 },
];
const quality = [1, 2, 3, 4, 5, 3];
const noise = [1, -1, 1, 0, -1, 1];
function input(calibration?: ScoreAssignmentInput['calibration']): ScoreAssignmentInput {
  const authors = quality.map((_, i) => `e${i + 1}`);
  const reviewers = ['r1', 'r2', 'r3', 'r4'];
  const reviews: Review[] = authors.flatMap((authorId, i) =>
    reviewers.map((reviewerId, k) => {
      const q = quality[i] ?? 3;
      const n = k >= 2 ? (noise[i] ?? 0) : k === 0 ? 0 : (noise[(i + 2) % 6] ?? 0) / 2;
      const p = Math.max(0, Math.min(5, Math.round(q + n)));
      return {
        reviewerId,
        authorId,
        isCompleted: true,
        responses: [
          { standardId: 'a', point: p },
          { standardId: 'b', point: Math.max(0, p - 1) },
        ],
      };
    }),
  );
  return {
    settings: { standards, maxScores: { essayWriting: 60, peerReview: 20, metacognition: 20 } },
    learners: [...authors, ...reviewers].map((id) => ({ id })),
    reviews,
    ...(calibration ? { calibration } : {}),
  };
}

describe('the calibration prior in the engine', () => {
  it('gives a well-calibrated reviewer more weight than an identical badly calibrated one', () => {
    const without = estimateReliability(prepareRatings(input()));
    expect(without.models.get('r3')?.weight).toBeCloseTo(without.models.get('r4')?.weight ?? 0, 12);
    const { models } = estimateReliability(
      prepareRatings(
        input([
          { learnerId: 'r3', closeness: 0.95 },
          { learnerId: 'r4', closeness: 0.2 },
        ]),
      ),
    );
    const good = models.get('r3')?.weight ?? 0;
    const bad = models.get('r4')?.weight ?? 0;
    expect(good).toBeGreaterThan(bad * 1.2);
  });

  it('changes nothing without calibration: byte-identical results', () => {
    const plain = JSON.stringify(scoreAssignment(input()));
    expect(JSON.stringify(scoreAssignment(input([])))).toBe(plain);
    // The neutral closeness is no evidence either way.
    expect(
      JSON.stringify(
        scoreAssignment(
          input([
            { learnerId: 'r3', closeness: 0.5 },
            { learnerId: 'r4', closeness: 0.5 },
          ]),
        ),
      ),
    ).toBe(plain);
    // With evidence the scores do move.
    expect(JSON.stringify(scoreAssignment(input([{ learnerId: 'r3', closeness: 1 }])))).not.toBe(plain);
  });

  it('rejects a non-finite closeness', () => {
    expect(() => scoreAssignment(input([{ learnerId: 'r3', closeness: Number.NaN }]))).toThrow(
      /calibration\[0\]\.closeness/,
    );
  });
});
