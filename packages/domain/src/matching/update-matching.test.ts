import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMatching } from './create-matching';
import type { ExistingPair, MatchingParticipant, MatchingUpdate } from './types';
import { addLateJoiners, withdrawParticipant } from './update-matching';

const everyone = (ids: string[]): MatchingParticipant[] => ids.map((id) => ({ id, hasEssay: true }));
const ids = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const key = (p: { reviewerId: string; authorId: string }) => `${p.reviewerId}>${p.authorId}`;

// A running matching where every other review is already done.
function running(participants: MatchingParticipant[], peerCount: number, seed: number): ExistingPair[] {
  return createMatching({ participants, peerCount, seed }).pairs.map((p, i) => ({
    ...p,
    isCompleted: i % 2 === 0,
  }));
}

function expectNoSelfOrDuplicate(update: MatchingUpdate): void {
  const keys = update.pairs.map(key);
  expect(new Set(keys).size).toBe(keys.length);
  for (const p of update.pairs) expect(p.reviewerId).not.toBe(p.authorId);
}

function reviewersPerAuthor(update: MatchingUpdate): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of update.pairs) counts.set(p.authorId, (counts.get(p.authorId) ?? 0) + 1);
  return counts;
}

describe('addLateJoiners', () => {
  it('covers a late author and gives a late reviewer a usual load, leaving every existing pair alone', () => {
    const first = everyone(ids(8));
    const existing = running(first, 3, 1);
    const participants = [...first, { id: 'late', hasEssay: true }];
    const update = addLateJoiners({ participants, existing, peerCount: 3, seed: 1 });
    expect(update.pairs.slice(0, existing.length)).toEqual(existing);
    expect(update.removed).toEqual([]);
    expectNoSelfOrDuplicate(update);
    expect(update.added.filter((p) => p.authorId === 'late')).toHaveLength(3);
    expect(update.added.filter((p) => p.reviewerId === 'late')).toHaveLength(3);
    for (const id of ids(8)) expect(reviewersPerAuthor(update).get(id)).toBeGreaterThanOrEqual(3);
    expect(update.shortfalls).toEqual([]);
  });

  it('lets a late joiner without an essay review without being reviewed', () => {
    const first = everyone(ids(6));
    const existing = running(first, 2, 4);
    const update = addLateJoiners({
      participants: [...first, { id: 'late', hasEssay: false }],
      existing,
      peerCount: 2,
      seed: 4,
    });
    expect(update.added.some((p) => p.authorId === 'late')).toBe(false);
    expect(update.added.filter((p) => p.reviewerId === 'late').length).toBeGreaterThanOrEqual(1);
    expectNoSelfOrDuplicate(update);
  });

  it('changes nothing when nobody is late', () => {
    const participants = everyone(ids(10));
    const existing = running(participants, 3, 2);
    const update = addLateJoiners({ participants, existing, peerCount: 3, seed: 2 });
    expect(update.added).toEqual([]);
    expect(update.pairs).toEqual(existing);
  });
});

describe('withdrawParticipant', () => {
  it('hands the unfinished reviews of a withdrawn reviewer to others and keeps the finished ones', () => {
    const participants = everyone(ids(10));
    const existing = running(participants, 3, 7);
    const update = withdrawParticipant({ participants, existing, peerCount: 3, seed: 7, withdrawnId: 'p3' });
    const unfinishedOfP3 = existing.filter(
      (p) => !p.isCompleted && (p.reviewerId === 'p3' || p.authorId === 'p3'),
    );
    expect(update.removed).toEqual(unfinishedOfP3);
    expect(update.pairs.filter((p) => p.isCompleted)).toEqual(existing.filter((p) => p.isCompleted));
    expect(update.added.some((p) => p.reviewerId === 'p3' || p.authorId === 'p3')).toBe(false);
    expectNoSelfOrDuplicate(update);
    const counts = reviewersPerAuthor(update);
    for (const id of ids(10).filter((id) => id !== 'p3')) expect(counts.get(id)).toBeGreaterThanOrEqual(3);
    expect(update.shortfalls).toEqual([]);
  });
});

describe('matching updates', () => {
  it('keep every essay at or above the count, never repeat or self-assign, for random classes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 60 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 10_000 }),
        (size, late, peerCount, seed) => {
          const first = everyone(ids(size));
          const existing = running(first, peerCount, seed);
          const participants = [...first, ...everyone(ids(late, 'late'))];
          const joined = addLateJoiners({ participants, existing, peerCount, seed });
          expectNoSelfOrDuplicate(joined);
          expect(joined.pairs.slice(0, existing.length)).toEqual(existing);
          const withdrawnId = `p${seed % size}`;
          const left = withdrawParticipant({
            participants,
            existing: joined.pairs,
            peerCount,
            seed,
            withdrawnId,
          });
          expectNoSelfOrDuplicate(left);
          expect(left.added.some((p) => p.reviewerId === withdrawnId)).toBe(false);
          for (const update of [joined, left]) {
            const counts = reviewersPerAuthor(update);
            const stillIn = participants.filter((p) => update === joined || p.id !== withdrawnId);
            for (const author of stillIn) {
              const wanted = Math.min(peerCount, stillIn.length - 1);
              expect(counts.get(author.id) ?? 0).toBeGreaterThanOrEqual(wanted);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
