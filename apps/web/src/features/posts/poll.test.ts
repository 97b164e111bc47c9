import { postCreateSchema } from '@pw/contract';
import { describe, expect, it } from 'vitest';
import { duplicateOptions, votePercent } from './poll';

describe('poll options', () => {
  it('names the options that will be merged, as the contract merges them', () => {
    const options = ['화요일', ' 목요일', '화요일 ', '', '목요일', '금요일'];
    expect(duplicateOptions(options)).toEqual(['화요일', '목요일']);
    expect(duplicateOptions(['a', 'b'])).toEqual([]);
    const parsed = postCreateSchema.parse({ title: 't', content: 'c', options: options.filter((o) => o) });
    expect(parsed.options).toEqual(['화요일', '목요일', '금요일']);
  });

  it('gives rounded percentages and 0 without votes', () => {
    expect(votePercent(1, 3)).toBe(33);
    expect(votePercent(2, 3)).toBe(67);
    expect(votePercent(0, 0)).toBe(0);
  });
});
