import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatching } from '../matching/create-matching';
import { createRandom, shuffleWith } from '../matching/random';
import { scoreAssignment } from './score-assignment';
import type { AssignmentScores, LearnerScores, Review, ScoreAssignmentInput, ScoreKind } from './types';

const MAX = { essayWriting: 60, peerReview: 10, metacognition: 10, feedbackReview: 10, revisement: 10 };
const KINDS: ScoreKind[] = ['essayWriting', 'peerReview', 'metacognition', 'feedbackReview', 'revisement'];

interface Shape {
  size: number;
  peerCount: number;
  maxPoints: number[];
  seed: number;
}

const shapeArbitrary = fc.record({
  size: fc.integer({ min: 3, max: 40 }),
  peerCount: fc.integer({ min: 1, max: 4 }),
  maxPoints: fc.array(fc.integer({ min: 3, max: 10 }), { minLength: 1, maxLength: 3 }),
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
});

// A class with messy data: unfinished reviews, instructor edits, missing self-assessments,
// ratings and revision scores.
function messyClass(shape: Shape): ScoreAssignmentInput {
  const random = createRandom(shape.seed);
  const standards = shape.maxPoints.map((maxPoint, i) => ({ id: `s${i}`, maxPoint }));
  const ids = Array.from({ length: shape.size }, (_, i) => `L${i}`);
  const { pairs } = createMatching({
    participants: ids.map((id) => ({ id, hasEssay: true })),
    peerCount: Math.min(shape.peerCount, shape.size - 1),
    seed: shape.seed,
  });
  const respond = () =>
    standards.map((s) => ({
      standardId: s.id,
      point: random.nextInt(s.maxPoint + 1),
      editedPoint: random.next() < 0.1 ? random.nextInt(s.maxPoint + 1) : null,
    }));
  const reviews: Review[] = pairs.map((p) => ({
    ...p,
    isCompleted: random.next() < 0.85,
    responses: respond(),
  }));
  for (const id of ids) {
    if (random.next() < 0.8)
      reviews.push({ reviewerId: id, authorId: id, isCompleted: true, responses: respond() });
  }
  return {
    settings: { standards, maxScores: MAX, feedbackMaxPoint: 5 },
    learners: ids.map((id) => ({ id })),
    reviews,
    helpfulness: pairs
      .filter(() => random.next() < 0.7)
      .map((p) => ({ raterId: p.authorId, reviewerId: p.reviewerId, point: 1 + random.nextInt(5) })),
    revisionScores: ids
      .filter(() => random.next() < 0.8)
      .map((id) => ({ learnerId: id, score: random.next() * 10 })),
  };
}

// A class where every reviewer gives every essay its true points.
function truthfulClass(shape: Shape): ScoreAssignmentInput {
  const random = createRandom(shape.seed);
  const standards = shape.maxPoints.map((maxPoint, i) => ({ id: `s${i}`, maxPoint }));
  const ids = Array.from({ length: shape.size }, (_, i) => `L${i}`);
  const truth = new Map(ids.map((id) => [id, standards.map((s) => random.nextInt(s.maxPoint + 1))]));
  const { pairs } = createMatching({
    participants: ids.map((id) => ({ id, hasEssay: true })),
    peerCount: Math.max(2, Math.min(shape.peerCount, shape.size - 1)),
    seed: shape.seed,
  });
  return {
    settings: { standards, maxScores: MAX },
    learners: ids.map((id) => ({ id })),
    reviews: pairs.map((p) => ({
      ...p,
      isCompleted: true,
      responses: standards.map((s, i) => ({ standardId: s.id, point: truth.get(p.authorId)?.[i] ?? 0 })),
    })),
  };
}

function byId(result: AssignmentScores): Map<string, LearnerScores> {
  return new Map(result.learners.map((l) => [l.learnerId, l]));
}

