// The worked example of docs/scoring.md ("A class of four, by hand"): every number in that
// section is checked here. Change one, change the other.
import { describe, expect, it } from 'vitest';
import { estimateReliability } from './evaluation-ability';
import { prepareRatings } from './ratings';
import { scoreAssignment } from './score-assignment';
import { testReviewerDifferences, upperTailF } from './statistics';
import type { AssignmentScores, Review, ScoreAssignmentInput } from './types';

const review = (reviewerId: string, authorId: string, point: number): Review => ({
  reviewerId,
  authorId,
  isCompleted: true,
  responses: [{ standardId: 'argument', point }],
});

const example: ScoreAssignmentInput = {
  settings: {
    standards: [{ id: 'argument', question: 'Is the argument convincing?', maxPoint: 5 }],
    maxScores: { essayWriting: 60, peerReview: 10, metacognition: 10, feedbackReview: 10, revisement: 10 },
    feedbackMaxPoint: 5,
  },
  learners: [{ id: 'A' }, { id: 'B' }, { id: 'C' }, { id: 'D' }],
  reviews: [
    review('A', 'B', 2),
    review('A', 'C', 4),
    review('B', 'C', 4),
    review('B', 'D', 3),
    review('C', 'D', 3),
    review('C', 'A', 5),
    review('D', 'A', 3),
    review('D', 'B', 3),
    review('A', 'A', 4),
    review('B', 'B', 4),
    review('C', 'C', 4),
    review('D', 'D', 2),
  ],
  helpfulness: [
    { raterId: 'A', reviewerId: 'C', point: 5 },
    { raterId: 'A', reviewerId: 'D', point: 2 },
    { raterId: 'B', reviewerId: 'A', point: 4 },
    { raterId: 'B', reviewerId: 'D', point: 1 },
    { raterId: 'C', reviewerId: 'A', point: 4 },
    { raterId: 'C', reviewerId: 'B', point: 5 },
    { raterId: 'D', reviewerId: 'B', point: 4 },
    { raterId: 'D', reviewerId: 'C', point: 3 },
  ],
  revisionScores: [
    { learnerId: 'A', score: 8 },
    { learnerId: 'B', score: 6 },
    { learnerId: 'C', score: 9 },
    { learnerId: 'D', score: 5 },
  ],
};

function learner(result: AssignmentScores, id: string) {
  const found = result.learners.find((l) => l.learnerId === id);
  if (found === undefined) throw new Error(`no ${id}`);
  return found;
}

