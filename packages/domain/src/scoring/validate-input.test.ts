import { describe, expect, it } from 'vitest';
import { scoreAssignment } from './score-assignment';
import type { ScoreAssignmentInput } from './types';
import { ScoringInputError } from './validate-input';

// Two learners reviewing each other, with a self-assessment, a helpfulness rating and a revision
// score: every kind of number the engine reads appears once.
function validInput(): ScoreAssignmentInput {
  return {
    settings: {
      standards: [{ id: 's1', maxPoint: 5 }],
      maxScores: { essayWriting: 60, peerReview: 10, metacognition: 10, feedbackReview: 10, revisement: 10 },
      feedbackMaxPoint: 5,
    },
    learners: [{ id: 'a' }, { id: 'b' }],
    reviews: [
      { reviewerId: 'a', authorId: 'b', isCompleted: true, responses: [{ standardId: 's1', point: 3 }] },
      {
        reviewerId: 'b',
        authorId: 'a',
        isCompleted: true,
        responses: [{ standardId: 's1', point: 4, editedPoint: 5 }],
      },
      { reviewerId: 'a', authorId: 'a', isCompleted: true, responses: [{ standardId: 's1', point: 4 }] },
    ],
    helpfulness: [{ raterId: 'b', reviewerId: 'a', point: 4 }],
    revisionScores: [{ learnerId: 'a', score: 7 }],
  };
}

function expectRejected(input: ScoreAssignmentInput, field: string): void {
  let caught: unknown;
  try {
    scoreAssignment(input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ScoringInputError);
  expect(caught).toBeInstanceOf(Error);
  expect((caught as ScoringInputError).field).toBe(field);
  expect((caught as Error).message).toContain(field);
}

describe('scoreAssignment rejects malformed input (ScoringInputError)', () => {
  it('scores the valid input without NaN', () => {
    const result = scoreAssignment(validInput());
    for (const l of result.learners) {
      for (const value of Object.values(l.scores)) expect(Number.isFinite(value)).toBe(true);
    }
  });

  for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
    it(`rejects a point of ${bad}`, () => {
      const input = validInput();
      input.reviews = input.reviews.map((r, i) =>
        i === 0 ? { ...r, responses: [{ standardId: 's1', point: bad }] } : r,
      );
      expectRejected(input, 'reviews[0].responses[0].point');
    });

    it(`rejects an edited point of ${bad}`, () => {
      const input = validInput();
      input.reviews = input.reviews.map((r, i) =>
        i === 1 ? { ...r, responses: [{ standardId: 's1', point: 4, editedPoint: bad }] } : r,
      );
      expectRejected(input, 'reviews[1].responses[0].editedPoint');
    });

    it(`rejects a self-assessment point of ${bad}`, () => {
      const input = validInput();
      input.reviews = input.reviews.map((r, i) =>
        i === 2 ? { ...r, responses: [{ standardId: 's1', point: bad }] } : r,
      );
      expectRejected(input, 'reviews[2].responses[0].point');
    });

    it(`rejects a helpfulness star of ${bad}`, () => {
      const input = validInput();
      input.helpfulness = [{ raterId: 'b', reviewerId: 'a', point: bad }];
      expectRejected(input, 'helpfulness[0].point');
    });

    it(`rejects a revision score of ${bad}`, () => {
      const input = validInput();
      input.revisionScores = [{ learnerId: 'a', score: bad }];
      expectRejected(input, 'revisionScores[0].score');
    });

    it(`rejects a feedbackMaxPoint of ${bad}`, () => {
      const input = validInput();
      input.settings = { ...input.settings, feedbackMaxPoint: bad };
      expectRejected(input, 'settings.feedbackMaxPoint');
    });

    it(`rejects a standard maxPoint of ${bad}`, () => {
      const input = validInput();
      input.settings = { ...input.settings, standards: [{ id: 's1', maxPoint: bad }] };
      expectRejected(input, 'settings.standards[0].maxPoint');
    });

    it(`rejects a maximum score of ${bad}`, () => {
      const input = validInput();
      input.settings = { ...input.settings, maxScores: { essayWriting: bad } };
      expectRejected(input, 'settings.maxScores.essayWriting');
    });
  }

  for (const bad of [0, -5]) {
    it(`rejects a feedbackMaxPoint of ${bad}`, () => {
      const input = validInput();
      input.settings = { ...input.settings, feedbackMaxPoint: bad };
      expectRejected(input, 'settings.feedbackMaxPoint');
    });

    it(`rejects a standard maxPoint of ${bad}`, () => {
      const input = validInput();
      input.settings = {
        ...input.settings,
        standards: [
          { id: 's1', maxPoint: 5 },
          { id: 's2', maxPoint: bad },
        ],
      };
      expectRejected(input, 'settings.standards[1].maxPoint');
    });
  }

  it('still accepts points outside the scale, a missing point and a negative maximum (clamped as before)', () => {
    const input = validInput();
    input.reviews = input.reviews.map((r, i) =>
      i === 0
        ? { ...r, responses: [{ standardId: 's1', point: 9 }] }
        : i === 1
          ? { ...r, responses: [{ standardId: 's1', point: null }] }
          : r,
    );
    input.settings = { ...input.settings, maxScores: { ...input.settings.maxScores, revisement: -1 } };
    const result = scoreAssignment(input);
    expect(result.learners.find((l) => l.learnerId === 'b')?.peerReviewPoints[0]?.avg).toBe(5);
    expect(result.learners.find((l) => l.learnerId === 'a')?.scores.revisement).toBe(0);
  });
});
