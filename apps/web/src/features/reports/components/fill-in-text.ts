import type { TFunction } from 'i18next';

/** One essay of the fill-in queue, as the matching page receives it. */
export interface FillInCounts {
  name: string;
  completed: number;
  /** Reviews under way (opened, not finished). */
  coming: number;
  /** Reviews their reviewer never opened. */
  stale: number;
  /** Reviews the essay will lack unless someone steps in (the unopened ones count as lacking). */
  missing: number;
}

// "Name: 1 of 3 reviews done, 1 under way, 1 not opened — 1 short unless someone steps in". Parts
// with nothing in them are left out, and the shortfall is said as what it is (the unopened reviews
// are part of it), where "2 not opened, 2 missing" read as four reviews beside the one done.
export function describeFillIn(t: TFunction, entry: FillInCounts, asked: number): string {
  const parts = [t('matching.fillInDone', { name: entry.name, completed: entry.completed, asked })];
  if (entry.coming > 0) parts.push(t('matching.fillInComing', { count: entry.coming }));
  if (entry.stale > 0) parts.push(t('matching.fillInStale', { count: entry.stale }));
  return `${parts.join(', ')} — ${t('matching.fillInShort', { count: entry.missing })}`;
}
