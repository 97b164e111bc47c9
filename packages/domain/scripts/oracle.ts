// The oracle of the simulation's red-mark tables: the best any engine could do at marking a planted
// kind of reviewer red, given even what no engine sees.
//
// It knows every essay's true quality, exactly how each kind of reviewer marks (the simulation's
// own generator) and the class's make-up, and ranks the evaluators by the likelihood ratio
//   P(their marks | the watched kind) ÷ P(their marks | any other kind of the class),
// marking the top 30 %. With one watched reviewer in the class, the posterior probability that
// reviewer r is the watched one is proportional to r's ratio (the reviewers' marks are independent
// given the qualities), so no ranking of the evaluators puts the watched reviewer among the marked
// more often: where the oracle falls short of a goal, the goal cannot be met from the marks.

export type Kind =
  | 'careful'
  | 'noisy'
  | 'lenient'
  | 'harsh'
  | 'same-mark'
  | 'random'
  | 'max-giver'
  | 'contrarian'
  | 'colluder';

/** One mark a reviewer gave: the point, the standard's maximum and the essay's true quality (0..1). */
export interface OracleRating {
  point: number;
  maxPoint: number;
  quality: number;
}

// The simulation's model of the essays and the reviewers, shared by its generator (simulate.ts)
// and the likelihoods here, so that the bounds always judge the marks the generator draws.

/** Essay quality per standard: ability N(abilityMean, abilitySd) + N(0, standardSd), clamped to 0..1. */
export const QUALITY_MODEL = { abilityMean: 0.6, abilitySd: 0.15, standardSd: 0.08 } as const;

/** The same-mark reviewer's fixed share of the scale is uniform on low .. low + width. */
export const SAME_MARK_SHARE = { low: 0.55, width: 0.3 } as const;

export interface MarkingModel {
  shift: number;
  noise: number;
  /** The share is shift − quality (+ noise) instead of quality + shift. */
  against?: boolean;
}

/** Noise (share of the scale) and shift of the kinds whose marks are the quality plus a normal error. */
export const MARKING_MODELS: Partial<Record<Kind, MarkingModel>> = {
  careful: { shift: 0, noise: 0.08 },
  colluder: { shift: 0, noise: 0.08 },
  noisy: { shift: 0, noise: 0.25 },
  lenient: { shift: 0.2, noise: 0.08 },
  harsh: { shift: -0.2, noise: 0.08 },
  // 1.2 − quality + noise
  contrarian: { shift: 1.2, noise: 0.08, against: true },
};

/** log P(these marks | kind, the true qualities), as the simulation generates them. */
export function kindLogLikelihood(kind: Kind, ratings: OracleRating[]): number {
  if (kind === 'same-mark') return sameMarkLogLikelihood(ratings);
  if (kind === 'max-giver')
    return ratings.every((r) => r.point === r.maxPoint) ? 0 : Number.NEGATIVE_INFINITY;
  if (kind === 'random') return ratings.reduce((sum, r) => sum - Math.log(r.maxPoint + 1), 0);
  const model = MARKING_MODELS[kind];
  if (model === undefined) throw new Error(`no model for ${kind}`);
  let sum = 0;
  for (const r of ratings) {
    const mean = meanShare(model, r.quality);
    // The mark is round(share × max) clamped to 0..max: share in [(p − ½)/max, (p + ½)/max).
    const low = r.point === 0 ? Number.NEGATIVE_INFINITY : (r.point - 0.5) / r.maxPoint;
    const high = r.point === r.maxPoint ? Number.POSITIVE_INFINITY : (r.point + 0.5) / r.maxPoint;
    sum += Math.log(Math.max(1e-300, normalBetween((low - mean) / model.noise, (high - mean) / model.noise)));
  }
  return sum;
}

/** The share a reviewer of this model aims at for an essay of this quality, before the noise. */
export function meanShare(model: MarkingModel, quality: number): number {
  return model.against === true ? model.shift - quality : quality + model.shift;
}

