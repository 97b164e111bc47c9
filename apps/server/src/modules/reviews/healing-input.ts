import type { HealingPair, StaleRule } from '@pw/domain';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { staleRuleOf } from './stale-rule';

/** The columns of a stored pair the healing rules read. */
interface StoredPair {
  id: number;
  reviewerId: number;
  targetId: number;
  isCompleted: boolean;
  openedAt: Date | null;
  assignedAt: Date;
}

/**
 * What the domain's healing rules (`chooseOneMore`, `fillInQueue`) read of an assignment: its
 * pairs, the finished essays that are reviewed, the peer count, now and the stale rule.
 */
export function healingInput(
  shape: AssignmentShape,
  pairs: readonly StoredPair[],
  people: readonly { id: number; essayDone: boolean }[],
  now: Date,
): { pairs: HealingPair[]; authors: string[]; peerCount: number; now: Date; stale: StaleRule | null } {
  return {
    pairs: pairs.map((p) => ({
      id: String(p.id),
      reviewerId: String(p.reviewerId),
      authorId: String(p.targetId),
      isCompleted: p.isCompleted,
      openedAt: p.openedAt,
      assignedAt: p.assignedAt,
    })),
    authors: people.filter((p) => p.essayDone).map((p) => String(p.id)),
    peerCount: shape.peerCount,
    now,
    stale: staleRuleOf(shape, pairs),
  };
}
