// Internal bookkeeping shared by the matching functions: who reviews whom, loads, and a seeded
// circle that decides ties so that results are deterministic and spread out. Participants are
// numbered by their place on the circle; the numbers never leave this module.
import { createRandom, shuffleWith } from './random';
import type { MatchingPair, MatchingParticipant, Shortfall } from './types';

export const MIN_PEER_COUNT = 1;
export const MAX_PEER_COUNT = 6;

export interface Board {
  /** Number → id: the circle first, then anyone only named by an existing pair. */
  ids: string[];
  index: Map<string, number>;
  /** Participants on the circle. */
  size: number;
  authors: number[];
  reviewers: number[];
  isReviewer: boolean[];
  isAuthor: boolean[];
  reviewersOf: Set<number>[];
  authorsOf: Set<number>[];
}

// Builds an empty board; participants are sorted by id before the seeded shuffle so the input
// order never changes the result.
export function createBoard(participants: readonly MatchingParticipant[], seed: number | string): Board {
  const ids = participants.map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw new RangeError('participant ids must be unique');
  const sorted = [...participants].sort((a, b) => compareText(a.id, b.id));
  const circle = shuffleWith(sorted, createRandom(seed));
  const board: Board = {
    ids: circle.map((p) => p.id),
    index: new Map(circle.map((p, i) => [p.id, i])),
    size: circle.length,
    authors: [],
    reviewers: [],
    isReviewer: circle.map((p) => p.canReview !== false),
    isAuthor: circle.map((p) => p.hasEssay),
    reviewersOf: circle.map(() => new Set<number>()),
    authorsOf: circle.map(() => new Set<number>()),
  };
  circle.forEach((p, i) => {
    if (p.hasEssay) board.authors.push(i);
    if (p.canReview !== false) board.reviewers.push(i);
  });
  return board;
}

// Checks the configured reviewer count (1..6).
export function assertPeerCount(peerCount: number): void {
  if (!Number.isInteger(peerCount) || peerCount < MIN_PEER_COUNT || peerCount > MAX_PEER_COUNT) {
    throw new RangeError(`peerCount must be an integer from ${MIN_PEER_COUNT} to ${MAX_PEER_COUNT}`);
  }
}

// Records a pair given by ids; someone not on the circle (e.g. a withdrawn reviewer whose review
// is done) is numbered after it and is never picked.
export function addPair(board: Board, pair: MatchingPair): void {
  link(board, assignNumber(board, pair.reviewerId), assignNumber(board, pair.authorId));
}

// Reads the board back as pairs of ids, sorted by reviewer then author.
export function listPairs(board: Board): MatchingPair[] {
  const pairs: MatchingPair[] = [];
  board.authorsOf.forEach((authors, reviewer) => {
    for (const author of authors) pairs.push(makePair(board, reviewer, author));
  });
  return pairs.sort((a, b) => compareText(a.reviewerId, b.reviewerId) || compareText(a.authorId, b.authorId));
}

// Gives every author below their wanted count more reviewers, one round at a time so that the
// load spreads evenly: least-loaded reviewer first, then one the author is not reviewing (avoids
// swapped pairs), then the nearest after the author on the seeded circle. Returns the new pairs.
export function fillAuthors(board: Board, peerCount: number): MatchingPair[] {
  const added: MatchingPair[] = [];
  for (let round = 0; round < peerCount; round++) {
    for (const author of board.authors) {
      if (countReviewers(board, author) >= countWanted(board, author, peerCount)) continue;
      const reviewer = pickBest(board, board.reviewers, author, 'reviewer');
      if (reviewer === undefined) continue;
      link(board, reviewer, author);
      added.push(makePair(board, reviewer, author));
    }
  }
  return added;
}

// Gives reviewers below `target` reviews more essays, the least-reviewed essay first.
export function fillReviewers(board: Board, target: number): MatchingPair[] {
  const added: MatchingPair[] = [];
  for (let round = 0; round < target; round++) {
    for (const reviewer of board.reviewers) {
      if (countLoad(board, reviewer) >= target) continue;
      const author = pickBest(board, board.authors, reviewer, 'author');
      if (author === undefined) continue;
      link(board, reviewer, author);
      added.push(makePair(board, reviewer, author));
    }
  }
  return added;
}

