import type { ChartType, Plugin } from 'chart.js';
import { formatValue, type ValueLabelOptions } from './chart-spec';

// Our Chart.js plugin (no extra package): each value written above its bar or point, in the
// page's font and as the hidden table writes it (`formatValue`), drawn after the datasets (and moving with them while they animate).

/** The gap between a bar's top (or a point) and its value, px. */
const GAP = { bar: 4, point: 8 };

export const valueLabels: Plugin<ChartType, ValueLabelOptions> = {
  id: 'pwValueLabels',
  afterDatasetsDraw(chart, _args, options) {
    if (!options.display) return;
    const { ctx } = chart;
    ctx.save();
    ctx.fillStyle = options.color;
    ctx.font = `${options.font.size}px ${options.font.family}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    chart.data.datasets.forEach((dataset, i) => {
      const meta = chart.getDatasetMeta(i);
      if (!chart.isDatasetVisible(i)) return;
      const gap = meta.type === 'bar' ? GAP.bar : GAP.point;
      meta.data.forEach((element, j) => {
        const value = dataset.data[j];
        if (typeof value !== 'number' || Number.isNaN(value)) return;
        const { x, y } = element.getProps(['x', 'y']) as { x: number; y: number };
        ctx.fillText(formatValue(value), x, y - gap);
      });
    });
    ctx.restore();
  },
};
