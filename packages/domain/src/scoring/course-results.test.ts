import { describe, expect, it } from 'vitest';
import { computeConversionScore, computeStandardScores, countNotPerformed } from './course-results';

describe('computeConversionScore', () => {
  const totals = [
    { assignmentId: 'a1', total: 80 },
    { assignmentId: 'a2', total: 60 },
    { assignmentId: 'a3', total: null },
  ];

  it('weights each assignment total (out of 100) by its weight', () => {
    // 0.5 × 80 + 0.3 × 60 + 0.2 × 0 = 58
    const weights = [
      { assignmentId: 'a1', weight: 50 },
      { assignmentId: 'a2', weight: 30 },
      { assignmentId: 'a3', weight: 20 },
    ];
    expect(computeConversionScore(weights, totals)).toBe(58);
  });

  it('scales weights that sum to less than 100 and treats all-zero weights as equal', () => {
    expect(
      computeConversionScore(
        [
          { assignmentId: 'a1', weight: 30 },
          { assignmentId: 'a2', weight: 10 },
        ],
        totals,
      ),
    ).toBe(75);
    expect(
      computeConversionScore(
        [
          { assignmentId: 'a1', weight: 0 },
          { assignmentId: 'a2', weight: 0 },
        ],
        totals,
      ),
    ).toBe(70);
    expect(computeConversionScore([], totals)).toBe(0);
  });

  it('uses each assignment’s own maximum when it is not 100', () => {
    expect(
      computeConversionScore(
        [{ assignmentId: 'x', weight: 100 }],
        [{ assignmentId: 'x', total: 45, maxTotal: 50 }],
      ),
    ).toBe(90);
  });
});

describe('countNotPerformed', () => {
  it('counts unfinished performances per unit in order of appearance', () => {
    expect(
      countNotPerformed([
        { unit: 'ES', isCompleted: true },
        { unit: 'PE', isCompleted: false },
        { unit: 'ES', isCompleted: false },
        { unit: 'PE', isCompleted: false },
        { unit: 'FE', isCompleted: true },
      ]),
    ).toEqual([
      { unit: 'ES', notPerformed: 1, total: 2 },
      { unit: 'PE', notPerformed: 2, total: 2 },
      { unit: 'FE', notPerformed: 0, total: 1 },
    ]);
  });
});

describe('computeStandardScores', () => {
  it('maps totals to 50 + 10 z', () => {
    // Mean 70, population sd 10.
    expect(
      computeStandardScores([
        { learnerId: 'a', total: 60 },
        { learnerId: 'b', total: 80 },
      ]),
    ).toEqual([
      { learnerId: 'a', standardScore: 40 },
      { learnerId: 'b', standardScore: 60 },
    ]);
  });

  it('gives everyone 50 when all totals are equal and stays within 0..100', () => {
    expect(computeStandardScores([{ learnerId: 'a', total: 70 }])).toEqual([
      { learnerId: 'a', standardScore: 50 },
    ]);
    const many = [
      ...Array.from({ length: 99 }, (_, i) => ({ learnerId: `p${i}`, total: 50 })),
      { learnerId: 'top', total: 100 },
    ];
    const top = computeStandardScores(many).find((s) => s.learnerId === 'top');
    expect(top?.standardScore).toBe(100);
  });
});