describe('scoreAssignment properties', () => {
  it('ignores the order of learners, reviews, ratings and revision scores', () => {
    fc.assert(
      fc.property(shapeArbitrary, fc.integer(), (shape, shuffleSeed) => {
        const input = messyClass(shape);
        const random = createRandom(shuffleSeed);
        const shuffled: ScoreAssignmentInput = {
          ...input,
          learners: shuffleWith(input.learners, random),
          reviews: shuffleWith(input.reviews, random),
          helpfulness: shuffleWith(input.helpfulness ?? [], random),
          revisionScores: shuffleWith(input.revisionScores ?? [], random),
        };
        const a = scoreAssignment(input);
        const b = scoreAssignment(shuffled);
        expect(byId(b)).toEqual(byId(a));
        expect(b.classAverages).toEqual(a.classAverages);
        expect(b.lowestEvaluatorIds).toEqual(a.lowestEvaluatorIds);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps every score within 0..max and the total equal to their sum', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        for (const learner of scoreAssignment(messyClass(shape)).learners) {
          let sum = 0;
          for (const kind of KINDS) {
            expect(learner.scores[kind]).toBeGreaterThanOrEqual(0);
            expect(learner.scores[kind]).toBeLessThanOrEqual(MAX[kind]);
            sum += learner.scores[kind];
          }
          expect(Math.abs(learner.scores.total - sum)).toBeLessThan(1e-9);
          expect(learner.scores.total).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('gives a perfect reviewer the maximum evaluation ability', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        for (const learner of scoreAssignment(truthfulClass(shape)).learners) {
          expect(learner.scores.peerReview).toBe(MAX.peerReview);
          expect(learner.evaluation.accuracy).toBeCloseTo(1, 9);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('lowers the evaluation ability of a reviewer whose marks get noise', () => {
    fc.assert(
      fc.property(shapeArbitrary, fc.integer({ min: 1, max: 3 }), (shape, noise) => {
        const input = truthfulClass(shape);
        const [first, ...rest] = input.reviews;
        if (first === undefined) return;
        const maxPoint = input.settings.standards[0]?.maxPoint ?? 3;
        const responses = first.responses.map((r, i) => {
          if (i > 0 || r.point === null) return r;
          // Move the first mark by `noise` points, away from whichever end it is near.
          const point = r.point + noise <= maxPoint ? r.point + noise : Math.max(0, r.point - noise);
          return { ...r, point };
        });
        const noisy = scoreAssignment({ ...input, reviews: [{ ...first, responses }, ...rest] });
        const before = byId(scoreAssignment(input)).get(first.reviewerId);
        const after = byId(noisy).get(first.reviewerId);
        expect(after?.scores.peerReview ?? 99).toBeLessThan(before?.scores.peerReview ?? 0);
        expect(after?.evaluation.accuracy ?? 1).toBeLessThan(1);
      }),
      { numRuns: 40 },
    );
  });
});

describe('scoreAssignment', () => {
  const standards = [{ id: 's', maxPoint: 5 }];
  const review = (reviewerId: string, authorId: string, point: number, isCompleted = true): Review => ({
    reviewerId,
    authorId,
    isCompleted,
    responses: [{ standardId: 's', point }],
  });

  it('refuses the same learner twice', () => {
    expect(() =>
      scoreAssignment({
        settings: { standards, maxScores: MAX },
        learners: [{ id: 'a' }, { id: 'a' }],
        reviews: [],
      }),
    ).toThrow(RangeError);
  });

  it('scores inactive kinds as 0 without flags', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: { essayWriting: 70, peerReview: 30, metacognition: 0 } },
      learners: [{ id: 'a' }, { id: 'b' }],
      reviews: [review('a', 'b', 5), review('b', 'a', 5), review('a', 'a', 1)],
      helpfulness: [{ raterId: 'a', reviewerId: 'b', point: 10 }],
      revisionScores: [{ learnerId: 'a', score: 5 }],
    });
    for (const learner of result.learners) {
      expect(learner.scores.metacognition).toBe(0);
      expect(learner.scores.feedbackReview).toBe(0);
      expect(learner.scores.revisement).toBe(0);
      expect(learner.isAverageFeedbackReviewScore).toBe(false);
      expect(learner.isAverageMetacognitionScore).toBe(false);
    }
  });

  it('gives the class average and a flag where data is missing, never a free full mark', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: MAX, feedbackMaxPoint: 5 },
      learners: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
      reviews: [
        review('b', 'a', 5),
        review('c', 'a', 5),
        review('a', 'b', 3),
        review('c', 'b', 3),
        review('a', 'c', 2),
        review('b', 'c', 2),
        review('a', 'd', 4, false),
      ],
      helpfulness: [
        { raterId: 'a', reviewerId: 'b', point: 5 },
        { raterId: 'b', reviewerId: 'a', point: 3 },
      ],
    });
    const scores = byId(result);
    const d = scores.get('d');
    // d's essay has no completed review: the class average of a, b and c stands in.
    expect(d?.isAverageEssayWritingScore).toBe(true);
    expect(d?.scores.essayWriting).toBeCloseTo((60 + 36 + 24) / 3, 1);
    // c reviewed two essays but nobody rated those reviews: the average of a (3/5) and b (5/5).
    expect(scores.get('c')?.isAverageFeedbackReviewScore).toBe(true);
    expect(scores.get('c')?.scores.feedbackReview).toBe(8);
    // d reviewed nobody: nothing to rate, 0 and no flag.
    expect(d?.isAverageFeedbackReviewScore).toBe(false);
    expect(d?.scores.feedbackReview).toBe(0);
    expect(d?.scores.peerReview).toBe(0);
  });

  it('with one reviewer per essay gives evaluation ability for completion, flagged', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: MAX },
      learners: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      reviews: [review('a', 'b', 4), review('b', 'c', 2), review('c', 'a', 3, false)],
    });
    const scores = byId(result);
    expect(scores.get('a')?.scores.peerReview).toBe(10);
    expect(scores.get('a')?.isAveragePeerReviewScore).toBe(true);
    expect(scores.get('c')?.scores.peerReview).toBe(0);
    expect(result.lowestEvaluatorIds).toEqual([]);
  });

  it('ranks by total with shared ranks for ties and says "top x %"', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: { essayWriting: 100 } },
      learners: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }],
      reviews: [review('b', 'a', 5), review('c', 'b', 4), review('d', 'c', 4), review('a', 'd', 1)],
    });
    const info = (id: string) => byId(result).get(id)?.totalInfo;
    expect(info('a')).toEqual({ rank: 1, percent: 25, memberCount: 4 });
    expect(info('b')).toEqual({ rank: 2, percent: 50, memberCount: 4 });
    expect(info('c')).toEqual({ rank: 2, percent: 50, memberCount: 4 });
    expect(info('d')).toEqual({ rank: 4, percent: 100, memberCount: 4 });
    expect(result.classAverages.essayWriting).toBe(70);
  });

  it('leaves an instructor taking part as a learner out of ranks, averages and red marks', () => {
    const learners = [
      { id: 'a' },
      { id: 'b' },
      { id: 'c' },
      { id: 'prof', hasEssay: false, isInstructorLearner: true },
    ];
    const result = scoreAssignment({
      settings: { standards, maxScores: { essayWriting: 50, peerReview: 50 } },
      learners,
      reviews: [
        review('b', 'a', 5),
        review('c', 'a', 1),
        review('prof', 'a', 1),
        review('a', 'b', 4),
        review('c', 'b', 1),
        review('prof', 'b', 4),
        review('a', 'c', 2),
        review('b', 'c', 5),
        review('prof', 'c', 2),
      ],
    });
    const prof = byId(result).get('prof');
    expect(prof?.totalInfo).toBeNull();
    expect(prof?.scores.essayWriting).toBe(0);
    expect(result.memberCount).toBe(3);
    expect(result.lowestEvaluatorIds).not.toContain('prof');
    const members = result.learners.filter((l) => !l.isInstructorLearner);
    const mean = members.reduce((sum, l) => sum + l.scores.total, 0) / 3;
    expect(result.classAverages.total).toBeCloseTo(mean, 1);
  });

  it('marks the lowest 30 % of evaluators, rounded down, ties all in or all out', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const quality = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
    const { pairs } = createMatching({
      participants: ids.map((id) => ({ id, hasEssay: true })),
      peerCount: 4,
      seed: 3,
    });
    const result = scoreAssignment({
      settings: { standards, maxScores: MAX },
      learners: ids.map((id) => ({ id })),
      reviews: pairs.map((p) => {
        const truth = quality[ids.indexOf(p.authorId)] ?? 3;
        // p0 always gives 3; p1 gives the opposite of the truth; p2 one point too many; the rest
        // are truthful.
        const point = { p0: 3, p1: 6 - truth, p2: Math.min(5, truth + 1) }[p.reviewerId] ?? truth;
        return review(p.reviewerId, p.authorId, point);
      }),
    });
    expect(result.lowestEvaluatorIds).toEqual(['p0', 'p1', 'p2']);
    for (const learner of result.learners) {
      expect(learner.evaluation.isLowest).toBe(result.lowestEvaluatorIds.includes(learner.learnerId));
    }
  });

  it('marks nobody when the lowest evaluators are tied with too many others', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: MAX },
      learners: ['a', 'b', 'c', 'd'].map((id) => ({ id })),
      reviews: ['a', 'b', 'c', 'd'].flatMap((author, i) =>
        ['a', 'b', 'c', 'd'].filter((r) => r !== author).map((r) => review(r, author, i + 1)),
      ),
    });
    expect(result.lowestEvaluatorIds).toEqual([]);
  });
});
