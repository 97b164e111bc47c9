import { describe, expect, it } from 'vitest';
import {
  chooseOneMore,
  fillInQueue,
  type HealingPair,
  isStale,
  STALE_HOURS_WITHOUT_END,
  staleRule,
} from './heal';

const at = (iso: string) => new Date(iso);
const start = at('2026-11-01T00:00:00Z');
const end = at('2026-11-05T00:00:00Z');
const half = at('2026-11-03T00:00:00Z');

let next = 1;
const pair = (
  reviewerId: string,
  authorId: string,
  state: 'done' | 'opened' | 'unopened' = 'unopened',
): HealingPair => ({
  id: String(next++),
  reviewerId,
  authorId,
  isCompleted: state === 'done',
  openedAt: state === 'unopened' ? null : at('2026-11-01T10:00:00Z'),
});

const rule = staleRule({ start, end });

describe('staleRule', () => {
  it('is half-way through a stage with an end, and 72 h after the start without one', () => {
    expect(rule?.from).toEqual(half);
    expect(staleRule({ start, end }, 0.25)?.from).toEqual(at('2026-11-02T00:00:00Z'));
    expect(staleRule({ start, end: null })?.from).toEqual(
      new Date(start.getTime() + STALE_HOURS_WITHOUT_END * 3_600_000),
    );
    expect(staleRule({ start: null, end })).toBeNull();
  });

  it('a review becomes stale at the threshold itself, not a millisecond before, and only unopened', () => {
    const p = pair('a', 'b');
    expect(isStale(p, new Date(half.getTime() - 1), rule)).toBe(false);
    expect(isStale(p, half, rule)).toBe(true);
    expect(isStale({ ...p, openedAt: start }, half, rule)).toBe(false);
    expect(isStale({ ...p, isCompleted: true }, half, rule)).toBe(false);
    expect(isStale(p, half, null)).toBe(false);
  });

  it("a review given late (a late joiner's, one taken over) gets the same time again from when it was given", () => {
    const given = at('2026-11-03T12:00:00Z');
    const p = { ...pair('a', 'b'), assignedAt: given };
    // Two days (half of the four-day stage) after it was given, not before.
    expect(isStale(p, at('2026-11-05T11:59:59Z'), rule)).toBe(false);
    expect(isStale(p, at('2026-11-05T12:00:00Z'), rule)).toBe(true);
    // Given at the start: the stage's threshold.
    expect(isStale({ ...p, assignedAt: start }, half, rule)).toBe(true);
  });
});

describe('chooseOneMore', () => {
  // a, b, c, d each review two others; d never opened theirs.
  const pairs = () => [
    pair('a', 'b', 'done'),
    pair('a', 'c', 'done'),
    pair('b', 'c', 'done'),
    pair('b', 'd', 'opened'),
    pair('c', 'd', 'done'),
    pair('c', 'a', 'done'),
    pair('d', 'a'),
    pair('d', 'b'),
  ];
  const base = { authors: ['a', 'b', 'c', 'd'], peerCount: 2, stale: rule };

  it('gives a finished volunteer the stale review of the essay with the fewest finished reviews', () => {
    const all = pairs();
    // a has one finished review (from c) and one stale (from d); b has one finished (from a) and one stale.
    // a is the volunteer's own essay for... c: c already reviews d and a, so c takes d's review of b.
    const choice = chooseOneMore({ ...base, pairs: all, volunteerId: 'c', now: half });
    const dOfB = all.find((p) => p.reviewerId === 'd' && p.authorId === 'b');
    expect(choice).toEqual({ kind: 'move', pairId: dOfB?.id, authorId: 'b', fromReviewerId: 'd' });
  });

  it('nothing moves before the threshold; an essay short of coming reviews gets a new one instead', () => {
    const all = pairs();
    const before = new Date(half.getTime() - 1);
    // Before the threshold d's reviews count as coming: every essay has 2 finished or coming.
    expect(chooseOneMore({ ...base, pairs: all, volunteerId: 'c', now: before })).toEqual({
      kind: 'none',
      reason: 'nothing_needed',
    });
    // With three reviewers asked, c (who reviews a and d) can add a review of b.
    expect(chooseOneMore({ ...base, peerCount: 3, pairs: all, volunteerId: 'c', now: before })).toEqual({
      kind: 'add',
      authorId: 'b',
    });
  });

  it('a volunteer with a review left, or none at all, is told to finish first', () => {
    const all = pairs();
    expect(chooseOneMore({ ...base, pairs: all, volunteerId: 'b', now: half })).toEqual({
      kind: 'none',
      reason: 'not_finished',
    });
    expect(chooseOneMore({ ...base, pairs: all, volunteerId: 'e', now: half })).toEqual({
      kind: 'none',
      reason: 'not_finished',
    });
  });

  it('never their own essay nor one they already review', () => {
    // a finished its reviews of b and c; the only stale reviews are of a (own) and of b (already).
    const all = [
      pair('a', 'b', 'done'),
      pair('a', 'c', 'done'),
      pair('d', 'a'),
      pair('e', 'b'),
      pair('b', 'a', 'done'),
    ];
    expect(
      chooseOneMore({
        authors: ['a', 'b', 'c'],
        peerCount: 1,
        stale: rule,
        pairs: all,
        volunteerId: 'a',
        now: half,
      }),
    ).toEqual({ kind: 'none', reason: 'nothing_needed' });
  });
});

describe('fillInQueue', () => {
  it('lists the essays that will end short, the fewest finished first (ties by id), and none that are covered', () => {
    const all = [
      pair('a', 'b', 'done'),
      pair('c', 'b', 'opened'),
      pair('b', 'a'),
      pair('d', 'a'),
      pair('a', 'c', 'done'),
      pair('b', 'c', 'done'),
    ];
    const queue = fillInQueue({
      authors: ['a', 'b', 'c', 'd'],
      peerCount: 2,
      pairs: all,
      now: half,
      stale: rule,
    });
    expect(queue).toEqual([
      { authorId: 'a', completed: 0, coming: 0, stale: 2, missing: 2 },
      { authorId: 'd', completed: 0, coming: 0, stale: 0, missing: 2 },
    ]);
    // Before the threshold a's unopened reviews are still coming.
    const early = fillInQueue({
      authors: ['a', 'b', 'c', 'd'],
      peerCount: 2,
      pairs: all,
      now: start,
      stale: rule,
    });
    expect(early.map((e) => e.authorId)).toEqual(['d']);
  });
});
