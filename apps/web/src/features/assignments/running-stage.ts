import type { ManagementTable } from '@pw/contract';

/** The stage kinds whose work a learner hands in, so the count of who finished means something. */
export const COUNTED_KINDS = [
  'essaywriting',
  'questionwriting',
  'peerreview',
  'feedbackreview',
  'revisement',
] as const;
export type CountedKind = (typeof COUNTED_KINDS)[number];

/** The part of the management table this needs (GET …/management/). */
type Progress = Pick<ManagementTable, 'current_stage' | 'headers'>;

/**
 * How many of the participating learners finished the running stage ("12 of 31 essays
 * submitted"), for the next-stage confirmation; null before the start, after the end, and for a
 * stage with nothing to hand in (adjustment).
 */
export function runningStageCount(
  table: Progress | undefined,
): { kind: CountedKind; finished: number; total: number } | null {
  const header = table?.headers.find((h) => h.short === table.current_stage);
  const kind = COUNTED_KINDS.find((k) => k === header?.progress);
  if (!header || !kind) return null;
  return { kind, finished: header.finished_performances, total: header.performances };
}
