import {
  assertPeerCount,
  balanceLoads,
  compareText,
  createBoard,
  fillAuthors,
  fillReviewers,
  listPairs,
  listShortfalls,
} from './board';
import type { CreateMatchingInput, MatchingResult, WritersFirstInput } from './types';

// Assigns reviewers to every author who finished the essay: nobody reviews themself or the same
// author twice, each author gets `peerCount` reviewers (fewer only when there are too few, then
// listed in `shortfalls`), and reviewer loads differ by at most one. Same seed, same result.
export function createMatching(input: CreateMatchingInput): MatchingResult {
  assertPeerCount(input.peerCount);
  const board = createBoard(input.participants, input.seed);
  fillAuthors(board, input.peerCount);
  balanceLoads(board);
  return {
    pairs: listPairs(board),
    shortfalls: listShortfalls(board, input.peerCount),
    anchorIds: anchorsOf(input),
  };
}

// The matching a class gets when peer review starts: the writers (finished essay) review each
// other first, exactly as `createMatching` would among them alone, so every writer has essays to
// review whenever there is another essay. Participants without an essay review only when
// `nonWritersReview` is set: then, after the writers' matching, each of them gets as many essays
// as a writer (`peerCount`, at most the number of essays), the least-reviewed essays first (so
// essays the writers could not cover are covered first). Nobody reviews an author without an
// essay. Same seed, same result.
export function matchWritersFirst(input: WritersFirstInput): MatchingResult {
  assertPeerCount(input.peerCount);
  const writersOnly = input.participants.map((p) => (p.hasEssay ? p : { ...p, canReview: false }));
  const board = createBoard(writersOnly, input.seed);
  fillAuthors(board, input.peerCount);
  balanceLoads(board);
  if (input.nonWritersReview) {
    const joining = new Set(
      input.participants.filter((p) => !p.hasEssay && p.canReview !== false).map((p) => p.id),
    );
    // In circle order, as createBoard lists reviewers, so the result does not depend on input order.
    board.ids.forEach((id, n) => {
      if (!joining.has(id)) return;
      board.isReviewer[n] = true;
      board.reviewers.push(n);
    });
    fillReviewers(board, Math.min(input.peerCount, board.authors.length));
  }
  return {
    pairs: listPairs(board),
    shortfalls: listShortfalls(board, input.peerCount),
    anchorIds: anchorsOf(input),
  };
}

function anchorsOf(input: CreateMatchingInput): string[] {
  return input.participants
    .filter((p) => p.isInstructorLearner)
    .map((p) => p.id)
    .sort(compareText);
}