// The fixed share c gives round(c × max) on every standard: the marks are possible only for the c
// in every rating's rounding interval; their likelihood is the share of the range left.
function sameMarkLogLikelihood(ratings: OracleRating[]): number {
  const width = SAME_MARK_SHARE.width;
  let low: number = SAME_MARK_SHARE.low;
  let high = low + width;
  for (const r of ratings) {
    low = Math.max(low, (r.point - 0.5) / r.maxPoint);
    high = Math.min(high, (r.point + 0.5) / r.maxPoint);
  }
  return high > low ? Math.log((high - low) / width) : Number.NEGATIVE_INFINITY;
}

/**
 * The expected number of the watched reviewers among the `quota` evaluators with the highest
 * likelihood ratio (ties at the boundary shared out, as a random choice among them would).
 * `others` is the class's make-up without the watched kind (shares summing to about 1).
 */
export function oracleMarked(
  ratingsOf: Map<string, OracleRating[]>,
  evaluatorIds: string[],
  watchedIds: Set<string>,
  watched: Kind,
  others: Partial<Record<Kind, number>>,
  quota: number,
): number {
  const entries = Object.entries(others).filter(([, share]) => (share ?? 0) > 0) as [Kind, number][];
  const total = entries.reduce((sum, [, share]) => sum + share, 0);
  const ratios = evaluatorIds.map((id) => {
    const ratings = ratingsOf.get(id) ?? [];
    const own = kindLogLikelihood(watched, ratings);
    const rest = logSumExp(
      entries.map(([kind, share]) => Math.log(share / total) + kindLogLikelihood(kind, ratings)),
    );
    const ratio =
      own === Number.NEGATIVE_INFINITY ? own : rest === Number.NEGATIVE_INFINITY ? Infinity : own - rest;
    return { id, ratio };
  });
  ratios.sort((a, b) => b.ratio - a.ratio);
  if (quota <= 0) return 0;
  const boundary = ratios[quota - 1]?.ratio ?? Number.NEGATIVE_INFINITY;
  let marked = 0;
  const above = ratios.filter((r) => r.ratio > boundary);
  const tied = ratios.filter((r) => r.ratio === boundary);
  for (const r of above) if (watchedIds.has(r.id)) marked += 1;
  const places = quota - above.length;
  for (const r of tied) if (watchedIds.has(r.id)) marked += places / tied.length;
  return marked;
}

function logSumExp(values: number[]): number {
  const top = Math.max(...values);
  if (top === Number.NEGATIVE_INFINITY) return top;
  return top + Math.log(values.reduce((sum, v) => sum + Math.exp(v - top), 0));
}

/** P(a < Z < b) for a standard normal Z, accurate in both tails. */
export function normalBetween(a: number, b: number): number {
  if (a >= 0) return upperTail(a) - upperTail(b);
  if (b <= 0) return upperTail(-b) - upperTail(-a);
  return 1 - upperTail(-a) - upperTail(b);
}

