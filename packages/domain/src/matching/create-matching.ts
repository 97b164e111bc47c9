import {
  assertPeerCount,
  balanceLoads,
  compareText,
  createBoard,
  fillAuthors,
  listPairs,
  listShortfalls,
} from './board';
import type { CreateMatchingInput, MatchingResult } from './types';

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
    anchorIds: input.participants
      .filter((p) => p.isInstructorLearner)
      .map((p) => p.id)
      .sort(compareText),
  };
}
