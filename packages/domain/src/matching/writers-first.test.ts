import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatching, matchWritersFirst } from './create-matching';
import type { MatchingParticipant, MatchingResult } from './types';

// The issue-36 class: 30 learners, 4 of them wrote.
const classOf = (size: number, writers: number): MatchingParticipant[] =>
  Array.from({ length: size }, (_, i) => ({ id: `p${String(i).padStart(2, '0')}`, hasEssay: i < writers }));

const loadsOf = (result: MatchingResult) => {
  const loads = new Map<string, number>();
  for (const p of result.pairs) loads.set(p.reviewerId, (loads.get(p.reviewerId) ?? 0) + 1);
  return loads;
};
const reviewersOf = (result: MatchingResult, author: string) =>
  result.pairs.filter((p) => p.authorId === author).length;

describe('matchWritersFirst', () => {
  it('with 4 essays of 30, the four writers review each other and nobody else reviews', () => {
    const participants = classOf(30, 4);
    const writers = participants.filter((p) => p.hasEssay).map((p) => p.id);
    const result = matchWritersFirst({ participants, peerCount: 3, seed: 'assignment-7' });
    const loads = loadsOf(result);
    expect([...loads.keys()].sort()).toEqual(writers);
    for (const w of writers) {
      expect(loads.get(w)).toBe(3);
      expect(reviewersOf(result, w)).toBe(3);
    }
    expect(result.shortfalls).toEqual([]);
    // The engine alone (everyone a reviewer) spreads the twelve reviews over the whole class.
    const old = loadsOf(createMatching({ participants, peerCount: 3, seed: 'assignment-7' }));
    expect([...old.keys()].some((r) => !writers.includes(r))).toBe(true);
  });

  it('lets non-writers review after the writers when the instructor chose so', () => {
    const participants = classOf(10, 4);
    const result = matchWritersFirst({ participants, peerCount: 2, seed: 3, nonWritersReview: true });
    const loads = loadsOf(result);
    for (const p of participants) expect(loads.get(p.id)).toBe(2);
    // Writers still review writers as they would alone.
    const alone = matchWritersFirst({ participants, peerCount: 2, seed: 3 });
    expect(result.pairs).toEqual(expect.arrayContaining(alone.pairs));
    for (const p of result.pairs) expect(participants.find((x) => x.id === p.authorId)?.hasEssay).toBe(true);
  });

  it('covers essays the writers cannot with non-writers first', () => {
    // Two writers and a count of 3: each writer can only review the other.
    const participants = classOf(6, 2);
    const result = matchWritersFirst({ participants, peerCount: 3, seed: 1, nonWritersReview: true });
    expect(reviewersOf(result, 'p00')).toBeGreaterThanOrEqual(3);
    expect(reviewersOf(result, 'p01')).toBeGreaterThanOrEqual(3);
    expect(result.shortfalls).toEqual([]);
    const without = matchWritersFirst({ participants, peerCount: 3, seed: 1 });
    expect(without.pairs).toHaveLength(2);
    expect(without.shortfalls.map((s) => s.assigned)).toEqual([1, 1]);
  });

  it('never matches anyone who may not review, nor an author without an essay; same seed, same result', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 120 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (size, peerCount, seed, writerShare, nonWritersReview) => {
          const participants = Array.from({ length: size }, (_, i) => ({
            id: `p${i}`,
            hasEssay: (i * 7919) % 100 < writerShare * 100,
          }));
          const result = matchWritersFirst({ participants, peerCount, seed, nonWritersReview });
          const writers = participants.filter((p) => p.hasEssay);
          const loads = loadsOf(result);
          for (const pair of result.pairs) {
            expect(pair.reviewerId).not.toBe(pair.authorId);
            expect(writers.some((w) => w.id === pair.authorId)).toBe(true);
            if (!nonWritersReview) expect(writers.some((w) => w.id === pair.reviewerId)).toBe(true);
          }
          // Every writer reviews whenever another essay exists.
          if (writers.length > 1) for (const w of writers) expect(loads.get(w.id) ?? 0).toBeGreaterThan(0);
          expect(new Set(result.pairs.map((p) => `${p.reviewerId}>${p.authorId}`)).size).toBe(
            result.pairs.length,
          );
          expect(
            matchWritersFirst({
              participants: [...participants].reverse(),
              peerCount,
              seed,
              nonWritersReview,
            }),
          ).toEqual(result);
        },
      ),
      { numRuns: 60 },
    );
  });
});
