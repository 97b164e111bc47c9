import { describe, expect, it } from 'vitest';
import { STAGE_CODES } from './constants';
import { stageLabel } from './messages';

describe('stage names', () => {
  it('names every stage code in both languages, from the one shared catalog', () => {
    for (const code of STAGE_CODES) {
      expect(stageLabel('ko', code), code).not.toBe(code);
      expect(stageLabel('en', code), code).not.toBe(code);
    }
    expect(stageLabel('ko', 'PE')).toBe('동료평가');
    expect(stageLabel('en', 'CO')).toBe('Complete');
  });

  it('falls back to the code itself for an unknown one', () => {
    expect(stageLabel('en', 'XX')).toBe('XX');
  });
});
