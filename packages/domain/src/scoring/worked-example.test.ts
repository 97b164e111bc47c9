// The worked example of docs/scoring.md ("A class of four, by hand"): every number in that
// section is checked here. Change one, change the other.
import { describe, expect, it } from 'vitest';
import { estimateReliability } from './evaluation-ability';
import { prepareRatings } from './ratings';
import { scoreAssignment } from './score-assignment';
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
    const rounds = [
      {
        A: [-0.02, 0.01255, 1.33769],
        B: [0, 0.00845, 1.98674],
        C: [0.04, 0.02485, 0.67557],
        D: [-0.02, 0.03255, 0.01],
      },
      {
        A: [-0.022, 0.014779, 1.33039],
        B: [0.002, 0.010509, 1.87096],
        C: [0.038, 0.024619, 0.79865],
        D: [-0.018, 0.029789, 0.01],
      },
      {
        A: [-0.0216, 0.014633, 1.31423],
        B: [0.0016, 0.010089, 1.90608],
        C: [0.0384, 0.024665, 0.77969],
        D: [-0.0184, 0.029433, 0.01],
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
    const points = { A: [4.7863, 4], B: [2.1154, 2.5], C: [4.0393, 4], D: [2.9386, 3] };
    for (const [id, [consensus, mean]] of Object.entries(points)) {
      const standard = learner(result, id).peerReviewPoints[0];
      expect(standard?.consensus).toBeCloseTo(consensus ?? 0, 4);
      expect(standard?.avg).toBeCloseTo(mean ?? 0, 10);
    }
  });

  it('step 5: closeness, discrimination and accuracy of each reviewer', () => {
    const expected = {
      A: { closeness: 0.83256, measured: 1, discrimination: 1, accuracy: 0.83256 },
      // min(1, 2 × 0.8715) = 1: discrimination takes nothing off above 0.5.
      B: { closeness: 1, measured: 0.80725, discrimination: 0.8715, accuracy: 1 },
      C: { closeness: 0.60176, measured: 1, discrimination: 1, accuracy: 0.60176 },
      D: { closeness: 0.61378, measured: 0, discrimination: 0, accuracy: 0 },
    };
    for (const [id, figures] of Object.entries(expected)) {
      const evaluation = learner(result, id).evaluation;
      expect(evaluation.closeness).toBeCloseTo(figures.closeness, 5);
      expect(evaluation.measuredDiscrimination).toBeCloseTo(figures.measured, 5);
      expect(evaluation.discrimination).toBeCloseTo(figures.discrimination, 4);
      expect(evaluation.accuracy).toBeCloseTo(figures.accuracy, 4);
    }
  });

  it('step 6: the self-assessment gaps', () => {
    const gaps = {
      A: [-0.7863, 'under'],
      B: [1.8846, 'over'],
      C: [-0.0393, 'accurate'],
      D: [-0.9386, 'under'],
    } as const;
    for (const [id, [gap, label]] of Object.entries(gaps)) {
      expect(learner(result, id).peerReviewPoints[0]?.selfGap).toBeCloseTo(gap, 4);
      expect(learner(result, id).selfAssessment?.label).toBe(label);
    }
  });

  it('step 7: D is the one evaluator marked red', () => {
    expect(result.lowestEvaluatorIds).toEqual(['D']);
    expect(learner(result, 'D').evaluation.isLowest).toBe(true);
  });

  it('step 8: the scores, totals and ranks', () => {
    const scores = {
      A: [57.4, 8.3, 8.9, 8, 8, 90.6, 1],
      B: [25.4, 10, 4.5, 9, 6, 54.9, 3],
      C: [48.5, 6, 10, 8, 9, 81.5, 2],
      D: [35.3, 0, 8.2, 3, 5, 51.5, 4],
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
      essayWriting: 41.7,
      peerReview: 6.1,
      metacognition: 7.9,
      feedbackReview: 7,
      revisement: 7,
      total: 69.6,
    });
  });
});
