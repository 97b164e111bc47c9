// The worked example of docs/scoring.md ("A class of four, by hand"): every number in that
// section is checked here. Change one, change the other.
import { describe, expect, it } from 'vitest';
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

  it('step 2: closeness, discrimination and accuracy of each reviewer', () => {
    const expected = {
      A: { closeness: 0.8586, discrimination: 1, accuracy: 0.8586 },
      B: { closeness: 1, discrimination: 1, accuracy: 1 },
      C: { closeness: 0.5757, discrimination: 1, accuracy: 0.5757 },
      D: { closeness: 0.5528, discrimination: 0, accuracy: 0 },
    };
    for (const [id, figures] of Object.entries(expected)) {
      const evaluation = learner(result, id).evaluation;
      expect(evaluation.closeness).toBeCloseTo(figures.closeness, 4);
      expect(evaluation.discrimination).toBeCloseTo(figures.discrimination, 4);
      expect(evaluation.accuracy).toBeCloseTo(figures.accuracy, 4);
    }
  });

  it('step 3: the weights', () => {
    const weights = { A: 1.1912, B: 1.3371, C: 0.8975, D: 0.5742 };
    for (const [id, weight] of Object.entries(weights)) {
      expect(learner(result, id).evaluation.weight).toBeCloseTo(weight, 4);
    }
  });

  it('step 4: the consensus and the plain mean per essay', () => {
    const points = { A: [4.2197, 4], B: [2.3252, 2.5], C: [4, 4], D: [3, 3] };
    for (const [id, [consensus, mean]] of Object.entries(points)) {
      const standard = learner(result, id).peerReviewPoints[0];
      expect(standard?.consensus).toBeCloseTo(consensus ?? 0, 4);
      expect(standard?.avg).toBeCloseTo(mean ?? 0, 10);
    }
  });

  it('step 5: the self-assessment gaps', () => {
    const gaps = {
      A: [-0.2197, 'accurate'],
      B: [1.6748, 'over'],
      C: [0, 'accurate'],
      D: [-1, 'under'],
    } as const;
    for (const [id, [gap, label]] of Object.entries(gaps)) {
      expect(learner(result, id).peerReviewPoints[0]?.selfGap).toBeCloseTo(gap, 4);
      expect(learner(result, id).selfAssessment?.label).toBe(label);
    }
  });

  it('step 7: the scores, totals and ranks', () => {
    const table = {
      A: [50.6, 8.6, 10, 8, 8, 85.2, 1],
      B: [27.9, 10, 5.3, 9, 6, 58.2, 3],
      C: [48, 5.8, 10, 8, 9, 80.8, 2],
      D: [36, 0, 8, 3, 5, 52, 4],
    };
    for (const [id, [es, pe, me, fe, re, total, rank]] of Object.entries(table)) {
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
      essayWriting: 40.6,
      peerReview: 6.1,
      metacognition: 8.3,
      feedbackReview: 7,
      revisement: 7,
      total: 69.1,
    });
  });

  it('step 6: D is the one evaluator marked red', () => {
    expect(result.lowestEvaluatorIds).toEqual(['D']);
    expect(learner(result, 'D').evaluation.isLowest).toBe(true);
  });
});