// Moves reviews from the busiest to the idlest reviewer until loads differ by at most one.
// A move always exists: if the busiest has two more essays than the idlest, at least two of them
// are not reviewed by the idlest, and at most one of those is the idlest's own essay.
export function balanceLoads(board: Board): void {
  for (;;) {
    let busiest = board.reviewers[0];
    let idlest = board.reviewers[0];
    if (busiest === undefined || idlest === undefined) return;
    for (const r of board.reviewers) {
      if (countLoad(board, r) > countLoad(board, busiest)) busiest = r;
      if (countLoad(board, r) < countLoad(board, idlest)) idlest = r;
    }
    if (countLoad(board, busiest) - countLoad(board, idlest) < 2) return;
    const idlestAuthors = board.authorsOf[idlest];
    const from = busiest;
    const author = board.authors.find(
      (a) => a !== idlest && board.authorsOf[from]?.has(a) && !idlestAuthors?.has(a),
    );
    if (author === undefined) return;
    board.authorsOf[busiest]?.delete(author);
    board.reviewersOf[author]?.delete(busiest);
    link(board, idlest, author);
  }
}

// Total reviews carried by the circle's reviewers.
export function sumLoads(board: Board): number {
  let total = 0;
  for (const r of board.reviewers) total += countLoad(board, r);
  return total;
}

// Lists authors who have fewer reviewers than configured.
export function listShortfalls(board: Board, peerCount: number): Shortfall[] {
  const shortfalls: Shortfall[] = [];
  for (const author of board.authors) {
    const assigned = countReviewers(board, author);
    if (assigned < peerCount)
      shortfalls.push({ authorId: board.ids[author] ?? '', wanted: peerCount, assigned });
  }
  return shortfalls.sort((a, b) => compareText(a.authorId, b.authorId));
}

// Orders ids by code unit, the same everywhere (no locale).
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// How many reviewers an author should get: the configured count, or fewer when there are not
// enough other reviewers.
function countWanted(board: Board, author: number, peerCount: number): number {
  return Math.min(peerCount, board.reviewers.length - (board.isReviewer[author] ? 1 : 0));
}

function countLoad(board: Board, reviewer: number): number {
  return board.authorsOf[reviewer]?.size ?? 0;
}

function countReviewers(board: Board, author: number): number {
  return board.reviewersOf[author]?.size ?? 0;
}

// Among `candidates` (reviewers for a fixed author, or authors for a fixed reviewer) that could
// form a new pair (never self, never twice), the one with the fewest reviews (a reviewer's load,
// an author's reviewers), then not already paired the other way, then the fewest steps along the
// circle from author to reviewer.
function pickBest(
  board: Board,
  candidates: readonly number[],
  fixed: number,
  candidateRole: 'reviewer' | 'author',
): number | undefined {
  const countOf = (c: number) =>
    candidateRole === 'reviewer' ? countLoad(board, c) : countReviewers(board, c);
  const pairOf = (c: number): [number, number] => (candidateRole === 'reviewer' ? [c, fixed] : [fixed, c]);
  const isCandidate = candidateRole === 'reviewer' ? board.isReviewer : board.isAuthor;
  let fewest = Number.POSITIVE_INFINITY;
  for (const c of candidates) fewest = Math.min(fewest, countOf(c));
  // Fast path: walk the circle by increasing steps; the first usable candidate with the fewest
  // reviews and no reverse pair cannot be beaten.
  for (let steps = 1; steps < board.size; steps++) {
    const c =
      candidateRole === 'reviewer' ? (fixed + steps) % board.size : (fixed - steps + board.size) % board.size;
    if (!isCandidate[c] || countOf(c) !== fewest) continue;
    const [reviewer, author] = pairOf(c);
    if (!board.authorsOf[reviewer]?.has(author) && !board.authorsOf[author]?.has(reviewer)) return c;
  }
  let best: number | undefined;
  let bestKey = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const [reviewer, author] = pairOf(c);
    if (c === fixed || board.authorsOf[reviewer]?.has(author)) continue;
    const isMutual = board.authorsOf[author]?.has(reviewer) === true;
    const steps = (reviewer - author + board.size) % board.size;
    // One number: steps < size and the mutual flag adds size, so the count dominates both.
    const key = (countOf(c) * 2 + (isMutual ? 1 : 0)) * board.size + steps;
    if (key < bestKey) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

function assignNumber(board: Board, id: string): number {
  let n = board.index.get(id);
  if (n === undefined) {
    n = board.ids.length;
    board.ids.push(id);
    board.index.set(id, n);
    board.isReviewer.push(false);
    board.isAuthor.push(false);
    board.reviewersOf.push(new Set());
    board.authorsOf.push(new Set());
  }
  return n;
}

function link(board: Board, reviewer: number, author: number): void {
  board.authorsOf[reviewer]?.add(author);
  board.reviewersOf[author]?.add(reviewer);
}

function makePair(board: Board, reviewer: number, author: number): MatchingPair {
  return { reviewerId: board.ids[reviewer] ?? '', authorId: board.ids[author] ?? '' };
}
