// Essay-score methods the engine is compared with, written from their papers' descriptions
// independently of the engine: shared by the simulation (simulate.ts) and the real class
// (real-class.ts).
import type { Review } from '../src/index';

interface Standard {
  maxPoint: number;
}

/**
 * Essay totals by two published reliability-weighting methods, written here from their papers'
 * descriptions (independently of the engine), on shares of the scale per standard:
 * - Hamer, Ma and Kwong (2005): grade = weighted mean; a reviewer's error = mean squared distance
 *   to the grades; weight = mean error ÷ own error, damped above 2 (2 + ln(w − 1)); 10 rounds.
 * - "Vancouver" (de Alfaro and Shavlovsky, CrowdGrader 2014): weight = 1 ÷ variance; a reviewer's
 *   variance = mean squared distance to the others' weighted grade, less that grade's own
 *   variance (1 ÷ Σ the others' weights), floored; 10 rounds.
 */
export function scoreByWeights(
  standards: Standard[],
  ids: string[],
  reviews: Review[],
  method: 'hamer' | 'vancouver',
): number[] {
  const ratings = reviews.flatMap((r) =>
    r.responses.map((response, i) => ({
      reviewer: r.reviewerId,
      cell: `${r.authorId}/${i}`,
      value: (response.point ?? 0) / (standards[i]?.maxPoint ?? 1),
    })),
  );
  const weight = new Map(ratings.map((r) => [r.reviewer, 1]));
  const grade = new Map<string, number>();
  const sums = () => {
    const cells = new Map<string, { sum: number; weight: number }>();
    for (const r of ratings) {
      const w = weight.get(r.reviewer) ?? 1;
      const cell = cells.get(r.cell) ?? { sum: 0, weight: 0 };
      cell.sum += w * r.value;
      cell.weight += w;
      cells.set(r.cell, cell);
    }
    return cells;
  };
  for (let round = 0; round < 10; round++) {
    const cells = sums();
    for (const [key, cell] of cells) grade.set(key, cell.weight > 0 ? cell.sum / cell.weight : 0);
    const errors = new Map<string, { sum: number; count: number }>();
    for (const r of ratings) {
      const cell = cells.get(r.cell);
      if (cell === undefined) continue;
      const w = weight.get(r.reviewer) ?? 1;
      let distance: number;
      if (method === 'hamer') {
        distance = (r.value - (grade.get(r.cell) ?? 0)) ** 2;
      } else {
        const rest = cell.weight - w;
        if (rest <= 1e-12) continue;
        distance = (r.value - (cell.sum - w * r.value) / rest) ** 2 - 1 / rest;
      }
      const e = errors.get(r.reviewer) ?? { sum: 0, count: 0 };
      e.sum += distance;
      e.count += 1;
      errors.set(r.reviewer, e);
    }
    if (method === 'hamer') {
      const own = new Map([...errors].map(([id, e]) => [id, Math.max(1e-6, e.sum / e.count)]));
      const meanError = meanOf([...own.values()]);
      for (const [id, e] of own) {
        const w = meanError / e;
        weight.set(id, w > 2 ? 2 + Math.log(w - 1) : w);
      }
    } else {
      for (const [id, e] of errors) weight.set(id, 1 / Math.max(1e-3, e.sum / e.count));
    }
  }
  const cells = sums();
  return ids.map((id) =>
    standards.reduce((total, st, i) => {
      const cell = cells.get(`${id}/${i}`);
      return total + (cell !== undefined && cell.weight > 0 ? (cell.sum / cell.weight) * st.maxPoint : 0);
    }, 0),
  );
}

function meanOf(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