// P(Z > x), from the complementary error function (Numerical Recipes' erfcc, relative error
// below 1.2e-7 everywhere).
function upperTail(x: number): number {
  if (x === Number.POSITIVE_INFINITY) return 0;
  if (x === Number.NEGATIVE_INFINITY) return 1;
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(poly);
  return x >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** One rating for the exact posterior: who rated whose essay, on which standard, with what mark. */
export interface ClassRating {
  reviewerId: string;
  authorId: string;
  standardIndex: number;
  point: number;
}

const ABILITY_POINTS = 33;
const QUALITY_BINS = 80;

const KINDS_WITH_QUALITY: Kind[] = ['careful', 'colluder', 'noisy', 'lenient', 'harsh', 'contrarian'];

/**
 * The exact posterior probability that each reviewer is of the watched kind, from the marks alone
 * (the true qualities integrated out), for a small class: every assignment of the class's make-up
 * to its members is enumerated. `base` is the make-up (counts summing to the class size); with
 * `planted`, one member, any of them, is replaced by a reviewer of that kind (simulate.ts).
 */
export function exactPosterior(input: {
  ids: string[];
  maxPoints: number[];
  ratings: ClassRating[];
  base: { kind: Kind; count: number }[];
  planted: Kind | null;
  watched: Kind;
}): Map<string, number> {
  const { ids, maxPoints, ratings, base, planted, watched } = input;
  const n = ids.length;
  const index = new Map(ids.map((id, i) => [id, i]));
  const byReviewer: OracleRating[][] = ids.map(() => []);
  const byEssay: { rater: number; standard: number; point: number }[][] = ids.map(() => []);
  for (const r of ratings) {
    const rater = index.get(r.reviewerId);
    const essay = index.get(r.authorId);
    if (rater === undefined || essay === undefined) continue;
    byReviewer[rater]?.push({ point: r.point, maxPoint: maxPoints[r.standardIndex] ?? 1, quality: 0 });
    byEssay[essay]?.push({ rater, standard: r.standardIndex, point: r.point });
  }
  const grid = qualityGrid();
  // P(mark | q, kind) over the quality grid, per rating (in byEssay order) and kind.
  const markVectors = byEssay.map((list) =>
    list.map(({ standard, point }) => {
      const vectors = new Map<Kind, Float64Array>();
      for (const kind of KINDS_WITH_QUALITY) {
        vectors.set(
          kind,
          Float64Array.from(grid.qualities, (q) =>
            Math.exp(kindLogLikelihood(kind, [{ point, maxPoint: maxPoints[standard] ?? 1, quality: q }])),
          ),
        );
      }
      return vectors;
    }),
  );
  // Kinds are coded 0..B−1; an assignment is the code of every member.
  const kindList = [...new Set([...base.map((b) => b.kind), ...(planted === null ? [] : [planted])])];
  const codeOf = new Map(kindList.map((kind, i) => [kind, i]));
  const B = kindList.length;
  const watchedCode = codeOf.get(watched) ?? -1;
  // Marks that do not depend on the quality are counted once per reviewer; the others per essay.
  const ownLog = kindList.map((kind) =>
    ids.map((_, r) => (KINDS_WITH_QUALITY.includes(kind) ? 0 : kindLogLikelihood(kind, byReviewer[r] ?? []))),
  );
  const withQuality = kindList.map((kind) => KINDS_WITH_QUALITY.includes(kind));
  const essayRaters = byEssay.map((list) => [...new Set(list.map((r) => r.rater))]);
  const essayCaches = byEssay.map(() => new Map<number, number>());
  const essayLog = (essay: number, codes: Int32Array) => {
    let key = 0;
    for (const r of essayRaters[essay] ?? []) {
      const c = codes[r] ?? 0;
      key = key * (B + 1) + (withQuality[c] === true ? c + 1 : 0);
    }
    const cache = essayCaches[essay] as Map<number, number>;
    let value = cache.get(key);
    if (value === undefined) {
      const kinds = Array.from(codes, (c) => kindList[c] as Kind);
      value = Math.log(
        Math.max(
          1e-300,
          integrateEssay(byEssay[essay] ?? [], markVectors[essay] ?? [], kinds, maxPoints.length, grid),
        ),
      );
      cache.set(key, value);
    }
    return value;
  };
  // Every assignment is equally likely a priori (simulate.ts: the make-up shuffled, then one member,
  // any of them, replaced by the planted kind), so the posterior is the normalised likelihood,
  // summed here on the fly (rescaled whenever a larger one comes).
  let top = Number.NEGATIVE_INFINITY;
  let total = 0;
  const mass = new Float64Array(n);
  const visit = (codes: Int32Array) => {
    let sum = 0;
    for (let r = 0; r < n; r++) sum += ownLog[codes[r] ?? 0]?.[r] ?? 0;
    if (sum === Number.NEGATIVE_INFINITY) return;
    for (let e = 0; e < n; e++) sum += essayLog(e, codes);
    if (sum > top) {
      const scale = top === Number.NEGATIVE_INFINITY ? 0 : Math.exp(top - sum);
      total *= scale;
      for (let r = 0; r < n; r++) mass[r] = (mass[r] ?? 0) * scale;
      top = sum;
    }
    const weight = Math.exp(sum - top);
    total += weight;
    for (let r = 0; r < n; r++) if (codes[r] === watchedCode) mass[r] = (mass[r] ?? 0) + weight;
  };
  const counted = (list: { kind: Kind; count: number }[]) =>
    list.map((b) => ({ code: codeOf.get(b.kind) ?? 0, count: b.count }));
  if (planted === null) {
    arrange(counted(base), n, visit);
  } else {
    for (const removed of base.filter((b) => b.count > 0)) {
      const rest = base.map((b) => ({
        kind: b.kind,
        count: b.kind === removed.kind ? b.count - 1 : b.count,
      }));
      arrange(counted([...rest, { kind: planted, count: 1 }]), n, visit);
    }
  }
  return new Map(ids.map((id, r) => [id, total > 0 ? (mass[r] ?? 0) / total : 0]));
}

interface QualityGrid {
  /** Quality of each bin (0 and 1 for the clamped ends). */
  qualities: number[];
  /** Weight of each ability point, and P(quality bin | ability point). */
  abilityWeights: number[];
  binGivenAbility: Float64Array[];
}

let cachedGrid: QualityGrid | null = null;

function qualityGrid(): QualityGrid {
  if (cachedGrid !== null) return cachedGrid;
  const qualities = [0, ...Array.from({ length: QUALITY_BINS }, (_, j) => (j + 0.5) / QUALITY_BINS), 1];
  const abilities = Array.from({ length: ABILITY_POINTS }, (_, i) => -4 + (8 * i) / (ABILITY_POINTS - 1));
  const density = abilities.map((z) => Math.exp(-0.5 * z * z));
  const sum = density.reduce((a, b) => a + b, 0);
  const binGivenAbility = abilities.map((z) => {
    const a = QUALITY_MODEL.abilityMean + QUALITY_MODEL.abilitySd * z;
    const below = (x: number) => 1 - upperTail((x - a) / QUALITY_MODEL.standardSd);
    return Float64Array.from(qualities, (_, j) => {
      if (j === 0) return below(0);
      if (j === qualities.length - 1) return 1 - below(1);
      return normalBetween(
        ((j - 1) / QUALITY_BINS - a) / QUALITY_MODEL.standardSd,
        (j / QUALITY_BINS - a) / QUALITY_MODEL.standardSd,
      );
    });
  });
  cachedGrid = { qualities, abilityWeights: density.map((d) => d / sum), binGivenAbility };
  return cachedGrid;
}

// ∫ P(ability) Π_standards ∫ P(q | ability) Π_raters P(mark | q, kind) dq, over the raters whose
// marks depend on the quality (the others' marks are counted once per reviewer).
function integrateEssay(
  list: { rater: number; standard: number; point: number }[],
  vectors: Map<Kind, Float64Array>[],
  kinds: Kind[],
  standardCount: number,
  grid: QualityGrid,
): number {
  const size = grid.qualities.length;
  const perStandard: Float64Array[] = [];
  for (let s = 0; s < standardCount; s++) {
    const product = new Float64Array(size).fill(1);
    let used = false;
    list.forEach((r, k) => {
      if (r.standard !== s) return;
      const vector = vectors[k]?.get(kinds[r.rater] as Kind);
      if (vector === undefined) return;
      used = true;
      for (let j = 0; j < size; j++) product[j] = (product[j] ?? 0) * (vector[j] ?? 0);
    });
    if (used) perStandard.push(product);
  }
  if (perStandard.length === 0) return 1;
  let total = 0;
  grid.abilityWeights.forEach((weight, i) => {
    const bins = grid.binGivenAbility[i] as Float64Array;
    let product = weight;
    for (const vector of perStandard) {
      let inner = 0;
      for (let j = 0; j < size; j++) inner += (bins[j] ?? 0) * (vector[j] ?? 0);
      product *= inner;
    }
    total += product;
  });
  return total;
}

// Every distinct arrangement of a multiset of kind codes over `length` places (the array passed to
// `visit` is reused).
function arrange(
  counts: { code: number; count: number }[],
  length: number,
  visit: (codes: Int32Array) => void,
): void {
  const left = counts.filter((c) => c.count > 0).map((c) => ({ ...c }));
  const current = new Int32Array(length);
  const step = (place: number) => {
    if (place === length) {
      visit(current);
      return;
    }
    for (const c of left) {
      if (c.count === 0) continue;
      c.count -= 1;
      current[place] = c.code;
      step(place + 1);
      c.count += 1;
    }
  };
  step(0);
}
