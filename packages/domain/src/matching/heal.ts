// Allocation that heals itself while peer review runs (issue 33): a review its reviewer has not
// opened by a threshold moves to a learner who finished theirs and asks for one more; essays
// still short of reviews are listed for the instructor and assistants to fill in.

/** One review assignment as the healing rules see it. */
export interface HealingPair {
  id: string;
  reviewerId: string;
  authorId: string;
  isCompleted: boolean;
  /** When the reviewer first opened it; null: never. */
  openedAt: Date | null;
  /** When it was given to its reviewer (null: at the stage's start). */
  assignedAt?: Date | null;
}

/** A review not opened by this fraction of the stage may move to a volunteer. */
export const STALE_FRACTION = 0.5;
/** A stage without an end (moved by hand): reviews not opened within this many hours may move. */
export const STALE_HOURS_WITHOUT_END = 72;

/**
 * When an unopened review may move: from `from` on (half-way through the stage by default, or,
 * for a stage without an end date, `STALE_HOURS_WITHOUT_END` after it started), and a review given
 * later than the stage's start (a late joiner's, one taken over) only after the same time again
 * from when it was given.
 */
export interface StaleRule {
  from: Date;
  graceMs: number;
}

/** The stage's stale rule; null when its start is unknown (nothing moves by time). */
export function staleRule(
  stage: { start: Date | null; end: Date | null },
  fraction = STALE_FRACTION,
): StaleRule | null {
  if (!stage.start) return null;
  const start = stage.start.getTime();
  const graceMs = stage.end
    ? Math.max(0, stage.end.getTime() - start) * fraction
    : STALE_HOURS_WITHOUT_END * 3_600_000;
  return { from: new Date(start + graceMs), graceMs };
}

/** Whether a review may move: not finished, never opened, and its time passed. */
export function isStale(
  pair: Pick<HealingPair, 'isCompleted' | 'openedAt' | 'assignedAt'>,
  now: Date,
  rule: StaleRule | null,
): boolean {
  if (rule === null || pair.isCompleted || pair.openedAt !== null) return false;
  if (now.getTime() < rule.from.getTime()) return false;
  return !pair.assignedAt || now.getTime() - pair.assignedAt.getTime() >= rule.graceMs;
}

export type OneMoreChoice =
  /** Take over a stale review: the pair's reviewer becomes the volunteer. */
  | { kind: 'move'; pairId: string; authorId: string; fromReviewerId: string }
  /** Review an essay that has fewer reviewers at work than asked: a new pair. */
  | { kind: 'add'; authorId: string }
  | { kind: 'none'; reason: 'not_finished' | 'nothing_needed' };

interface AuthorState {
  completed: number;
  /** Reviews under way (opened, or unopened before the threshold): they may still come. */
  coming: number;
  stale: HealingPair[];
}

function authorStates(
  pairs: readonly HealingPair[],
  authors: readonly string[],
  now: Date,
  rule: StaleRule | null,
) {
  const states = new Map<string, AuthorState>(
    authors.map((a) => [a, { completed: 0, coming: 0, stale: [] }]),
  );
  for (const pair of pairs) {
    if (pair.reviewerId === pair.authorId) continue;
    const state = states.get(pair.authorId);
    if (!state) continue;
    if (pair.isCompleted) state.completed++;
    else if (isStale(pair, now, rule)) state.stale.push(pair);
    else state.coming++;
  }
  return states;
}

const byId = (a: HealingPair, b: HealingPair) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id);

/**
 * What one more review by `volunteerId` should be. Only a learner who finished every review they
 * were given may take one more. First a stale review (of the essay with the fewest finished
 * reviews, then the oldest pair), else a new review of an essay with fewer finished and coming
 * reviews than `peerCount`; never their own essay nor one they already review (no self, no pair
 * twice).
 */
export function chooseOneMore(input: {
  volunteerId: string;
  pairs: readonly HealingPair[];
  /** The participants whose essays are reviewed (finished essays). */
  authors: readonly string[];
  peerCount: number;
  now: Date;
  stale: StaleRule | null;
}): OneMoreChoice {
  const own = input.pairs.filter(
    (p) => p.reviewerId === input.volunteerId && p.authorId !== input.volunteerId,
  );
  if (own.length === 0 || own.some((p) => !p.isCompleted)) return { kind: 'none', reason: 'not_finished' };
  const excluded = new Set([input.volunteerId, ...own.map((p) => p.authorId)]);
  const states = [...authorStates(input.pairs, input.authors, input.now, input.stale)].filter(
    ([author]) => !excluded.has(author),
  );
  const neediest = (list: typeof states) =>
    list.sort(
      ([a, x], [b, y]) =>
        x.completed - y.completed || x.coming - y.coming || a.localeCompare(b, 'en', { numeric: true }),
    )[0];
  const withStale = neediest(states.filter(([, s]) => s.stale.length > 0));
  if (withStale) {
    const [authorId, state] = withStale;
    const pair = [...state.stale].sort(byId)[0] as HealingPair;
    return { kind: 'move', pairId: pair.id, authorId, fromReviewerId: pair.reviewerId };
  }
  const short = neediest(states.filter(([, s]) => s.completed + s.coming < input.peerCount));
  if (short) return { kind: 'add', authorId: short[0] };
  return { kind: 'none', reason: 'nothing_needed' };
}

export interface FillInEntry {
  authorId: string;
  completed: number;
  /** Reviews still under way (not stale). */
  coming: number;
  /** Reviews whose reviewer never opened them past the threshold. */
  stale: number;
  /** Reviews that will be missing unless someone fills in: peerCount − completed − coming. */
  missing: number;
}

/**
 * The fill-in queue: essays that will end with fewer reviews than asked unless someone steps in
 * (finished plus under-way reviews below `peerCount`), the fewest finished first.
 */
export function fillInQueue(input: {
  pairs: readonly HealingPair[];
  authors: readonly string[];
  peerCount: number;
  now: Date;
  stale: StaleRule | null;
}): FillInEntry[] {
  return [...authorStates(input.pairs, input.authors, input.now, input.stale)]
    .map(([authorId, s]) => ({
      authorId,
      completed: s.completed,
      coming: s.coming,
      stale: s.stale.length,
      missing: Math.max(0, input.peerCount - s.completed - s.coming),
    }))
    .filter((e) => e.missing > 0)
    .sort(
      (a, b) =>
        a.completed - b.completed ||
        b.missing - a.missing ||
        a.authorId.localeCompare(b.authorId, 'en', { numeric: true }),
    );
}
