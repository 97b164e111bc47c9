import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatching } from './create-matching';
import type { MatchingPair, MatchingParticipant, MatchingResult } from './types';

const everyone = (ids: string[]): MatchingParticipant[] => ids.map((id) => ({ id, hasEssay: true }));

// Checks the promises of a fresh matching and returns per-author and per-reviewer counts.
function expectSoundMatching(participants: MatchingParticipant[], peerCount: number, result: MatchingResult) {
  const reviewers = participants.filter((p) => p.canReview !== false).map((p) => p.id);
  const authors = participants.filter((p) => p.hasEssay).map((p) => p.id);
  const keys = new Set(result.pairs.map((p) => `${p.reviewerId}>${p.authorId}`));
  expect(keys.size).toBe(result.pairs.length);
  const perAuthor = new Map(authors.map((id) => [id, 0]));
  const perReviewer = new Map(reviewers.map((id) => [id, 0]));
  for (const pair of result.pairs) {
    expect(pair.reviewerId).not.toBe(pair.authorId);
    expect(perAuthor.has(pair.authorId)).toBe(true);
    expect(perReviewer.has(pair.reviewerId)).toBe(true);
    perAuthor.set(pair.authorId, (perAuthor.get(pair.authorId) ?? 0) + 1);
    perReviewer.set(pair.reviewerId, (perReviewer.get(pair.reviewerId) ?? 0) + 1);
  }
  const reviewerSet = new Set(reviewers);
  for (const authorId of authors) {
    const others = reviewers.length - (reviewerSet.has(authorId) ? 1 : 0);
    expect(perAuthor.get(authorId)).toBe(Math.min(peerCount, others));
  }
  const short = authors.filter((id) => (perAuthor.get(id) ?? 0) < peerCount).sort();
  expect(result.shortfalls.map((s) => s.authorId)).toEqual(short);
  const loads = [...perReviewer.values()];
  if (loads.length > 0) expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  return { perAuthor, perReviewer };
}

describe('createMatching', () => {
  it('gives four learners two reviewers each and two reviews each', () => {
    const participants = everyone(['ann', 'bo', 'cy', 'di']);
    const result = createMatching({ participants, peerCount: 2, seed: 1 });
    const { perReviewer } = expectSoundMatching(participants, 2, result);
    expect(result.pairs).toHaveLength(8);
    expect([...perReviewer.values()]).toEqual([2, 2, 2, 2]);
    expect(result.shortfalls).toEqual([]);
  });

  it('says so when there are too few learners for the configured count', () => {
    const participants = everyone(['a', 'b', 'c']);
    const result = createMatching({ participants, peerCount: 3, seed: 5 });
    expectSoundMatching(participants, 3, result);
    expect(result.shortfalls).toEqual([
      { authorId: 'a', wanted: 3, assigned: 2 },
      { authorId: 'b', wanted: 3, assigned: 2 },
      { authorId: 'c', wanted: 3, assigned: 2 },
    ]);
  });

  it('lets learners without a finished essay review, but nobody reviews them', () => {
    const participants: MatchingParticipant[] = [
      ...everyone(['a', 'b', 'c']),
      { id: 'late', hasEssay: false },
    ];
    const result = createMatching({ participants, peerCount: 2, seed: 9 });
    expectSoundMatching(participants, 2, result);
    expect(result.pairs.some((p) => p.authorId === 'late')).toBe(false);
    expect(result.pairs.some((p) => p.reviewerId === 'late')).toBe(true);
  });

  it('includes an instructor taking part as a learner and flags them as an anchor', () => {
    const participants: MatchingParticipant[] = [
      ...everyone(['a', 'b', 'c', 'd']),
      { id: 'prof', hasEssay: false, isInstructorLearner: true },
    ];
    const result = createMatching({ participants, peerCount: 2, seed: 2 });
    expectSoundMatching(participants, 2, result);
    expect(result.anchorIds).toEqual(['prof']);
    expect(result.pairs.filter((p) => p.reviewerId === 'prof').length).toBeGreaterThan(0);
  });

  it('skips participants who cannot review', () => {
    const participants: MatchingParticipant[] = [
      ...everyone(['a', 'b', 'c']),
      { id: 'x', hasEssay: true, canReview: false },
    ];
    const result = createMatching({ participants, peerCount: 2, seed: 4 });
    expectSoundMatching(participants, 2, result);
    expect(result.pairs.some((p) => p.reviewerId === 'x')).toBe(false);
  });

  it('is deterministic per seed and ignores the input order', () => {
    const participants = everyone(Array.from({ length: 20 }, (_, i) => `p${i}`));
    const first = createMatching({ participants, peerCount: 3, seed: 'course-1' });
    expect(
      createMatching({ participants: [...participants].reverse(), peerCount: 3, seed: 'course-1' }),
    ).toEqual(first);
    expect(createMatching({ participants, peerCount: 3, seed: 'course-2' }).pairs).not.toEqual(first.pairs);
  });

  it('avoids swapped pairs when the class is large enough', () => {
    const participants = everyone(Array.from({ length: 12 }, (_, i) => `p${i}`));
    const { pairs } = createMatching({ participants, peerCount: 3, seed: 8 });
    const keys = new Set(pairs.map((p: MatchingPair) => `${p.reviewerId}>${p.authorId}`));
    expect(pairs.filter((p) => keys.has(`${p.authorId}>${p.reviewerId}`))).toEqual([]);
  });

  it('rejects a reviewer count outside 1..6 and duplicate ids', () => {
    expect(() => createMatching({ participants: everyone(['a', 'b']), peerCount: 0, seed: 1 })).toThrow(
      RangeError,
    );
    expect(() => createMatching({ participants: everyone(['a', 'b']), peerCount: 7, seed: 1 })).toThrow(
      RangeError,
    );
    expect(() => createMatching({ participants: everyone(['a', 'a']), peerCount: 1, seed: 1 })).toThrow(
      RangeError,
    );
  });

  it('keeps its promises for any class of 2..300 and any count 1..6', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 300 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        (size, peerCount, seed, missingShare) => {
          const participants = Array.from({ length: size }, (_, i) => ({
            id: `p${i}`,
            // A deterministic share of learners has not finished the essay.
            hasEssay: (i * 7919) % 100 >= missingShare * 100,
          }));
          const result = createMatching({ participants, peerCount, seed });
          expectSoundMatching(participants, peerCount, result);
          expect(createMatching({ participants, peerCount, seed })).toEqual(result);
        },
      ),
      { numRuns: 40 },
    );
  });
});
