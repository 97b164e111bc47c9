import type { ChartConfiguration, ChartDataset, ChartOptions, ChartType } from 'chart.js';
import type { ChartMark } from '../ChartKey';

// The charts' presenter (no I/O, no drawing): each chart's data as a plain `ChartSpec` (what the
// chart and its hidden table show), and a spec as Chart.js' configuration, given how the page
// paints (`ChartPaint`: the theme's colours, the hatch pattern). Chart.tsx draws it.

export type ChartKind = 'bar' | 'line' | 'radar';

/** The options of our value-label plugin (value-labels.ts). */
export type ValueLabelOptions = {
  display: boolean;
  color: string;
  font: { family: string; size: number };
};

declare module 'chart.js' {
  interface PluginOptionsByType<TType extends ChartType> {
    pwValueLabels?: ValueLabelOptions;
  }
}

export type ChartSeriesSpec = {
  /** The series' name (the key's `data-series`). */
  name: string;
  label: string;
  /** A Mantine colour (`indigo.6`). */
  color: string;
  /** How it is drawn, so it reads without colour: filled or hatched bars, a solid or dashed line. */
  mark: ChartMark;
  /** One value per category, in the order of `labels`. */
  values: number[];
};

export type ChartSpec = {
  kind: ChartKind;
  /** What the categories are: the hidden table's first column. */
  categoryLabel: string;
  /** The categories (bars' groups, points, the radar's spokes). */
  labels: string[];
  /** In the order they are drawn (left to right for bars), which is the key's order. */
  series: ChartSeriesSpec[];
  /** The value axis' bounds (absent: from the data). */
  min?: number;
  max?: number;
  /** Each value written on its bar or beside its point. */
  valueLabels: boolean;
};

/** How the page paints: the theme's colours as canvas colours, and a colour's hatch. */
export type ChartPaint = {
  /** A Mantine colour (`indigo.6`) as a canvas colour. */
  color: (color: string, alpha?: number) => string;
  /** The hatch of a colour (diagonal lines on the page's background). */
  hatch: (color: string) => CanvasPattern | string;
  /** Axis and value labels, grid lines. */
  text: string;
  grid: string;
  fontFamily: string;
  /** Whether the page asks for no motion. */
  reducedMotion: boolean;
};

/** A value as the charts and their tables write it: one decimal at most. */
export const formatValue = (n: number) => String(Math.round(n * 10) / 10);

/** The hidden table's rows: each category with its series' values, written as on the chart. */
export function chartTableRows(spec: ChartSpec): { label: string; values: string[] }[] {
  return spec.labels.map((label, i) => ({
    label,
    values: spec.series.map((s) => formatValue(s.values[i] ?? 0)),
  }));
}

type AnyDataset = ChartDataset<'bar' | 'line' | 'radar', number[]>;

function datasetOf(spec: ChartSpec, s: ChartSeriesSpec, paint: ChartPaint): AnyDataset {
  const color = paint.color(s.color);
  const data = s.values;
  if (spec.kind === 'bar') {
    const hatched = s.mark === 'hatch';
    return {
      label: s.label,
      data,
      backgroundColor: hatched ? paint.hatch(s.color) : color,
      borderColor: color,
      borderWidth: hatched ? 1 : 0,
    };
  }
  const dashed = s.mark === 'dash';
  const fill = spec.kind === 'radar';
  return {
    label: s.label,
    data,
    borderColor: color,
    borderWidth: 2,
    borderDash: dashed ? [6, 4] : [],
    // The radar's learner filled, the class average barely tinted; a line chart unfilled.
    backgroundColor: fill ? paint.color(s.color, dashed ? 0.08 : 0.3) : color,
    fill,
    pointRadius: dashed ? 0 : spec.kind === 'radar' ? 3 : 4,
    pointHoverRadius: dashed ? 0 : 5,
    pointBackgroundColor: color,
    pointBorderColor: spec.kind === 'line' ? paint.color('white') : color,
    pointBorderWidth: spec.kind === 'line' ? 2 : 0,
    tension: 0,
  };
}

