import { describe, expect, it } from 'vitest';
import { scoreRevisement } from './revisement';

describe('scoreRevisement', () => {
  it('passes the instructor’s score through, kept within 0..max', () => {
    expect(scoreRevisement(10, 7.5)).toBe(7.5);
    expect(scoreRevisement(10, 12)).toBe(10);
    expect(scoreRevisement(10, -1)).toBe(0);
  });

  it('is 0 when no score has been set', () => {
    expect(scoreRevisement(10, undefined)).toBe(0);
    expect(scoreRevisement(10, Number.NaN)).toBe(0);
  });
});
