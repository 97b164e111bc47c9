import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { parseRgb } from '@pw/contract';

function mix(rgb: readonly number[], target: number, amount: number) {
  return rgb.map((c) => Math.round(c + (target - c) * amount));
}

function hex(rgb: readonly number[]) {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Ten shades around an "r,g,b" brand colour (index 6 is the colour itself), as Mantine wants. */
export function brandShades(rgbText: string | null | undefined): MantineColorsTuple {
  const base = parseRgb(rgbText);
  const tints = [0.92, 0.8, 0.65, 0.5, 0.35, 0.18].map((a) => hex(mix(base, 255, a)));
  const shades = [0.15, 0.3, 0.45].map((a) => hex(mix(base, 0, a)));
  return [...tints, hex(base), ...shades] as unknown as MantineColorsTuple;
}

/** The app theme: the organisation's colour as `brand`, plus the learner-blue and staff-purple menus. */
export function buildTheme(rgbText: string | null | undefined) {
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: brandShades(rgbText) },
    fontFamily:
      'Pretendard, "Apple SD Gothic Neo", "Noto Sans KR", "Malgun Gothic", system-ui, -apple-system, "Segoe UI", sans-serif',
    defaultRadius: 'md',
  });
}
