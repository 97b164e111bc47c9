import { Group, Text } from '@mantine/core';
import { useId } from 'react';

/**
 * How a series is drawn, so that a chart reads without colour too: a filled bar or area, a
 * hatched bar, a solid or a dashed line.
 */
export type ChartMark = 'fill' | 'hatch' | 'line' | 'dash';
export type ChartKeyItem = {
  /** The series' name in the chart's data. */
  name: string;
  label: string;
  /** A Mantine colour (`indigo.6`), as the chart's series takes it. */
  color: string;
  mark: ChartMark;
};

/** A Mantine colour (`indigo.6`) as a CSS value. */
export const chartColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** The SVG pattern of a hatched swatch (diagonal lines on white), as Chart.tsx hatches the bars. */
export function HatchPattern({ id, color }: { id: string; color: string }) {
  return (
    <pattern id={id} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="6" height="6" fill="var(--mantine-color-body)" />
      <line x1="0" y1="0" x2="0" y2="6" stroke={chartColor(color)} strokeWidth="3" />
    </pattern>
  );
}

/** One key's swatch: a 20 × 12 px drawing of the series' mark in its colour. */
function Swatch({ color, mark }: Pick<ChartKeyItem, 'color' | 'mark'>) {
  const id = `key${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const c = chartColor(color);
  return (
    <svg width="20" height="12" viewBox="0 0 20 12" aria-hidden="true" style={{ flex: 'none' }}>
      {mark === 'hatch' ? (
        <defs>
          <HatchPattern id={id} color={color} />
        </defs>
      ) : null}
      {mark === 'fill' ? <rect x="0.5" y="0.5" width="19" height="11" rx="2" fill={c} /> : null}
      {mark === 'hatch' ? (
        <rect x="0.5" y="0.5" width="19" height="11" rx="2" fill={`url(#${id})`} stroke={c} />
      ) : null}
      {mark === 'line' || mark === 'dash' ? (
        <>
          <line
            x1="1"
            y1="6"
            x2="19"
            y2="6"
            stroke={c}
            strokeWidth="2.5"
            strokeDasharray={mark === 'dash' ? '4 3' : undefined}
          />
          {mark === 'line' ? <circle cx="10" cy="6" r="3" fill={c} /> : null}
        </>
      ) : null}
    </svg>
  );
}

/**
 * A chart's key, drawn by us rather than by the chart: in the order of the series (the order of
 * the bars), each swatch showing the series' mark, so colour is never the only cue.
 */
export function ChartKey({ items, testId }: { items: readonly ChartKeyItem[]; testId?: string }) {
  return (
    <Group role="list" gap="md" justify="center" wrap="wrap" data-testid={testId}>
      {items.map((item) => (
        <Group role="listitem" key={item.name} gap={6} wrap="nowrap" data-series={item.name}>
          <Swatch color={item.color} mark={item.mark} />
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}
