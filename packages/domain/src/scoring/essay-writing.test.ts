import { describe, expect, it } from 'vitest';
import { scoreEssayWriting } from './essay-writing';
import { estimateReliability } from './evaluation-ability';
import { prepareRatings } from './ratings';
import type { Review, ScoreAssignmentInput } from './types';

const standards = [
  { id: 'content', question: 'Content', maxPoint: 4 },
  { id: 'style', question: 'Style', maxPoint: 6 },
];

function review(reviewerId: string, authorId: string, content: number | null, style: number | null): Review {
  return {
    reviewerId,
    authorId,
    isCompleted: true,
    responses: [
      { standardId: 'content', point: content },
      { standardId: 'style', point: style },
    ],
  };
}

function input(reviews: Review[]): ScoreAssignmentInput {
  return {
    settings: { standards, maxScores: { essayWriting: 70 } },
    learners: [{ id: 'a' }, { id: 'b' }],
    reviews,
  };
}

describe('scoreEssayWriting', () => {
  it('is the consensus points over the total points, times the maximum', () => {
    const table = prepareRatings(input([review('b', 'a', 3, 3)]));
    // Consensus 3 of 4 and 3 of 6 → (3 + 3) / (4 + 6) = 0.6 → 0.6 × 70 = 42.
    const result = scoreEssayWriting(70, table, 'a', true, [0.75, 0.5]);
    expect(result.value).toBeCloseTo(42, 10);
  });

  it('weights standards by their maximum points and skips standards nobody rated', () => {
    const table = prepareRatings(input([review('b', 'a', 4, null)]));
    expect(scoreEssayWriting(70, table, 'a', true, [1, null]).value).toBeCloseTo(70, 10);
  });

  it('reports the plain avg and std per standard, the consensus and the self gap', () => {
    const table = prepareRatings(
      input([review('b', 'a', 2, 6), review('c', 'a', 4, 3), { ...review('a', 'a', 4, 5) }]),
    );
    const consensus = estimateReliability(table).consensus.get('a');
    const [content, style] = scoreEssayWriting(70, table, 'a', true, consensus).points;
    expect(content).toMatchObject({
      standardId: 'content',
      question: 'Content',
      maxPoint: 4,
      avg: 3,
      std: 1,
      count: 2,
    });
    expect(content?.consensus).toBeCloseTo(3, 10);
    expect(content?.selfPoint).toBe(4);
    expect(content?.selfGap).toBeCloseTo(1, 10);
    expect(style).toMatchObject({ avg: 4.5, std: 1.5, count: 2, selfPoint: 5 });
  });

  it('uses the instructor-edited point for the author', () => {
    const edited: Review = {
      reviewerId: 'b',
      authorId: 'a',
      isCompleted: true,
      responses: [
        { standardId: 'content', point: 1, editedPoint: 4 },
        { standardId: 'style', point: 6 },
      ],
    };
    const table = prepareRatings(input([edited]));
    const consensus = estimateReliability(table).consensus.get('a');
    expect(scoreEssayWriting(70, table, 'a', true, consensus).value).toBeCloseTo(70, 10);
  });

  it('is null (the class average stands in) without a completed peer review, 0 without an essay', () => {
    const table = prepareRatings(input([{ ...review('b', 'a', 4, 6), isCompleted: false }]));
    expect(scoreEssayWriting(70, table, 'a', true, undefined).value).toBeNull();
    expect(scoreEssayWriting(70, table, 'a', false, undefined).value).toBe(0);
  });
});
