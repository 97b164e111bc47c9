import { describe, expect, it } from 'vitest';
import { formatOneDecimal } from './format';

describe('formatOneDecimal', () => {
  it('rounds to one decimal, drops a trailing .0, and shows a dash for no value', () => {
    expect(formatOneDecimal(7.25)).toBe('7.3');
    expect(formatOneDecimal(7.04)).toBe('7');
    expect(formatOneDecimal(0)).toBe('0');
    expect(formatOneDecimal(-1.26)).toBe('-1.3');
    expect(formatOneDecimal(null)).toBe('–');
    expect(formatOneDecimal(undefined)).toBe('–');
  });
});
