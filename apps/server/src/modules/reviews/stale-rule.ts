import { type StaleRule, staleRule } from '@pw/domain';
import type { AssignmentShape } from '../assignments/assignment-shape';

/**
 * The running peer-review step's stale rule (issue 33). A step moved by hand has no start date:
 * its reviews were given when it started, so the earliest review's `assignedAt` stands for it.
 */
export function staleRuleOf(
  shape: AssignmentShape,
  pairs: readonly { assignedAt: Date }[],
): StaleRule | null {
  if (shape.code !== 'PE') return null;
  const step = shape.steps[shape.stepIndex];
  const earliest = pairs.reduce<Date | null>(
    (min, p) => (min === null || p.assignedAt.getTime() < min.getTime() ? p.assignedAt : min),
    null,
  );
  return staleRule({ start: step?.startAt ?? earliest, end: step?.endAt ?? null });
}
