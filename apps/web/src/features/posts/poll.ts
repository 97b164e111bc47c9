/** Options that appear more than once (after trimming): the server keeps one of each (part 1 §3). */
export function duplicateOptions(options: readonly string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const raw of options) {
    const o = raw.trim();
    if (o === '') continue;
    if (seen.has(o)) dupes.add(o);
    seen.add(o);
  }
  return [...dupes];
}

/** Percentage of the votes, rounded; 0 when nobody has voted. */
export function votePercent(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes / total) * 100);
}
