import { describe, expect, it } from 'vitest';
import {
  bandsSpec,
  type ChartPaint,
  chartTableRows,
  classAverageSpec,
  formatValue,
  personalScoreSpec,
  radarSpec,
  standardScoreSpec,
  toChartConfig,
} from './chart-spec';

/** Colours as readable strings, and a hatch that says what it hatches (a pattern in the browser). */
const paint: ChartPaint = {
  color: (c, alpha) => (alpha === undefined ? `C(${c})` : `C(${c},${alpha})`),
  hatch: (c) => `HATCH(${c})`,
  text: 'TEXT',
  grid: 'GRID',
  fontFamily: 'Pretendard',
  reducedMotion: false,
};

describe('chart specs', () => {
  it('the class averages: one series of bars, labelled, values written', () => {
    const spec = classAverageSpec(
      [
        { name: '0차 과제', average: 71.2345 },
        { name: '1차 과제', average: 64 },
      ],
      { assignment: '과제', classAverage: '전체 평균' },
    );
    const config = toChartConfig(spec, paint);
    expect(config.type).toBe('bar');
    expect(config.data.labels).toEqual(['0차 과제', '1차 과제']);
    expect(config.data.datasets).toHaveLength(1);
    expect(config.data.datasets[0]).toMatchObject({
      label: '전체 평균',
      data: [71.2345, 64],
      backgroundColor: 'C(indigo.6)',
    });
    expect(config.options?.plugins?.pwValueLabels).toMatchObject({ display: true, color: 'TEXT' });
    expect(config.options?.plugins?.legend?.display).toBe(false);
    // The hidden table writes the values as the bars do.
    expect(chartTableRows(spec)).toEqual([
      { label: '0차 과제', values: ['71.2'] },
      { label: '1차 과제', values: ['64'] },
    ]);
  });

  it('a personal score: the learner solid then the class hatched, in the key’s order', () => {
    const spec = personalScoreSpec([{ name: 'A1', me: 80.26, average: 70 }], {
      assignment: 'Assignment',
      me: 'Me',
      classAverage: 'Class average',
    });
    expect(spec.series.map((s) => [s.name, s.mark])).toEqual([
      ['me', 'fill'],
      ['average', 'hatch'],
    ]);
    const [me, average] = toChartConfig(spec, paint).data.datasets;
    expect(me).toMatchObject({ label: 'Me', data: [80.26], backgroundColor: 'C(indigo.6)', borderWidth: 0 });
    expect(average).toMatchObject({
      label: 'Class average',
      data: [70],
      backgroundColor: 'HATCH(gray.6)',
      borderColor: 'C(gray.6)',
      borderWidth: 1,
    });
    expect(chartTableRows(spec)).toEqual([{ label: 'A1', values: ['80.3', '70'] }]);
  });

  it('the histogram: a count per band', () => {
    const spec = bandsSpec(
      [
        { band: '0–9', count: 0 },
        { band: '90–100', count: 3 },
      ],
      { band: 'Score band', learners: 'Learners' },
    );
    expect(spec.categoryLabel).toBe('Score band');
    expect(toChartConfig(spec, paint).data.datasets[0]?.data).toEqual([0, 3]);
    expect(chartTableRows(spec).map((r) => r.values[0])).toEqual(['0', '3']);
  });

  it('the standard score: a line from zero with dots and point labels', () => {
    const spec = standardScoreSpec(
      [
        { assignment: 'A1', standard_score: 52.5 },
        { assignment: 'A2', standard_score: 48 },
      ],
      { assignment: 'Assignment', score: 'Standard score' },
    );
    const config = toChartConfig(spec, paint);
    expect(config.type).toBe('line');
    expect(config.data.datasets[0]).toMatchObject({
      data: [52.5, 48],
      borderColor: 'C(brand.6)',
      borderDash: [],
      fill: false,
      tension: 0,
      pointRadius: 4,
    });
    expect(config.options?.scales?.y).toMatchObject({ min: 0, beginAtZero: true });
    expect(config.options?.plugins?.pwValueLabels?.display).toBe(true);
  });

  it('the radar: 0–100, the learner filled and solid, the class dashed and barely tinted, no value labels', () => {
    const spec = radarSpec(
      [
        { type: 'Writing', me: 80, average: 60 },
        { type: 'Reviewing', me: 70, average: 65 },
      ],
      { kind: 'Score', me: 'Me', classAverage: 'Class average' },
    );
    const config = toChartConfig(spec, paint);
    expect(config.type).toBe('radar');
    expect(config.options?.scales?.r).toMatchObject({ min: 0, max: 100 });
    const [me, average] = config.data.datasets;
    expect(me).toMatchObject({ label: 'Me', borderDash: [], fill: true, backgroundColor: 'C(indigo.6,0.3)' });
    expect(average).toMatchObject({
      label: 'Class average',
      borderDash: [6, 4],
      fill: true,
      backgroundColor: 'C(gray.7,0.08)',
      pointRadius: 0,
    });
    expect(config.options?.plugins?.pwValueLabels?.display).toBe(false);
    expect(chartTableRows(spec)).toEqual([
      { label: 'Writing', values: ['80', '60'] },
      { label: 'Reviewing', values: ['70', '65'] },
    ]);
  });

  it('no motion when the page asks for none', () => {
    const spec = bandsSpec([], { band: 'b', learners: 'l' });
    expect(toChartConfig(spec, { ...paint, reducedMotion: true }).options?.animation).toBe(false);
    expect(toChartConfig(spec, paint).options?.animation).toMatchObject({ duration: 400 });
  });

  it('writes a value with one decimal at most', () => {
    expect([formatValue(3), formatValue(3.04), formatValue(3.05), formatValue(71.26)]).toEqual([
      '3',
      '3',
      '3.1',
      '71.3',
    ]);
  });
});
