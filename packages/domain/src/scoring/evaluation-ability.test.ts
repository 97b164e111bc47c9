import { describe, expect, it } from 'vitest';
import { TRACKING_WEIGHT_FLOOR } from './constants';
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
      // Closeness approaches 1 through a softplus: within a hundred-thousandth of it.
      expect(records.get(id)?.accuracy ?? 0).toBeGreaterThan(0.99999);
      expect(records.get(id)?.discrimination).toBe(1);
      expect(models.get(id)?.weight).toBeCloseTo(1, 12);
      expect(models.get(id)?.leniency).toBeCloseTo(0, 12);
    }
  });

  it('puts a same-mark reviewer last, with trust near 0 and the lowest weight', () => {
    const { records, models } = estimateReliability(classOf({ r4: () => 3 }));
    const weight = (id: string) => models.get(id)?.weight ?? 0;
    const r4 = records.get('r4');
    // 3 for essays the others rate 1..5: a careful reviewer would almost never give that.
    expect(r4?.discrimination ?? 1).toBeLessThan(1e-3);
    expect(r4?.trust ?? 1).toBeLessThan(1e-3);
    // The score is the closeness: 3 is two points from the essays rated 1 and 5, one from 2 and 4.
    expect(r4?.accuracy).toBe(r4?.closeness);
    expect(r4?.accuracy ?? 1).toBeLessThan(0.6);
    for (const id of ['r1', 'r2', 'r3']) {
      expect(records.get(id)?.accuracy ?? 0).toBeGreaterThan(0.9);
      expect(weight(id)).toBeGreaterThan(weight('r4'));
    }
    // Marks that never vary say nothing about which essay is better, but the doubt can only
    // halve a reviewer's precision (TRACKING_WEIGHT_FLOOR): r4 weighs half of what its variance
    // alone would give, r1 (tracking probability 1) all of it.
    const precision = (id: string) => weight(id) * (models.get(id)?.variance ?? 0);
    expect(precision('r4') / precision('r1')).toBeCloseTo(TRACKING_WEIGHT_FLOOR, 9);
    expect(weight('r4')).toBeGreaterThan(0.01);
  });

  it('keeps an essay near two reviewers who agree when a trusted third gives it 0', () => {
    // The real class's case (docs/scoring.md section 3, "The doubt halves a weight at most"):
    // m1 and m2 give the maximum to every essay, including e2..e5, which the others rate 4, 3, 2
    // and 4, 3; on e0 both give 5 and t0 gives 0. Their marks never vary, so the tracking test
    // doubts them (m1 below 0.1), but e0 must not be left to t0 alone.
    const authors = ['e0', 'e1', 'e2', 'e3', 'e4', 'e5'];
    const others = [4, 3, 2];
    const reviews = [
      rate('m1', 'e0', 5),
      rate('m2', 'e0', 5),
      rate('t0', 'e0', 0),
      ...['e1', 'e2', 'e3'].flatMap((authorId, i) => [
        rate('m1', authorId, 5),
        rate('t1', authorId, others[i] ?? 0),
        rate('t2', authorId, others[i] ?? 0),
      ]),
      ...['e4', 'e5'].flatMap((authorId, i) => [
        rate('m2', authorId, 5),
        rate('t1', authorId, others[i] ?? 0),
        rate('t0', authorId, others[i] ?? 0),
      ]),
    ];
    const table = prepareRatings({
      settings: { standards, maxScores: {} },
      learners: [...authors, 'm1', 'm2', 't0', 't1', 't2'].map((id) => ({ id })),
      reviews,
    });
    const { records, consensus } = estimateReliability(table);
    expect(records.get('m1')?.discrimination ?? 1).toBeLessThan(0.1);
    expect(records.get('m2')?.discrimination ?? 1).toBeLessThan(0.5);
    // 0.75 of the scale; weighted by the doubt in full (no floor) it was 0.27, near t0's 0.
    expect(consensus.get('e0')?.[0] ?? 0).toBeGreaterThan(0.6);
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

  it('an assistant’s fill-in review (a staff reviewer, not a learner) is an anchor like the instructor’s', () => {
    const reviews = [
      rate('r1', 'e5', 1),
      rate('r2', 'e5', 1),
      rate('ta', 'e5', 5),
      rate('r1', 'e4', 1),
      rate('ta', 'e4', 4),
    ];
    const learners = [{ id: 'e4' }, { id: 'e5' }, { id: 'r1' }, { id: 'r2' }];
    const staff = prepareRatings({
      settings: { standards, maxScores: {} },
      learners,
      reviews,
      anchorReviewerIds: ['ta'],
    });
    expect(staff.anchorIds.has('ta')).toBe(true);
    // Not a learner: no report, no rank of their own.
    expect(staff.learners.map((l) => l.id)).not.toContain('ta');
    const anchored = estimateReliability(staff);
    expect(anchored.models.get('ta')?.weight).toBe(3);
    expect(anchored.models.get('ta')?.leniency).toBe(0);
    expect(anchored.consensus.get('e5')?.[0] ?? 0).toBeGreaterThan(0.6);
    // The same review without the mark weighs as a peer's: the consensus stays lower.
    const plain = estimateReliability(
      prepareRatings({ settings: { standards, maxScores: {} }, learners, reviews }),
    );
    expect(plain.models.get('ta')?.weight ?? 0).toBeLessThan(3);
    expect(plain.consensus.get('e5')?.[0] ?? 1).toBeLessThan(anchored.consensus.get('e5')?.[0] ?? 0);
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

describe('leniency, error variance and weights', () => {
  it('takes a lenient reviewer’s leniency off their marks, so authors are not favoured by chance', () => {
    // r4 gives every essay one point more than it is worth (5 stays 5).
    const table = classOf({ r4: (q) => Math.min(5, q + 1) });
    const { models, consensus } = estimateReliability(table);
    // +1 point (0.2) on four of five essays, shrunk by 8 ratings' worth of "no leniency":
    // about 0.8 / 13 = 0.06.
    expect(models.get('r4')?.leniency ?? 0).toBeGreaterThan(0.05);
    for (const id of ['r1', 'r2', 'r3']) {
      expect(Math.abs(models.get(id)?.leniency ?? 1)).toBeLessThan(0.02);
      expect(models.get(id)?.weight ?? 0).toBeGreaterThan(models.get('r4')?.weight ?? 1);
    }
    // Essay e2 is worth 2 (0.4): the plain mean of 2, 2, 2, 3 is 0.45; the consensus is closer.
    const e2 = consensus.get('e2')?.[0] ?? 0;
    expect(Math.abs(e2 - 0.4)).toBeLessThan(0.45 - 0.4);
    expect(e2).toBeGreaterThanOrEqual(0.4);
  });

  it('takes an instructor’s edited point as it is, without the reviewer’s leniency', () => {
    const lenient = (q: number) => Math.min(5, q + 1);
    const plain = estimateReliability(classOf({ r4: lenient }));
    // The instructor sets r4's point on e2 to the very mark r4 gave (3): it now counts as given.
    const reviews = ['e1', 'e2', 'e3', 'e4', 'e5'].flatMap((authorId, i) =>
      ['r1', 'r2', 'r3', 'r4'].map((reviewerId) => {
        const q = i + 1;
        const point = reviewerId === 'r4' ? lenient(q) : q;
        return rate(
          reviewerId,
          authorId,
          point,
          reviewerId === 'r4' && authorId === 'e2' ? point : undefined,
        );
      }),
    );
    const edited = estimateReliability(
      prepareRatings({
        settings: { standards, maxScores: {} },
        learners: ['e1', 'e2', 'e3', 'e4', 'e5', 'r1', 'r2', 'r3', 'r4'].map((id) => ({ id })),
        reviews,
      }),
    );
    expect(edited.consensus.get('e2')?.[0] ?? 0).toBeGreaterThan(plain.consensus.get('e2')?.[0] ?? 1);
    // The reviewer is still judged, and corrected elsewhere, on their own marks.
    expect(edited.models.get('r4')?.leniency).toBeCloseTo(plain.models.get('r4')?.leniency ?? 0, 2);
    expect(edited.consensus.get('e3')?.[0]).toBeCloseTo(plain.consensus.get('e3')?.[0] ?? 0, 2);
  });

  it('blames the reviewer who disagrees with everyone, not the co-reviewers they disagreed with', () => {
    // Two reviewers per essay on a ring: x rates its two essays 4 points off; its co-reviewers
    // agree with their other co-reviewers. Each co-reviewer shares one bad essay with x.
    const authors = ['a', 'b', 'c', 'd', 'e', 'f'];
    const quality: Record<string, number> = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 3 };
    const ring = ['x', 'p', 'q', 'r', 's', 't'];
    const reviews: Review[] = [];
    authors.forEach((authorId, i) => {
      for (const reviewerId of [ring[i] ?? '', ring[(i + 1) % 6] ?? '']) {
        const q = quality[authorId] ?? 3;
        reviews.push(rate(reviewerId, authorId, reviewerId === 'x' ? (q <= 2 ? q + 3 : q - 3) : q));
      }
    });
    const table = prepareRatings({
      settings: { standards, maxScores: {} },
      learners: [...authors, ...ring].map((id) => ({ id })),
      reviews,
    });
    const { models, records } = estimateReliability(table);
    const weight = (id: string) => models.get(id)?.weight ?? 0;
    // With two ratings each the evidence is thin and every figure is pulled towards the class, but
    // the order is clear: x lowest, then x's two co-reviewers, then the others.
    for (const id of ['p', 't']) expect(weight(id)).toBeGreaterThan(weight('x'));
    for (const id of ['q', 'r', 's']) expect(weight(id)).toBeGreaterThan(weight('p'));
    // x's co-reviewers (t on essay a, p on essay b) lose some closeness, but x loses most.
    expect(records.get('x')?.closeness ?? 1).toBeLessThan(records.get('p')?.closeness ?? 0);
    expect(records.get('x')?.closeness ?? 1).toBeLessThan(records.get('t')?.closeness ?? 0);
  });

  it('shrinks leniency by essays, not ratings: one essay of five standards is one piece of evidence', () => {
    // r4 gives one point more on every standard of the one essay it shares with r1: five ratings,
    // but one essay, so the leniency keeps 1 ÷ (1 + 6) of the measured deviation, not 5 ÷ (5 + 8).
    const five = Array.from({ length: 5 }, (_, i) => ({ id: `s${i}`, maxPoint: 5 }));
    const review = (reviewerId: string, authorId: string, point: number): Review => ({
      reviewerId,
      authorId,
      isCompleted: true,
      responses: five.map((st) => ({ standardId: st.id, point })),
    });
    const table = prepareRatings({
      settings: { standards: five, maxScores: {} },
      learners: ['a', 'r1', 'r4'].map((id) => ({ id })),
      reviews: [review('r1', 'a', 2), review('r4', 'a', 3)],
    });
    const { models, records } = estimateReliability(table);
    expect(records.get('r4')?.comparedEssays).toBe(1);
    const leniency = models.get('r4')?.leniency ?? 0;
    expect(leniency).toBeGreaterThan(0);
    // The measured deviation is at most one point (0.2); one essay keeps at most a seventh of it.
    expect(leniency).toBeLessThanOrEqual(0.2 / 7 + 1e-12);
  });
});

describe('tracking: do the marks follow the essays? (issue 17, items 1, 3 and 4)', () => {
  it('takes nothing off marks that follow the others only half as steeply', () => {
    // r4 compresses the scale (2, 2, 3, 3, 4 for qualities 1..5): a slope of about 0.5. That is
    // no evidence of marks that ignore the essays, so discrimination stays 1 and accuracy is the
    // closeness alone.
    const { records } = estimateReliability(classOf({ r4: (q) => [2, 2, 3, 3, 4][q - 1] ?? 3 }));
    const r4 = records.get('r4');
    expect(r4?.measuredDiscrimination ?? 0).toBeGreaterThan(0.25);
    expect(r4?.measuredDiscrimination ?? 1).toBeLessThan(1);
    expect(r4?.discrimination).toBe(1);
    expect(r4?.accuracy).toBe(r4?.closeness);
  });

  it('gives next to no trust to marks that move against the others over five essays', () => {
    // r4 marks every essay 6 − quality: 5 for the weakest, 1 for the best.
    const { records } = estimateReliability(classOf({ r4: (q) => 6 - q }));
    const r4 = records.get('r4');
    expect(r4?.slope ?? 0).toBeLessThanOrEqual(-0.5);
    expect(r4?.measuredDiscrimination).toBe(0);
    expect(r4?.discrimination ?? 1).toBeLessThan(1e-3);
    expect(r4?.trust ?? 1).toBeLessThan(1e-3);
    // Four points off on the extreme essays: the closeness (the score) is low on its own.
    expect(r4?.accuracy ?? 1).toBeLessThan(0.1);
  });

  it('keeps most of the credit for a reversed pair over two essays (a coin flip)', () => {
    // Ring of four, two reviewers per essay: w ranks its two essays the wrong way round, each a
    // point from the co-reviewer's mark. Two essays cannot tell a contrarian from chance.
    const rows: [string, string, number][] = [
      ['w', 'e1', 3],
      ['w', 'e2', 4],
      ['x', 'e2', 2],
      ['x', 'e3', 4],
      ['y', 'e3', 4],
      ['y', 'e4', 3],
      ['z', 'e4', 3],
      ['z', 'e1', 4],
    ];
    const table = prepareRatings({
      settings: { standards, maxScores: {} },
      learners: ['e1', 'e2', 'e3', 'e4', 'w', 'x', 'y', 'z'].map((id) => ({ id })),
      reviews: rows.map(([reviewerId, authorId, point]) => rate(reviewerId, authorId, point)),
    });
    const w = estimateReliability(table).records.get('w');
    expect(w?.comparedEssays).toBe(2);
    expect(w?.measuredDiscrimination).toBe(0);
    expect(w?.discrimination ?? 0).toBeGreaterThan(0.5);
    expect(w?.accuracy ?? 0).toBeGreaterThan(0);
  });

  it('keeps most of the credit for the same marks on essays the others rate alike', () => {
    // Out of 10, z gives 5 and 5 where the others gave 4 and 5, and 5 and 5: essays half a point
    // apart. A careful reviewer often gives one mark there too, so little is taken off.
    const ten = [{ id: 's', maxPoint: 10 }];
    const table = prepareRatings({
      settings: { standards: ten, maxScores: {} },
      learners: ['e1', 'e2', 'z', 'a', 'b'].map((id) => ({ id })),
      reviews: [
        rate('z', 'e1', 5),
        rate('a', 'e1', 4),
        rate('b', 'e1', 5),
        rate('z', 'e2', 5),
        rate('a', 'e2', 5),
        rate('b', 'e2', 5),
      ],
    });
    const z = estimateReliability(table).records.get('z');
    expect(z?.discrimination ?? 0).toBeGreaterThan(0.7);
    expect(z?.accuracy ?? 0).toBeGreaterThan(0.7);
    // Where the others gave both essays the very same marks, nothing at all is taken off.
    const same = prepareRatings({
      settings: { standards: ten, maxScores: {} },
      learners: ['e1', 'e2', 'z', 'a', 'b'].map((id) => ({ id })),
      reviews: [
        rate('z', 'e1', 5),
        rate('a', 'e1', 5),
        rate('b', 'e1', 5),
        rate('z', 'e2', 5),
        rate('a', 'e2', 5),
        rate('b', 'e2', 5),
      ],
    });
    expect(estimateReliability(same).records.get('z')?.discrimination).toBe(1);
  });
});

describe('red-mark trust at the top of the scale (issue 32)', () => {
  // Four essays, one standard: m and a give every essay the same mark, b one point less on e3.
  function topClass(maxPoint: number, mark: number) {
    const rows: [string, string, number][] = ['e1', 'e2', 'e3', 'e4'].flatMap((essay) => [
      ['m', essay, mark] as [string, string, number],
      ['a', essay, mark] as [string, string, number],
      ['b', essay, essay === 'e3' ? mark - 1 : mark] as [string, string, number],
    ]);
    return prepareRatings({
      settings: { standards: [{ id: 's', maxPoint }], maxScores: {} },
      learners: ['e1', 'e2', 'e3', 'e4', 'm', 'a', 'b'].map((id) => ({ id })),
      reviews: rows.map(([reviewerId, authorId, point]) => ({
        reviewerId,
        authorId,
        isCompleted: true,
        responses: [{ standardId: 's', point }],
      })),
    });
  }

  it('does not hold the tracking doubt against the maximum where the others put the essays at the top too', () => {
    // Out of 3, m gives 3 everywhere; the others gave 3 and 3, except b's 2 on e3. b's lower mark
    // makes a careful reviewer's 3 on e3 less likely, so the tracking test doubts m a little; m is
    // within the tolerance of the others, at the top of the scale, where a careful reviewer's
    // marks cannot vary either: trust is the agreement, above b's, who strayed.
    const { records } = estimateReliability(topClass(3, 3));
    const m = records.get('m');
    const b = records.get('b');
    expect(m?.discrimination ?? 1).toBeLessThan(0.95);
    expect(m?.heldDiscrimination).toBe(1);
    expect(m?.trust).toBe(m?.agreement);
    expect(m?.trust ?? 0).toBeGreaterThan(b?.trust ?? 1);
    // The score and the report are not touched: the accuracy is the closeness, the
    // discrimination is the tracking test's.
    expect(m?.accuracy).toBe(m?.closeness);
  });

  it('keeps the doubt for the same marks one below the top', () => {
    // The same marks out of 4: 3 is not the top, a careful reviewer could have marked e1 4 and
    // e3 2, and trust takes the doubt twice, below b's.
    const { records } = estimateReliability(topClass(4, 3));
    const m = records.get('m');
    const b = records.get('b');
    expect(m?.discrimination ?? 1).toBeLessThan(0.95);
    expect(m?.heldDiscrimination).toBe(m?.discrimination);
    expect(m?.trust ?? 1).toBeCloseTo((m?.agreement ?? 0) * (m?.discrimination ?? 0) ** 2, 12);
    expect(m?.trust ?? 1).toBeLessThan(b?.trust ?? 0);
  });
});

describe('per-review robustness (issue 17, item 5)', () => {
  it("weighs one wildly deviating rating less than the same reviewer's other ratings", () => {
    // Five essays of quality 1..5, three truthful reviewers; r4 is truthful except for a 5 on the
    // weakest essay e1. That one rating is far beyond r4's error and the others' uncertainty, so
    // it keeps only part of r4's weight: e1's consensus stays nearer the others' 1 than a
    // reliability weight alone would put it.
    const table = classOf({ r4: (q) => (q === 1 ? 5 : q) });
    const robust = estimateReliability(table).consensus.get('e1')?.[0] ?? 1;
    // With every reviewer weighed by reliability only (one round: before any robustness applies).
    const plain = estimateReliability(table, 0).consensus.get('e1')?.[0] ?? 1;
    expect(robust).toBeLessThan(plain);
    // In points: the others gave 1; the plain mean is (1 + 1 + 1 + 5) / 4 = 2.
    expect(robust * 5).toBeLessThan(1.5);
  });
});

describe('scoreEvaluationAbility', () => {
  const record = (accuracy: number | null) => ({
    sums: {
      count: 0,
      excessSquares: 0,
      squares: 0,
      plainSquares: 0,
      plainDistance: 0,
      expectedSquares: 0,
      comparisons: null,
      rounding: 0,
      consensusVariance: 0,
      perStandard: [],
    },
    comparedEssays: accuracy === null ? 0 : 3,
    comparedReviews: accuracy === null ? 0 : 6,
    closeness: accuracy,
    agreement: accuracy,
    slope: accuracy === null ? null : 1,
    measuredDiscrimination: accuracy === null ? null : 1,
    discrimination: accuracy === null ? null : 1,
    heldDiscrimination: accuracy === null ? null : 1,
    accuracy,
    trust: accuracy,
  });

  const classAverage = (accuracy: number) => ({ accuracy, basis: 'classAverage' as const });
  const neutral = { accuracy: 0.5, basis: 'neutral' as const };

  it('is max × accuracy × completed share', () => {
    expect(scoreEvaluationAbility(15, record(0.8), 3, 3, classAverage(0.5))).toEqual({
      value: 12,
      isStandIn: false,
      accuracy: 0.8,
      basis: 'own',
    });
    expect(scoreEvaluationAbility(15, record(0.8), 3, 2, classAverage(0.5)).value).toBeCloseTo(8, 10);
  });

  it('uses the stand-in accuracy, flagged, when nothing could be compared', () => {
    expect(scoreEvaluationAbility(15, record(null), 3, 3, classAverage(0.6))).toEqual({
      value: 9,
      isStandIn: true,
      accuracy: 0.6,
      basis: 'classAverage',
    });
    // Never an unknown accuracy taken as 1: the neutral half, times the completed share.
    expect(scoreEvaluationAbility(15, undefined, 1, 1, neutral)).toEqual({
      value: 7.5,
      isStandIn: true,
      accuracy: 0.5,
      basis: 'neutral',
    });
  });

  it('is 0 for a learner who completed no review', () => {
    const none = { value: 0, isStandIn: false, accuracy: null, basis: 'none' };
    expect(scoreEvaluationAbility(15, undefined, 3, 0, classAverage(0.6))).toEqual(none);
    expect(scoreEvaluationAbility(15, undefined, 0, 0, classAverage(0.6))).toEqual(none);
  });
});