/** A spec as Chart.js' configuration (responsive width, the container's height). */
export function toChartConfig(spec: ChartSpec, paint: ChartPaint): ChartConfiguration<ChartKind, number[]> {
  const font = { family: paint.fontFamily, size: 12 };
  const valueLabels: ValueLabelOptions = {
    display: spec.valueLabels,
    color: paint.text,
    font: { family: paint.fontFamily, size: 12 },
  };
  const scales: ChartOptions<ChartKind>['scales'] =
    spec.kind === 'radar'
      ? {
          r: {
            min: spec.min ?? 0,
            max: spec.max ?? 100,
            ticks: { display: false, stepSize: 20 },
            grid: { color: paint.grid },
            angleLines: { color: paint.grid },
            pointLabels: { color: paint.text, font },
          },
        }
      : {
          x: {
            // Points in the middle of their category, as bars are (a lone point is not on the axis).
            offset: true,
            grid: { display: false },
            ticks: { color: paint.text, font },
            border: { color: paint.grid },
          },
          y: {
            ...(spec.min === undefined ? {} : { min: spec.min }),
            ...(spec.max === undefined ? {} : { max: spec.max }),
            beginAtZero: true,
            grid: { color: paint.grid },
            border: { display: false, dash: [5, 5] },
            ticks: { color: paint.text, font, precision: 0 },
          },
        };
  return {
    type: spec.kind,
    data: { labels: spec.labels, datasets: spec.series.map((s) => datasetOf(spec, s, paint)) },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: paint.reducedMotion ? false : { duration: 400 },
      // Room above the tallest bar or point for its value.
      layout: { padding: { top: spec.valueLabels ? 20 : 4, right: 8 } },
      scales,
      plugins: {
        // The key is ours (ChartKey), in the series' order with marks that read without colour.
        legend: { display: false },
        tooltip: {
          enabled: spec.kind !== 'radar',
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatValue(Number(item.raw))}` },
        },
        pwValueLabels: valueLabels,
      },
    },
  };
}

// Each chart's data as a spec, in the order its page draws it.

/** Results: the class average of each assignment for one score (one series). */
export function classAverageSpec(
  assignments: readonly { name: string; average: number }[],
  text: { assignment: string; classAverage: string },
): ChartSpec {
  return {
    kind: 'bar',
    categoryLabel: text.assignment,
    labels: assignments.map((a) => a.name),
    series: [
      {
        name: 'average',
        label: text.classAverage,
        color: 'indigo.6',
        mark: 'fill',
        values: assignments.map((a) => a.average),
      },
    ],
    valueLabels: true,
  };
}

/** A personal score: the learner's total beside the class average (hatched) per assignment. */
export function personalScoreSpec(
  assignments: readonly { name: string; me: number; average: number }[],
  text: { assignment: string; me: string; classAverage: string },
): ChartSpec {
  return {
    kind: 'bar',
    categoryLabel: text.assignment,
    labels: assignments.map((a) => a.name),
    series: [
      { name: 'me', label: text.me, color: 'indigo.6', mark: 'fill', values: assignments.map((a) => a.me) },
      {
        name: 'average',
        label: text.classAverage,
        color: 'gray.6',
        mark: 'hatch',
        values: assignments.map((a) => a.average),
      },
    ],
    valueLabels: true,
  };
}

/** The score page's histogram: learners per 10-point band of totals. */
export function bandsSpec(
  bands: readonly { band: string; count: number }[],
  text: { band: string; learners: string },
): ChartSpec {
  return {
    kind: 'bar',
    categoryLabel: text.band,
    labels: bands.map((b) => b.band),
    series: [
      {
        name: 'count',
        label: text.learners,
        color: 'indigo.6',
        mark: 'fill',
        values: bands.map((b) => b.count),
      },
    ],
    valueLabels: true,
  };
}

/** The profile's standard score per assignment: a line from zero, each point labelled. */
export function standardScoreSpec(
  scores: readonly { assignment: string; standard_score: number }[],
  text: { assignment: string; score: string },
): ChartSpec {
  return {
    kind: 'line',
    categoryLabel: text.assignment,
    labels: scores.map((s) => s.assignment),
    series: [
      {
        name: 'standard_score',
        label: text.score,
        color: 'brand.6',
        mark: 'line',
        values: scores.map((s) => s.standard_score),
      },
    ],
    min: 0,
    valueLabels: true,
  };
}

/** The report's radar (0–100): the learner's scores (solid, filled) against the class (dashed). */
export function radarSpec(
  rows: readonly { type: string; me: number; average: number }[],
  text: { kind: string; me: string; classAverage: string },
): ChartSpec {
  return {
    kind: 'radar',
    categoryLabel: text.kind,
    labels: rows.map((r) => r.type),
    series: [
      { name: 'me', label: text.me, color: 'indigo.6', mark: 'line', values: rows.map((r) => r.me) },
      {
        name: 'average',
        label: text.classAverage,
        color: 'gray.7',
        mark: 'dash',
        values: rows.map((r) => r.average),
      },
    ],
    min: 0,
    max: 100,
    valueLabels: false,
  };
}
