import { describe, expect, it } from 'vitest';
import { brandShades } from './brand';

describe('brandShades', () => {
  it('puts the organisation colour at shade 6, lighter before and darker after', () => {
    const shades = brandShades('86,70,255');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#5646ff');
    const lightness = (hex: string) =>
      Number.parseInt(hex.slice(1, 3), 16) +
      Number.parseInt(hex.slice(3, 5), 16) +
      Number.parseInt(hex.slice(5, 7), 16);
    for (let i = 1; i < 10; i++) expect(lightness(shades[i]!)).toBeLessThan(lightness(shades[i - 1]!));
  });

  it('falls back to the spec colour when the value is malformed', () => {
    expect(brandShades('nonsense')[6]).toBe('#5746ff');
  });
});
