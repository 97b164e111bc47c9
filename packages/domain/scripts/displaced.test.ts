import { describe, expect, it } from 'vitest';
import { countDisplaced } from './displaced';

const evaluators = [
  { id: 'random', trust: 0, trueAccuracy: -0.49 },
  { id: 'harsh', trust: 0.3, trueAccuracy: -0.1 },
  { id: 'same', trust: 0.4, trueAccuracy: -0.2 },
  { id: 'careful', trust: 0.9, trueAccuracy: -0.05 },
];

describe('countDisplaced', () => {
  it('counts a missed reviewer truly more accurate than the marked one the engine trusts most', () => {
    // The marks went to random and harsh; harsh (trust 0.3) is the one a mark would come from.
    expect(countDisplaced(['same'], new Set(['random']), evaluators)).toBe(1);
    expect(countDisplaced(['same'], new Set(['random', 'harsh']), evaluators)).toBe(0);
  });

  it('takes the marginal evaluator by trust, not by true accuracy', () => {
    const swapped = evaluators.map((e) => (e.id === 'random' ? { ...e, trust: 0.35 } : e));
    // random now has the higher trust of the two marked: same (−0.2) is above its −0.49.
    expect(countDisplaced(['same'], new Set(['random', 'harsh']), swapped)).toBe(1);
  });

  it('never counts a marked reviewer, nor anything without marks', () => {
    expect(countDisplaced(['same'], new Set(['same']), evaluators)).toBe(0);
    expect(countDisplaced(['same'], new Set(), evaluators)).toBe(0);
    expect(countDisplaced(['unknown'], new Set(['random']), evaluators)).toBe(0);
  });
});
