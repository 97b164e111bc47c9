import {
  addPair,
  assertPeerCount,
  createBoard,
  fillAuthors,
  fillReviewers,
  listShortfalls,
  sumLoads,
} from './board';
import type { ExistingPair, MatchingPair, MatchingUpdate, UpdateMatchingInput } from './types';

// Brings late joiners into a running matching without touching any existing pair: a late author
// gets reviewers (idle reviewers first), and a reviewer below the class's usual load (the
// average, rounded down) gets essays, least-reviewed first. Essays may end up with more than
// `peerCount` reviewers, never fewer (when there are enough reviewers).
export function addLateJoiners(input: UpdateMatchingInput): MatchingUpdate {
  assertPeerCount(input.peerCount);
  const board = createBoard(input.participants, input.seed);
  for (const pair of input.existing) addPair(board, pair);
  const added = fillAuthors(board, input.peerCount);
  const target = board.reviewers.length === 0 ? 0 : Math.floor(sumLoads(board) / board.reviewers.length);
  added.push(...fillReviewers(board, target));
  return toUpdate([...input.existing], added, [], listShortfalls(board, input.peerCount));
}

// Handles a participant who left: their unfinished reviews are handed to others, unfinished
// reviews of their own essay are dropped, and completed reviews stay as they are.
export function withdrawParticipant(input: UpdateMatchingInput & { withdrawnId: string }): MatchingUpdate {
  assertPeerCount(input.peerCount);
  const board = createBoard(
    input.participants.filter((p) => p.id !== input.withdrawnId),
    input.seed,
  );
  const kept: ExistingPair[] = [];
  const removed: ExistingPair[] = [];
  for (const pair of input.existing) {
    const involved = pair.reviewerId === input.withdrawnId || pair.authorId === input.withdrawnId;
    if (involved && !pair.isCompleted) {
      removed.push(pair);
    } else {
      kept.push(pair);
      addPair(board, pair);
    }
  }
  const added = fillAuthors(board, input.peerCount);
  return toUpdate(kept, added, removed, listShortfalls(board, input.peerCount));
}

function toUpdate(
  kept: ExistingPair[],
  added: MatchingPair[],
  removed: ExistingPair[],
  shortfalls: MatchingUpdate['shortfalls'],
): MatchingUpdate {
  return {
    pairs: [...kept, ...added.map((pair) => ({ ...pair, isCompleted: false }))],
    added,
    removed,
    shortfalls,
  };
}
