import { Box, type MantineSpacing, type MantineTheme, useMantineTheme, VisuallyHidden } from '@mantine/core';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJs,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  RadarController,
  RadialLinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { type ChartPaint, type ChartSpec, chartTableRows, toChartConfig } from './chart-spec';
import { valueLabels } from './value-labels';

// The app's one Chart.js setup (issue 35: ≈6.5 MB installed against recharts 3's ≈45 MB). Only
// what our bar, line and radar charts use is registered, so the rest of Chart.js is shaken out of
// the build; this module loads only with the pages that draw a chart, never with the first page.
ChartJs.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  RadarController,
  RadialLinearScale,
  Filler,
  Tooltip,
  valueLabels,
);

/** A Mantine colour (`indigo.6`, `white`) as the theme's hex value. */
function themeColor(theme: MantineTheme, color: string): string {
  if (color === 'white') return theme.white;
  if (color === 'black') return theme.black;
  const [name = '', shade = '6'] = color.split('.');
  return theme.colors[name]?.[Number(shade)] ?? color;
}

/** `#rrggbb` with an alpha, as `rgba(…)` (other colours as they are). */
function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => Number.parseInt(x ?? '0', 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Diagonal lines of a colour on the page's background, as ChartKey's `HatchPattern` draws them. */
function hatchOf(theme: MantineTheme, color: string): CanvasPattern | string {
  const stroke = themeColor(theme, color);
  const dpr = window.devicePixelRatio || 1;
  const size = 8;
  const tile = document.createElement('canvas');
  tile.width = tile.height = Math.round(size * dpr);
  const g = tile.getContext('2d');
  if (!g) return stroke;
  g.scale(dpr, dpr);
  g.fillStyle = theme.white;
  g.fillRect(0, 0, size, size);
  g.strokeStyle = stroke;
  g.lineWidth = 3;
  g.beginPath();
  // One stripe corner to corner and the two halves that make it seamless across tiles.
  for (const [x0, y0, x1, y1] of [
    [-2, 2, 2, -2],
    [0, size, size, 0],
    [size - 2, size + 2, size + 2, size - 2],
  ] as const) {
    g.moveTo(x0, y0);
    g.lineTo(x1, y1);
  }
  g.stroke();
  const pattern = g.createPattern(tile, 'repeat');
  if (!pattern) return stroke;
  // Drawn at the screen's resolution, laid at CSS pixels.
  pattern.setTransform(new DOMMatrix([1 / dpr, 0, 0, 1 / dpr, 0, 0]));
  return pattern;
}

function paintOf(theme: MantineTheme, canvas: HTMLCanvasElement): ChartPaint {
  return {
    color: (color, alpha) => {
      const value = themeColor(theme, color);
      return alpha === undefined ? value : withAlpha(value, alpha);
    },
    hatch: (color) => hatchOf(theme, color),
    text: theme.colors.gray[8] ?? theme.black,
    grid: theme.colors.gray[3] ?? theme.black,
    // The theme's family is a CSS variable (lib/brand.ts), which a canvas cannot read: the stack the
    // page resolved for the canvas itself (the bundled font on wide screens, the device's on phones).
    fontFamily: getComputedStyle(canvas).fontFamily || 'sans-serif',
    reducedMotion: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false,
  };
}

/**
 * A chart drawn by Chart.js into a canvas (responsive width, a fixed height), named by `label` as
 * a figure, with the plotted values in a visually hidden table (a canvas holds no text): one row
 * per category, one column per series, in the page's language. Redrawn when the spec changes,
 * destroyed on unmount.
 */
export function Chart({
  spec,
  height,
  label,
  testId,
  mt,
}: {
  spec: ChartSpec;
  height: number;
  label: string;
  testId?: string;
  mt?: MantineSpacing;
}) {
  const theme = useMantineTheme();
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartJs<ChartSpec['kind'], number[]> | null>(null);
  const key = JSON.stringify(spec);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the spec's content (a new object each render)
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const config = toChartConfig(spec, paintOf(theme, el));
    const current = chart.current;
    if (current && 'type' in current.config && current.config.type === config.type) {
      current.data = config.data;
      current.options = config.options ?? {};
      current.update();
    } else {
      current?.destroy();
      chart.current = new ChartJs(el, config);
    }
  }, [key, theme]);
  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  const rows = chartTableRows(spec);
  return (
    <Box role="figure" aria-label={label} data-testid={testId} data-kind={spec.kind} mt={mt}>
      {/* Chart.js sizes the canvas to this box (its width, our height). */}
      <Box h={height} pos="relative">
        <canvas ref={canvas} />
      </Box>
      <VisuallyHidden>
        <table data-testid={testId ? `${testId}-values` : undefined}>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{spec.categoryLabel}</th>
              {spec.series.map((s) => (
                <th key={s.name} scope="col" data-series={s.name} data-mark={s.mark}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: categories may repeat a label; their order is fixed
              <tr key={i}>
                <th scope="row">{row.label}</th>
                {row.values.map((v, j) => (
                  <td key={spec.series[j]?.name ?? j}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