describe('the worked example of docs/scoring.md', () => {
  const result = scoreAssignment(example);
  const table = prepareRatings(example);

  it('step 1: the starting variance is half the mean squared difference of two marks of an essay', () => {
    // Essays A (1.0, 0.6), B (0.4, 0.6), C (0.8, 0.8), D (0.6, 0.6): (0.16 + 0.04 + 0 + 0) / 4 / 2.
    const start = estimateReliability(table, 0);
    for (const id of ['A', 'B', 'C', 'D']) {
      expect(start.models.get(id)?.leniency).toBe(0);
      expect(start.models.get(id)?.variance).toBeCloseTo(0.025, 12);
      expect(start.models.get(id)?.weight).toBe(1);
    }
  });

  it('steps 2 and 3: leniency, variance and weight after each round', () => {
    // D's marks never vary: tracking probability 0.2280, 0.2618, 0.2768 in rounds 1–3, each below
    // TRACKING_WEIGHT_FLOOR, so D's weight is half its precision (0.5 ÷ variance) in every round.
    const rounds = [
      {
        A: [-0.025, 0.011484, 1.25282],
        B: [0, 0.007578, 1.8986],
        C: [0.05, 0.023203, 0.62008],
        D: [-0.025, 0.031484, 0.22849],
      },
      {
        A: [-0.028125, 0.014248, 1.22511],
        B: [0.003125, 0.010225, 1.70719],
        C: [0.046875, 0.023037, 0.75771],
        D: [-0.021875, 0.028154, 0.30999],
      },
      {
        A: [-0.027344, 0.01398, 1.20816],
        B: [0.002344, 0.009634, 1.75312],
        C: [0.047656, 0.023033, 0.73331],
        D: [-0.022656, 0.027652, 0.30541],
      },
    ];
    rounds.forEach((expected, index) => {
      const { models } = estimateReliability(table, index + 1);
      for (const [id, [leniency, variance, weight]] of Object.entries(expected)) {
        const model = models.get(id);
        expect(model?.leniency).toBeCloseTo(leniency ?? 0, 6);
        expect(model?.variance).toBeCloseTo(variance ?? 0, 6);
        expect(model?.weight).toBeCloseTo(weight ?? 0, 5);
      }
    });
    for (const id of ['A', 'B', 'C', 'D']) {
      expect(learner(result, id).evaluation.weight).toBeCloseTo(rounds[2]?.[id as 'A']?.[2] ?? 0, 5);
      expect(learner(result, id).evaluation.leniency).toBeCloseTo(rounds[2]?.[id as 'A']?.[0] ?? 0, 6);
    }
  });

  it('step 4: the consensus and the plain mean per essay', () => {
    const points = { A: [4.277, 4], B: [2.3338, 2.5], C: [4.0488, 4], D: [2.9215, 3] };
    for (const [id, [consensus, mean]] of Object.entries(points)) {
      const standard = learner(result, id).peerReviewPoints[0];
      expect(standard?.consensus).toBeCloseTo(consensus ?? 0, 4);
      expect(standard?.avg).toBeCloseTo(mean ?? 0, 10);
    }
  });

  it('step 5: the test of whether the reviewers differ', () => {
    // Distances from the other reviewer's plain mark: A 0.2, 0; B 0, 0; C 0, 0.4; D 0.4, 0.2.
    // Means 0.1, 0, 0.2, 0.3 (grand 0.15): between 0.1 ÷ 3, within 0.12 ÷ 4 → F = 1.111 on 3
    // and 4 degrees of freedom, p = 0.4428: no difference beyond chance, the plain yardstick.
    const { records, reviewersDiffer } = estimateReliability(table);
    expect(testReviewerDifferences([...records.values()].map((r) => r.sums))).toBeCloseTo(0.4428, 4);
    expect(upperTailF(10 / 9, 3, 4)).toBeCloseTo(0.4428, 4);
    expect(reviewersDiffer).toBe(false);
  });

  it('step 6: closeness, agreement, discrimination and accuracy of each reviewer', () => {
    const expected = {
      // 0.2 from D's 2 on essay B: (0.04 ÷ 2 − 0.00333 − 0.01) → √0.006667 = 0.08165 → 1 − 0.1633.
      A: { closeness: 0.8367, agreement: 0.9644, measured: 1, discrimination: 1 },
      // A slope of 0.77 (measured, regularised) is no evidence against tracking.
      B: { closeness: 1, agreement: 1, measured: 0.76815, discrimination: 1 },
      C: { closeness: 0.4836, agreement: 0.53981, measured: 1, discrimination: 1 },
      // The same mark on essays the others marked 5 and 2: L = 0.0366, 0.0366 / (0.9 L + 0.1).
      D: { closeness: 0.41122, agreement: 0.48657, measured: 0, discrimination: 0.2752 },
    };
    for (const [id, figures] of Object.entries(expected)) {
      const evaluation = learner(result, id).evaluation;
      expect(evaluation.closeness).toBeCloseTo(figures.closeness, 4);
      expect(evaluation.agreement).toBeCloseTo(figures.agreement, 5);
      expect(evaluation.measuredDiscrimination).toBeCloseTo(figures.measured, 5);
      expect(evaluation.discrimination).toBeCloseTo(figures.discrimination, 4);
      // The score's accuracy is the closeness, whatever the tracking probability.
      expect(evaluation.accuracy).toBe(evaluation.closeness);
    }
    // The red marks' order: agreement × discrimination², D 0.0369 the lowest.
    const trust = (id: string) => {
      const evaluation = learner(result, id).evaluation;
      return (evaluation.agreement ?? 0) * (evaluation.discrimination ?? 0) ** 2;
    };
    expect(trust('D')).toBeCloseTo(0.0369, 4);
    expect(trust('C')).toBeCloseTo(0.5398, 4);
  });

  it('step 7: the self-assessment gaps', () => {
    const gaps = {
      A: [-0.277, 'accurate'],
      B: [1.6662, 'over'],
      C: [-0.0488, 'accurate'],
      D: [-0.9215, 'under'],
    } as const;
    for (const [id, [gap, label]] of Object.entries(gaps)) {
      expect(learner(result, id).peerReviewPoints[0]?.selfGap).toBeCloseTo(gap, 4);
      expect(learner(result, id).selfAssessment?.label).toBe(label);
    }
  });

  it('step 8: D is the one evaluator marked red', () => {
    expect(result.lowestEvaluatorIds).toEqual(['D']);
    expect(learner(result, 'D').evaluation.isLowest).toBe(true);
  });

  it('step 9: the scores, totals and ranks', () => {
    const scores = {
      A: [51.3, 8.4, 10, 8, 8, 85.7, 1],
      B: [28, 10, 5.3, 9, 6, 58.3, 3],
      C: [48.6, 4.8, 10, 8, 9, 80.4, 2],
      D: [35.1, 4.1, 8.3, 3, 5, 55.5, 4],
    };
    for (const [id, [es, pe, me, fe, re, total, rank]] of Object.entries(scores)) {
      const l = learner(result, id);
      expect(l.scores).toEqual({
        essayWriting: es,
        peerReview: pe,
        metacognition: me,
        feedbackReview: fe,
        revisement: re,
        total,
      });
      expect(l.totalInfo).toEqual({ rank, percent: (rank ?? 0) * 25, memberCount: 4 });
      expect(l.isAverageEssayWritingScore || l.isAverageFeedbackReviewScore).toBe(false);
    }
    expect(result.classAverages).toEqual({
      essayWriting: 40.8,
      peerReview: 6.8,
      metacognition: 8.4,
      feedbackReview: 7,
      revisement: 7,
      total: 70,
    });
  });
});
