import { describe, expect, it } from 'vitest';
import { estimateReliability, scoreEvaluationAbility } from './evaluation-ability';
import { prepareRatings } from './ratings';
import type { Review } from './types';

const standards = [{ id: 's', maxPoint: 5 }];
const rate = (reviewerId: string, authorId: string, point: number, editedPoint?: number): Review => ({
  reviewerId,
  authorId,
  isCompleted: true,
  responses: [{ standardId: 's', point, editedPoint }],
});

// Five essays of quality 1..5; reviewers r1..r3 rate every essay truthfully unless told otherwise.
function classOf(overrides: Record<string, (quality: number) => number>) {
  const authors = ['e1', 'e2', 'e3', 'e4', 'e5'];
  const reviewers = ['r1', 'r2', 'r3', 'r4'];
  const reviews = authors.flatMap((authorId, i) =>
    reviewers.map((reviewerId) => rate(reviewerId, authorId, (overrides[reviewerId] ?? ((q) => q))(i + 1))),
  );
  const everyone = [...authors, ...reviewers].map((id) => ({ id }));
  return prepareRatings({
    settings: { standards, maxScores: {} },
    learners: everyone,
    reviews,
  });
}

describe('estimateReliability', () => {
  it('gives truthful reviewers full accuracy and equal weight', () => {
    const { records, models } = estimateReliability(classOf({}));
    for (const id of ['r1', 'r2', 'r3', 'r4']) {
      expect(records.get(id)?.accuracy).toBeCloseTo(1, 12);
      expect(models.get(id)?.weight).toBeCloseTo(1, 12);
      expect(models.get(id)?.leniency).toBeCloseTo(0, 12);
    }
  });

  it('puts a same-mark reviewer last, at 0, with the lowest weight', () => {
    const { records, models } = estimateReliability(classOf({ r4: () => 3 }));
    const weight = (id: string) => models.get(id)?.weight ?? 0;
    const r4 = records.get('r4');
    expect(r4?.discrimination).toBe(0);
    expect(r4?.accuracy).toBe(0);
    for (const id of ['r1', 'r2', 'r3']) {
      expect(records.get(id)?.accuracy ?? 0).toBeGreaterThan(0.9);
      expect(weight(id)).toBeGreaterThan(weight('r4'));
    }
    // Marks that never vary carry no information: the lowest weight there is.
    expect(weight('r4')).toBe(0.01);
    for (const id of ['r1', 'r2', 'r3']) {
    }
  });

  it('judges each reviewer against the others only (leave-one-out)', () => {
    // r4 rates every essay one point high: against the others it is always +1 point (0.2).
    const { records } = estimateReliability(classOf({ r4: (q) => Math.min(5, q + 1) }));
    const r4 = records.get('r4');
    expect(r4?.comparedEssays).toBe(5);
    expect(r4?.comparedReviews).toBe(15);
    expect(r4?.closeness).toBeLessThan(1);
    expect(records.get('r1')?.closeness).toBeGreaterThan(r4?.closeness ?? 1);
  });

  it('pulls the consensus towards an instructor taking part as a learner', () => {
    const table = prepareRatings({
      settings: { standards, maxScores: {} },
      learners: [
        { id: 'e4' },
        { id: 'e5' },
        { id: 'r1' },
        { id: 'r2' },
        { id: 'prof', isInstructorLearner: true },
      ],
      reviews: [
        rate('r1', 'e5', 1),
        rate('r2', 'e5', 1),
        rate('prof', 'e5', 5),
        rate('r1', 'e4', 1),
        rate('prof', 'e4', 4),
      ],
    });
    const { models, consensus } = estimateReliability(table);
    expect(models.get('prof')?.weight).toBe(3);
    expect(models.get('prof')?.leniency).toBe(0);
    // Three average peers' worth against two peers: far above the plain mean of 0.47.
    expect(consensus.get('e5')?.[0] ?? 0).toBeGreaterThan(0.6);
  });

  it('judges a reviewer on their own point, while the essay gets the instructor’s edit', () => {
    const table = prepareRatings({
      settings: { standards, maxScores: {} },
      learners: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      reviews: [rate('b', 'a', 1, 5), rate('c', 'a', 5)],
    });
    const { records, consensus } = estimateReliability(table);
    expect(consensus.get('a')?.[0]).toBeCloseTo(1, 12);
    // b gave 1 where c gave 5: 0.8 of the scale off, the edit does not hide it.
    expect(records.get('b')?.closeness).toBe(0);
  });
});

describe('scoreEvaluationAbility', () => {
  const record = (accuracy: number | null) => ({
    sums: {
      count: 0,
      excessSquares: 0,
      squares: 0,
      rounding: 0,
      consensusVariance: 0,
      perStandard: [],
    },
    comparedEssays: accuracy === null ? 0 : 3,
    comparedReviews: accuracy === null ? 0 : 6,
    closeness: accuracy,
    measuredDiscrimination: accuracy === null ? null : 1,
    discrimination: accuracy === null ? null : 1,
    accuracy,
    meanSquaredDeviation: null,
  });

  it('is max × accuracy × completed share', () => {
    expect(scoreEvaluationAbility(15, record(0.8), 3, 3, 0.5)).toEqual({ value: 12, isStandIn: false });
    expect(scoreEvaluationAbility(15, record(0.8), 3, 2, 0.5).value).toBeCloseTo(8, 10);
  });

  it('uses the class-average accuracy as a flagged stand-in when nothing could be compared', () => {
    expect(scoreEvaluationAbility(15, record(null), 3, 3, 0.6)).toEqual({ value: 9, isStandIn: true });
    expect(scoreEvaluationAbility(15, undefined, 1, 1, null)).toEqual({ value: 15, isStandIn: true });
  });

  it('is 0 for a learner who completed no review', () => {
    expect(scoreEvaluationAbility(15, undefined, 3, 0, 0.6)).toEqual({ value: 0, isStandIn: false });
    expect(scoreEvaluationAbility(15, undefined, 0, 0, 0.6)).toEqual({ value: 0, isStandIn: false });
  });
});
