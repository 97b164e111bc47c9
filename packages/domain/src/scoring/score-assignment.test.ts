import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatching } from '../matching/create-matching';
import { createRandom, shuffleWith } from '../matching/random';
import { scoreAssignment } from './score-assignment';
import { roundScore } from './statistics';
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

// Scores learners l0..l4 from [reviewer, author, point] triples on one standard of max `maxPoint`
// (the classes the red-mark tests take from the simulation).
function scoreFiveOnOneStandard(maxPoint: number, given: [string, string, number][]): AssignmentScores {
  return scoreAssignment({
    settings: { standards: [{ id: 's0', maxPoint }], maxScores: MAX },
    learners: ['l0', 'l1', 'l2', 'l3', 'l4'].map((id) => ({ id })),
    reviews: given.map(([reviewerId, authorId, point]) => ({
      reviewerId,
      authorId,
      isCompleted: true,
      responses: [{ standardId: 's0', point }],
    })),
  });
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
          // The responses within each review too: prepareRatings puts them in the rubric's order.
          reviews: shuffleWith(input.reviews, random).map((r) => ({
            ...r,
            responses: shuffleWith(r.responses, random),
          })),
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

  it('marks at most ⌊30 %⌋ of the measured evaluators red, never passing over a lower trust, which is at most agreement × discrimination² (at the top of the scale, the agreement)', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        const input = messyClass(shape);
        const result = scoreAssignment(input);
        const measured = result.learners.filter((l) => l.evaluation.accuracy !== null);
        expect(result.lowestEvaluatorIds.length).toBeLessThanOrEqual(Math.floor(measured.length * 0.3));
        const trust = (l: LearnerScores) => l.evaluation.trust ?? 0;
        // The doubt is not held against marks at the top of the scale within the tolerance of the
        // others: for a reviewer who gave only the maximum, trust may be as high as the agreement.
        // Marks that never vary at an end of the scale are judged on that mark, which is no more
        // likely than some one mark: there trust may be lower than agreement × discrimination².
        // Only the compared ratings count: completed peer reviews of essays someone else reviewed too.
        const maxPoint = new Map(shape.maxPoints.map((m, i) => [`s${i}`, m]));
        const peerReviews = input.reviews.filter((r) => r.authorId !== r.reviewerId && r.isCompleted);
        const givenOnlyMaximum = (id: string) =>
          peerReviews
            .filter(
              (r) => r.reviewerId === id && peerReviews.some((o) => o.authorId === r.authorId && o !== r),
            )
            .every((r) => r.responses.every((x) => x.point === maxPoint.get(x.standardId)));
        const highestTrust = (l: LearnerScores) =>
          givenOnlyMaximum(l.learnerId)
            ? (l.evaluation.agreement ?? 0)
            : (l.evaluation.agreement ?? 0) * (l.evaluation.discrimination ?? 0) ** 2;
        for (const l of measured) {
          expect(l.evaluation.trust).not.toBeNull();
          expect(trust(l)).toBeGreaterThanOrEqual(0);
          expect(trust(l)).toBeLessThanOrEqual(highestTrust(l) + 1e-9);
        }
        const unmarked = measured.filter((l) => !l.evaluation.isLowest);
        // The engine compares on a 1e-4 grid (TIE_TOLERANCE): closer values are ties, broken by
        // the next key, so an unmarked evaluator may sit up to one grid step below a marked one.
        for (const m of measured.filter((l) => l.evaluation.isLowest)) {
          for (const u of unmarked) expect(trust(u)).toBeGreaterThanOrEqual(trust(m) - 1e-4);
        }
      }),
      // The first example is the class where a maximum-giver's end mark put them below an
      // evaluator with a lower agreement × discrimination² (stop 50's CI).
      { numRuns: 40, examples: [[{ size: 16, peerCount: 4, maxPoints: [4], seed: 539111128 }]] },
    );
  });

  it('takes the closeness as the accuracy, whatever the tracking probability', () => {
    fc.assert(
      fc.property(shapeArbitrary, (shape) => {
        for (const l of scoreAssignment(messyClass(shape)).learners) {
          const { accuracy, closeness, discrimination } = l.evaluation;
          if (accuracy === null) continue;
          expect(discrimination).not.toBeNull();
          expect(accuracy).toBe(closeness);
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
          // Closeness approaches 1 through a softplus: within a ten-thousandth of it.
          expect(learner.evaluation.accuracy ?? 0).toBeGreaterThan(0.9999);
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
        // Every step away from the others costs accuracy, however little (a point within the
        // tolerated deviation may not show in the rounded score, but it never raises it).
        expect(after?.evaluation.accuracy ?? 1).toBeLessThan(before?.evaluation.accuracy ?? 0);
        expect(after?.scores.peerReview ?? 99).toBeLessThanOrEqual(before?.scores.peerReview ?? 0);
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

  it('accepts what a real class has: 2-point items, fractional points, reviewers with one review (issue 32)', () => {
    // Authors without reviews of their own to write; peers without essays; quality per essay.
    const standards = [
      { id: 'a', maxPoint: 2 },
      { id: 'b', maxPoint: 3 },
      { id: 'c', maxPoint: 4 },
    ];
    const quality = [1, 0.5, 0.75, 0.25, 1, 0.5];
    const reviews: Review[] = [];
    quality.forEach((q, e) => {
      for (let k = 0; k < 3; k++) {
        // Peer p0 reviews once only; half points appear on every scale.
        const reviewerId = e === 0 && k === 0 ? 'p0' : `p${1 + ((e * 3 + k) % 8)}`;
        reviews.push({
          reviewerId,
          authorId: `e${e}`,
          isCompleted: true,
          responses: standards.map((s) => ({
            standardId: s.id,
            point: Math.min(s.maxPoint, Math.round(q * s.maxPoint * 2) / 2 + (k === 2 ? 0.5 : 0)),
          })),
        });
      }
    });
    const reviewerIds = [...new Set(reviews.map((r) => r.reviewerId))];
    const result = scoreAssignment({
      settings: { standards, maxScores: { essayWriting: 9, peerReview: 10 } },
      learners: [
        ...reviewerIds.map((id) => ({ id, hasEssay: false })),
        ...quality.map((_, e) => ({ id: `e${e}` })),
      ],
      reviews,
    });
    const byId = new Map(result.learners.map((l) => [l.learnerId, l]));
    quality.forEach((q, e) => {
      const essay = byId.get(`e${e}`)?.scores.essayWriting ?? Number.NaN;
      // The consensus follows the quality on the 9-point total, within the half points given.
      expect(essay).toBeGreaterThanOrEqual(0);
      expect(essay).toBeLessThanOrEqual(9);
      expect(Math.abs(essay - q * 9)).toBeLessThan(1.6);
    });
    const once = byId.get('p0');
    expect(once?.evaluation.completed).toBe(1);
    expect(once?.evaluation.accuracy).not.toBeNull();
    expect(Number.isFinite(once?.scores.peerReview ?? Number.NaN)).toBe(true);
    expect(result.evaluationAbilityStatus).toBe('measured');
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

  it('with one reviewer per essay says evaluation ability was not measured and gives the neutral half', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: MAX },
      learners: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      reviews: [review('a', 'b', 4), review('b', 'c', 2), review('c', 'a', 3, false)],
    });
    const scores = byId(result);
    expect(result.evaluationAbilityMeasured).toBe(false);
    expect(result.evaluationAbilityStatus).toBe('noOverlap');
    expect(result.measuredEvaluatorCount).toBe(0);
    // 10 × NEUTRAL_ACCURACY 0.5 × 1/1 completed.
    expect(scores.get('a')?.scores.peerReview).toBe(5);
    expect(scores.get('a')?.isAveragePeerReviewScore).toBe(true);
    expect(scores.get('a')?.evaluation.accuracyBasis).toBe('neutral');
    expect(scores.get('a')?.evaluation.accuracyUsed).toBe(0.5);
    expect(scores.get('a')?.evaluation.accuracy).toBeNull();
    // c was assigned a review and did not finish it: 0, not a stand-in.
    expect(scores.get('c')?.scores.peerReview).toBe(0);
    expect(scores.get('c')?.isAveragePeerReviewScore).toBe(false);
    expect(scores.get('c')?.evaluation.accuracyBasis).toBe('none');
    expect(result.lowestEvaluatorIds).toEqual([]);
  });

  it('minimal input: two learners reviewing each other get no hidden full mark (issue 17, item 2)', () => {
    const result = scoreAssignment({
      settings: { standards: [{ id: 's1', maxPoint: 5 }], maxScores: { essayWriting: 90, peerReview: 10 } },
      learners: [{ id: 'l0' }, { id: 'l1' }],
      reviews: [
        { reviewerId: 'l0', authorId: 'l1', isCompleted: true, responses: [{ standardId: 's1', point: 2 }] },
        { reviewerId: 'l1', authorId: 'l0', isCompleted: true, responses: [{ standardId: 's1', point: 4 }] },
      ],
    });
    expect(result.evaluationAbilityMeasured).toBe(false);
    expect(result.evaluationAbilityStatus).toBe('noOverlap');
    for (const learner of result.learners) {
      expect(learner.scores.peerReview).toBe(5);
      expect(learner.scores.peerReview).toBeLessThan(10);
      expect(learner.isAveragePeerReviewScore).toBe(true);
      expect(learner.evaluation.accuracyBasis).toBe('neutral');
      expect(learner.evaluation.compared).toBe(0);
    }
    expect(result.classAverages.peerReview).toBe(5);
  });

  it('with a single comparable member says too few overlaps; that member keeps their own accuracy', () => {
    // Only b's essay has two reviewers (a and c): a and c are compared, but c is an instructor
    // taking part as a learner, so one member (a) is measured.
    const result = scoreAssignment({
      settings: { standards, maxScores: MAX },
      learners: [{ id: 'a' }, { id: 'b' }, { id: 'c', isInstructorLearner: true }],
      reviews: [review('a', 'b', 4), review('c', 'b', 4), review('b', 'a', 3)],
    });
    const scores = byId(result);
    expect(result.evaluationAbilityStatus).toBe('tooFewOverlaps');
    expect(result.evaluationAbilityMeasured).toBe(false);
    expect(result.measuredEvaluatorCount).toBe(1);
    expect(scores.get('a')?.evaluation.accuracyBasis).toBe('own');
    expect(scores.get('a')?.isAveragePeerReviewScore).toBe(false);
    expect(scores.get('b')?.evaluation.accuracyBasis).toBe('neutral');
    expect(scores.get('b')?.scores.peerReview).toBe(5);
  });

  it('says when no peer review was completed at all', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: MAX },
      learners: [{ id: 'a' }, { id: 'b' }],
      reviews: [review('a', 'b', 4, false)],
    });
    expect(result.evaluationAbilityStatus).toBe('noCompletedReviews');
    expect(result.evaluationAbilityMeasured).toBe(false);
    expect(byId(result).get('a')?.scores.peerReview).toBe(0);
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

  it('ranks and averages only those who submitted an essay; the others are scored but listed apart', () => {
    const result = scoreAssignment({
      settings: { standards, maxScores: { essayWriting: 100 } },
      learners: [
        { id: 'a' },
        { id: 'b' },
        { id: 'c' },
        { id: 'idle1', hasEssay: false },
        { id: 'idle2', hasEssay: false },
      ],
      reviews: [review('b', 'a', 5), review('c', 'b', 4), review('a', 'c', 3)],
    });
    const scores = byId(result);
    expect(result.memberCount).toBe(3);
    expect(scores.get('idle1')?.submitted).toBe(false);
    expect(scores.get('idle1')?.totalInfo).toBeNull();
    expect(scores.get('idle1')?.scores.essayWriting).toBe(0);
    expect(scores.get('a')?.submitted).toBe(true);
    expect(scores.get('a')?.totalInfo).toEqual({ rank: 1, percent: roundScore(100 / 3), memberCount: 3 });
    expect(scores.get('c')?.totalInfo?.rank).toBe(3);
    // The mean of the three writers' totals, not of five (two zeros would pull it down by 40 %).
    const writers = ['a', 'b', 'c'].map((id) => scores.get(id)?.scores.total ?? 0);
    expect(result.classAverages.total).toBeCloseTo(writers.reduce((x, y) => x + y, 0) / 3, 1);
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

describe('the same-mark rule and red marks', () => {
  const MAX_POINT = 5;
  // Everyone reviews every other essay; essay i has true quality quality[i] points on every
  // standard. Truthful reviewers give the quality; `marks` overrides a reviewer's points per
  // standard (author quality → points).
  function everyoneReviewsEveryone(
    quality: number[],
    marks: Record<string, (q: number, standardIndex: number) => number>,
    standardCount = 1,
  ): ScoreAssignmentInput {
    const ids = quality.map((_, i) => `p${i}`);
    const standards = Array.from({ length: standardCount }, (_, i) => ({ id: `s${i}`, maxPoint: MAX_POINT }));
    const reviews: Review[] = ids.flatMap((authorId, a) =>
      ids
        .filter((reviewerId) => reviewerId !== authorId)
        .map((reviewerId) => ({
          reviewerId,
          authorId,
          isCompleted: true,
          responses: standards.map((s, i) => ({
            standardId: s.id,
            point: (marks[reviewerId] ?? ((q) => q))(quality[a] ?? 0, i),
          })),
        })),
    );
    return { settings: { standards, maxScores: MAX }, learners: ids.map((id) => ({ id })), reviews };
  }
  const evaluation = (result: AssignmentScores, id: string) =>
    result.learners.find((l) => l.learnerId === id)?.evaluation;

  it('gives the one same-mark reviewer its closeness, next to no trust, and the red mark', () => {
    // p4 gives 3 to essays of quality 1, 2, 3, 4. The others are truthful, so the consensus p4 is
    // compared with is 0.2, 0.4, 0.6, 0.8: a careful reviewer would almost never give one mark to
    // all four (discrimination, the probability that the marks follow the essays, ≈ 0.001).
    // Five reviewers with four comparisons each do not differ beyond chance (section 3's test), so
    // closeness is against the others' plain mean: deviations 0.4, 0.2, 0, 0.2 → mean square
    // 0.06, less rounding (0.0033) and the tolerated 0.1² → √0.0467 → 1 − 0.43 = 0.57, the
    // score (PE 5.7). Trust 0.57 × 0.001² ≈ 0: five evaluators → at most ⌊1.5⌋ = 1 red: p4.
    const result = scoreAssignment(everyoneReviewsEveryone([1, 2, 3, 4, 5], { p4: () => 3 }));
    const p4 = evaluation(result, 'p4');
    expect(p4?.discrimination ?? 1).toBeLessThan(0.01);
    expect(p4?.closeness ?? 0).toBeGreaterThan(0.55);
    expect(p4?.closeness ?? 1).toBeLessThan(0.6);
    expect(p4?.accuracy).toBe(p4?.closeness);
    expect((p4?.agreement ?? 1) * (p4?.discrimination ?? 1) ** 2).toBeLessThan(1e-5);
    expect(result.learners.find((l) => l.learnerId === 'p4')?.scores.peerReview).toBe(5.7);
    for (const id of ['p0', 'p1', 'p2', 'p3'])
      expect(evaluation(result, id)?.accuracy ?? 0).toBeGreaterThan(0.999);
    expect(result.lowestEvaluatorIds).toEqual(['p4']);
    expect(p4?.isLowest).toBe(true);
  });

  it('keeps "nothing to discriminate" when the others rated the essays identically', () => {
    // p2 and p3 each review p0 and p1 (p2 gives 4 and 4, p3 gives 2 and 2); p0 and p1 review p2
    // and p3 truthfully alike. For p3 the others' marks are 4 and 4: identical essays, on which a
    // careful reviewer gives one mark too, so the tracking test takes (almost) nothing off. Nothing says which of p2 and p3 is off, so each is taken to be
    // partly lenient (p2) or harsh (p3), and half the yardstick is the other's corrected mark:
    // both end up equally close, closer than against the other's plain mark alone,
    // 1 − √(0.4² − 0.0033 − 0.1²) ÷ 0.5 = 0.23.
    const rate = (reviewerId: string, authorId: string, point: number): Review => ({
      reviewerId,
      authorId,
      isCompleted: true,
      responses: [{ standardId: 's', point }],
    });
    const result = scoreAssignment({
      settings: { standards: [{ id: 's', maxPoint: MAX_POINT }], maxScores: MAX },
      learners: ['p0', 'p1', 'p2', 'p3'].map((id) => ({ id })),
      reviews: [
        rate('p2', 'p0', 4),
        rate('p3', 'p0', 2),
        rate('p2', 'p1', 4),
        rate('p3', 'p1', 2),
        rate('p0', 'p2', 3),
        rate('p1', 'p2', 3),
        rate('p0', 'p3', 3),
        rate('p1', 'p3', 3),
      ],
    });
    for (const id of ['p2', 'p3']) {
      // The same marks for essays the others rate alike: what a careful reviewer gives too.
      expect(evaluation(result, id)?.discrimination ?? 0).toBeGreaterThan(0.9);
      expect(evaluation(result, id)?.closeness).toBeGreaterThan(0.25);
      expect(evaluation(result, id)?.closeness).toBeLessThan(1);
    }
    expect(evaluation(result, 'p2')?.leniency).toBeGreaterThan(0);
    expect(evaluation(result, 'p3')?.leniency).toBeCloseTo(-(evaluation(result, 'p2')?.leniency ?? 0), 12);
    expect(evaluation(result, 'p2')?.accuracy).toBeCloseTo(evaluation(result, 'p3')?.accuracy ?? 0, 12);
  });

  it('does not touch a reviewer who varies on at least one standard', () => {
    // p4 gives 3 on standard 0 but the quality on standard 1. Against the exact consensus
    // 0.2..0.8: standard 0 Σġċ = 0, Σċ² = 0.2; standard 1 Σġċ = Σċ² = 0.2; Σκ = 8 × 0.01/3 →
    // (0.2 + 0.02667) / (0.4 + 0.02667) = 0.53125 measured (0.532: each essay's others are a
    // different four, each with its own small leniency taken off). A slope of a half is no
    // evidence of marks that ignore the essays: discrimination 1, accuracy = closeness.
    const result = scoreAssignment(
      everyoneReviewsEveryone([1, 2, 3, 4, 5], { p4: (q, i) => (i === 0 ? 3 : q) }, 2),
    );
    const p4 = evaluation(result, 'p4');
    expect(p4?.measuredDiscrimination).toBeCloseTo(0.53125, 2);
    expect(p4?.compared).toBe(4);
    expect(p4?.discrimination).toBe(1);
    expect(p4?.accuracy).toBe(p4?.closeness);
  });

  it('minimal misfire: same marks that rounding explains get neither accuracy 0 nor the only red mark (issue 17, item 3)', () => {
    // One standard of max 3; six learners in a ring, each reviewing the next three essays. l0
    // gives 2, 2, 2 to l1, l2 and l3, which the others averaged 1.5, 2 and 2.5: every mark of
    // l0 is within half a point of them.
    const marks: Record<string, Record<string, number>> = {
      l0: { l1: 2, l2: 2, l3: 2 },
      l1: { l2: 2, l3: 3, l4: 1 },
      l2: { l3: 2, l4: 1, l5: 3 },
      l3: { l4: 2, l5: 3, l0: 2 },
      l4: { l5: 2, l0: 1, l1: 2 },
      l5: { l0: 3, l1: 1, l2: 2 },
    };
    const reviews: Review[] = Object.entries(marks).flatMap(([reviewerId, given]) =>
      Object.entries(given).map(([authorId, point]) => ({
        reviewerId,
        authorId,
        isCompleted: true,
        responses: [{ standardId: 's', point }],
      })),
    );
    const result = scoreAssignment({
      settings: { standards: [{ id: 's', maxPoint: 3 }], maxScores: { essayWriting: 90, peerReview: 10 } },
      learners: Object.keys(marks).map((id) => ({ id })),
      reviews,
    });
    const l0 = byId(result).get('l0');
    // A careful reviewer gives 2 to all three about a quarter of the time (1 or 2 for the 1.5,
    // 2 or 3 for the 2.5): weak evidence against one in ten reviewers who give one mark to
    // everything, discrimination about 0.76, which the score does not take off. The six do not
    // differ beyond chance, so closeness is against the others' plain mean: half a point off on
    // two essays of three, (2 × (1/6)² ÷ 3 − 1/108 − 0.1²) < 0 → 0.974, PE 9.7 (10 when it was
    // half against the weighted consensus, 7.6 when the score took the probability as it is),
    // above l1, l2, l3, l4 and l5, who are further from the others.
    expect(l0?.evaluation.closeness ?? 0).toBeGreaterThan(0.97);
    expect(l0?.evaluation.discrimination ?? 0).toBeGreaterThan(0.7);
    expect(l0?.evaluation.discrimination ?? 1).toBeLessThan(0.8);
    expect(l0?.evaluation.accuracy).toBe(l0?.evaluation.closeness);
    expect(l0?.scores.peerReview).toBe(9.7);
    for (const l of result.learners.filter((x) => x.learnerId !== 'l0')) {
      expect(l.evaluation.accuracy ?? 1).toBeLessThan(l0?.evaluation.accuracy ?? 0);
    }
    expect(result.lowestEvaluatorIds).not.toContain('l0');
    // Less accurate reviewers (further from the others) score below l0.
    const others = result.learners.filter((l) => l.learnerId !== 'l0');
    expect(others.some((l) => (l.evaluation.accuracy ?? 0) < (l0?.evaluation.accuracy ?? 0))).toBe(true);
  });

  it('marks first the same-mark reviewer whose marks a careful reviewer was least likely to give', () => {
    const sameMark = () => 3;
    // Two of five give 3 to everything, at most ⌊1.5⌋ = 1 red. p3 rates essays of quality 1, 2, 3
    // and 5 (3 is a poor fit for 5); p4 rates 1, 2, 3 and 4: p3 is further from the others and
    // its marks less plausible for a careful reviewer, so it is the one marked.
    const five = scoreAssignment(everyoneReviewsEveryone([1, 2, 3, 4, 5], { p3: sameMark, p4: sameMark }));
    const p3 = evaluation(five, 'p3');
    const p4 = evaluation(five, 'p4');
    const trust = (e: typeof p3) => (e?.agreement ?? 1) * (e?.discrimination ?? 1) ** 2;
    expect(trust(p3)).toBeLessThan(1e-4);
    expect(trust(p4)).toBeLessThan(1e-4);
    expect(trust(p3)).toBeLessThan(trust(p4));
    expect(p3?.agreement ?? 1).toBeLessThan(p4?.agreement ?? 0);
    expect(p3?.accuracy ?? 1).toBeLessThan(p4?.accuracy ?? 0);
    expect(five.lowestEvaluatorIds).toEqual(['p3']);
    // Two of ten, at most 3 red: both in.
    const ten = scoreAssignment(
      everyoneReviewsEveryone([1, 2, 3, 4, 5, 1, 2, 3, 4, 5], { p3: sameMark, p4: sameMark }),
    );
    expect(ten.lowestEvaluatorIds).toEqual(['p3', 'p4']);
  });

  it('marks the quota by agreement when more than 30 % tie at trust 0', () => {
    // Four of ten give one fixed mark (1, 5, 2 and 3): all at trust 0 on the red marks' grid
    // (a ten-thousandth), more than the ⌊3⌋ red marks. The three whose mark is furthest from the
    // others' (lowest agreement) are marked; p3's 3, the middle of the scale, stays unmarked.
    const result = scoreAssignment(
      everyoneReviewsEveryone([1, 2, 3, 4, 5, 1, 2, 3, 4, 5], {
        p0: () => 1,
        p1: () => 5,
        p2: () => 2,
        p3: () => 3,
      }),
    );
    const agreement = ['p0', 'p1', 'p2', 'p3'].map((id) => {
      const e = evaluation(result, id);
      expect((e?.agreement ?? 1) * (e?.discrimination ?? 1) ** 2).toBeLessThan(1e-6);
      return e?.agreement ?? 0;
    });
    expect([...agreement].sort((a, b) => a - b)).toEqual(agreement);
    expect(result.lowestEvaluatorIds).toEqual(['p0', 'p1', 'p2']);
    for (const learner of result.learners) {
      expect(learner.evaluation.isLowest).toBe(result.lowestEvaluatorIds.includes(learner.learnerId));
    }
  });

  it('breaks a tie on accuracy and closeness by discrimination', () => {
    // p3 gives 0 to essays of quality 4 and 1 to quality 5: right order, far too low. p4 gives 0
    // to everything. Both are more than half the scale away (closeness 0, accuracy 0); p3's marks
    // follow the others' (discrimination 1), p4's may not (below 1): p4 is the one red mark of ⌊1.5⌋.
    const result = scoreAssignment(
      everyoneReviewsEveryone([4, 5, 4, 5, 4], { p3: (q) => q - 4, p4: () => 0 }),
    );
    expect(evaluation(result, 'p3')).toMatchObject({ accuracy: 0, closeness: 0, discrimination: 1 });
    expect(evaluation(result, 'p4')).toMatchObject({ accuracy: 0, closeness: 0 });
    expect(evaluation(result, 'p4')?.discrimination ?? 1).toBeLessThan(1);
    expect(result.lowestEvaluatorIds).toEqual(['p4']);
  });

  it('marks none of the evaluators tied on trust, agreement and discrimination beyond the 30 %', () => {
    // p3 and p4 both give 3 and both wrote essays of quality 3: they rate essays of the same
    // qualities (1, 2, 3, 3) against the same others, so they tie on every key. Two of five, at
    // most 1 red: neither is marked, and no id decides between them.
    const result = scoreAssignment(everyoneReviewsEveryone([1, 2, 3, 3, 3], { p3: () => 3, p4: () => 3 }));
    const p3 = evaluation(result, 'p3');
    const p4 = evaluation(result, 'p4');
    expect((p3?.agreement ?? 1) * (p3?.discrimination ?? 1) ** 2).toBeLessThan(0.01);
    expect(p3?.accuracy).toBeCloseTo(p4?.accuracy ?? -1, 12);
    expect(p3?.agreement).toBeCloseTo(p4?.agreement ?? -1, 12);
    expect(p3?.discrimination).toBeCloseTo(p4?.discrimination ?? -1, 12);
    expect(result.lowestEvaluatorIds).toEqual([]);
  });

  it('does not mark a reviewer for giving the maximum to essays the others also put at the top (issue 32)', () => {
    // Ten learners, everyone reviews everyone, out of 5: every essay deserves 5 but p9's, a 4.
    // p9 (truthful) gave 5 to the nine essays it read, and p0 gives 5 to everything (one point
    // high on p9's essay). p1, p2 and p3 are truthful except for a 4 on one, two and three essays
    // of 5. The others' marks on p9's and p0's essays vary (the 4s), so the tracking test doubts
    // their unvarying 5s (p0 0.27, p9 0.68), but both are within the tolerance of the others at
    // the top of the scale, where a careful reviewer's marks cannot vary: the doubt is not held
    // against them. Red: p3 alone, the furthest from the others (agreement 0.965; p1, p2, p0 and
    // the truthful reviewers tie at 1 on the grid, too many for the ⌊3⌋ marks). Held against them,
    // p0 (trust 0.08) and the truthful p9 (0.47) were marked beside p3.
    const lowered: Record<string, string[]> = { p1: ['p1'], p2: ['p2', 'p3'], p3: ['p4', 'p5', 'p6'] };
    const ids = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const reviews: Review[] = ids.flatMap((authorId) =>
      ids
        .filter((reviewerId) => reviewerId !== authorId)
        .map((reviewerId) => {
          const quality = authorId === 'p9' ? 4 : 5;
          const point =
            reviewerId === 'p0' ? 5 : (lowered[reviewerId] ?? []).includes(authorId) ? quality - 1 : quality;
          return { reviewerId, authorId, isCompleted: true, responses: [{ standardId: 's0', point }] };
        }),
    );
    const result = scoreAssignment({
      settings: { standards: [{ id: 's0', maxPoint: MAX_POINT }], maxScores: MAX },
      learners: ids.map((id) => ({ id })),
      reviews,
    });
    for (const id of ['p0', 'p9']) {
      expect(evaluation(result, id)?.discrimination ?? 1).toBeLessThan(0.7);
      expect(evaluation(result, id)?.agreement ?? 0).toBeGreaterThan(0.999);
    }
    expect(evaluation(result, 'p3')?.agreement ?? 1).toBeLessThan(0.97);
    expect(result.lowestEvaluatorIds).toEqual(['p3']);
  });

  it('marks the reviewer who gives the maximum to everything, not a careful one with one middle mark (stop 50)', () => {
    // A class of five out of 7, three reviews each (one of the simulation's classes: careful l0 and
    // l4, noisy l1, lenient l2, max-giver l3). l0 gives 3 to three essays the others averaged 3.5,
    // 3.5 and 6.5; l3 gives 7 to three the others averaged 4.5, 6.5 and 4.5. Asked only whether
    // some one mark would fit each reviewer's essays, l0's 3s were the less likely (trust 0.011
    // against 0.040) and l0 took the ⌊1.5⌋ = 1 red mark; judged on the maximum itself, l3's 7s are
    // far less likely than l0's 3s, and l3 is marked. The weights, and so the essay scores, do not
    // change.
    const given: [string, string, number][] = [
      ['l0', 'l2', 3],
      ['l0', 'l3', 3],
      ['l0', 'l4', 3],
      ['l1', 'l0', 5],
      ['l1', 'l2', 4],
      ['l1', 'l3', 2],
      ['l2', 'l1', 7],
      ['l2', 'l3', 5],
      ['l2', 'l4', 6],
      ['l3', 'l0', 7],
      ['l3', 'l1', 7],
      ['l3', 'l4', 7],
      ['l4', 'l0', 4],
      ['l4', 'l1', 6],
      ['l4', 'l2', 3],
    ];
    const result = scoreFiveOnOneStandard(7, given);
    expect(result.lowestEvaluatorIds).toEqual(['l3']);
    // The shown discrimination (the weights' test) still asks whether some one mark would fit.
    expect(evaluation(result, 'l3')?.discrimination ?? 0).toBeGreaterThan(0.2);
  });

  it('between evaluators equally untrusted, marks the one whose marks do not follow the essays before the one furthest away (stop 51)', () => {
    // A class of five on one standard of max 5, three reviews each (one of the simulation's
    // classes: careful l0 and l1, noisy l2, lenient l3, max-giver l4). l2's 1, 0, 4 are so far from
    // the others that its agreement is 0, though they follow the essays; l4's 5, 5, 5 on essays
    // the others put at 1.5, 3 and 3.5 hardly could (held discrimination near 0). Both trusts are
    // 0 on the 1e-4 grid: ordered by agreement next, the noisy l2 took the one red mark; by the
    // doubt next, the max-giver l4 takes it.
    const given: [string, string, number][] = [
      ['l0', 'l1', 3],
      ['l0', 'l2', 3],
      ['l0', 'l4', 2],
      ['l1', 'l0', 4],
      ['l1', 'l3', 3],
      ['l1', 'l4', 2],
      ['l2', 'l0', 1],
      ['l2', 'l1', 0],
      ['l2', 'l3', 4],
      ['l3', 'l0', 4],
      ['l3', 'l2', 3],
      ['l3', 'l4', 3],
      ['l4', 'l1', 5],
      ['l4', 'l2', 5],
      ['l4', 'l3', 5],
    ];
    const result = scoreFiveOnOneStandard(5, given);
    const noisy = evaluation(result, 'l2');
    const maxGiver = evaluation(result, 'l4');
    expect(noisy?.trust ?? 1).toBeLessThan(1e-4 / 2);
    expect(maxGiver?.trust ?? 1).toBeLessThan(1e-4 / 2);
    expect(noisy?.agreement ?? 1).toBeLessThan(maxGiver?.agreement ?? 0);
    expect(result.lowestEvaluatorIds).toEqual(['l4']);
  });

  it('still marks a single same-mark reviewer in a larger class', () => {
    // One of ten near trust 0; the nine truthful reviewers tie at 1 on the red marks' grid
    // (they differ by less than a ten-thousandth), too many to mark.
    const result = scoreAssignment(everyoneReviewsEveryone([1, 2, 3, 4, 5, 1, 2, 3, 4, 5], { p6: () => 3 }));
    const p6 = evaluation(result, 'p6');
    expect((p6?.agreement ?? 1) * (p6?.discrimination ?? 1) ** 2).toBeLessThan(1e-6);
    expect(result.lowestEvaluatorIds).toEqual(['p6']);
  });
});
