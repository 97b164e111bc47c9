import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitByTime as split } from './split-by-time.mjs';

describe('splitByTime', () => {
  it('puts the longest file alone when it outweighs the rest, and every file in exactly one part', () => {
    const groups = split(['a', 'b', 'c', 'd'], { a: 100, b: 30, c: 20, d: 10 }, 2);
    expect(groups.map((g) => g.files)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(groups.map((g) => g.seconds)).toEqual([100, 60]);
  });

  it('balances by time, not by count, and counts an unlisted file as the median', () => {
    // The median of 20, 30, 40, 50 is taken as the upper middle, 40. Longest first (ties by name) to
    // the lighter part: x 50 → 1; new 40 → 2; y 40 → 2 (40 < 50); z 30 → 1 (50 < 80);
    // w 20 → 1 (the first of the two at 80).
    const groups = split(['x', 'y', 'z', 'w', 'new'], { x: 50, y: 40, z: 30, w: 20 }, 2);
    expect(groups.map((g) => g.files.sort())).toEqual([
      ['w', 'x', 'z'],
      ['new', 'y'],
    ]);
    expect(groups.map((g) => g.seconds)).toEqual([100, 80]);
  });

  it('splits the real browser tests into two parts within the longest file but one of each other', () => {
    const root = join(__dirname, '..', 'e2e');
    const files = readdirSync(join(root, 'tests')).filter((f) => f.endsWith('.spec.ts'));
    const timings = JSON.parse(readFileSync(join(root, 'timings.json'), 'utf8')).seconds;
    const groups = split(files, timings, 2);
    expect(groups.flatMap((g) => g.files).sort()).toEqual([...files].sort());
    const [a, b] = groups.map((g) => g.seconds);
    const largestBelowTop = Object.values(timings as Record<string, number>).sort((x, y) => y - x)[1] ?? 0;
    expect(Math.abs((a ?? 0) - (b ?? 0))).toBeLessThanOrEqual(largestBelowTop);
  });
});
