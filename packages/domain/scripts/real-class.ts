// The real class of docs/simulation.md's last section: 247 submissions of the University of
// Auckland (2023), each graded by three peers and by three tutors on the same five rubric items
// (read from ../shared/data, never copied into the repository; its README says what it holds).
// The peers are scored as one assignment (reviewers without essays of their own, submissions as
// authors) and compared with the tutors' mean per item.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRandom, type Review, type ScoreAssignmentInput, scoreAssignment } from '../src/index';
import { LOWEST_EVALUATOR_SHARE } from '../src/scoring/constants';
import { scoreByWeights } from './baselines';
import { spearman } from './correlation';

export const REAL_CLASS_FOLDER = 'peer-grading-auckland';
const ITEM_MAX = [2, 3, 2, 3, 4];

export interface RealRating {
  assessor: string;
  submission: string;
  points: number[];
}

export interface RealClass {
  itemMax: number[];
  submissions: string[];
  ratings: RealRating[];
  /** The tutors' mean per item, per submission. */
  tutorMean: Map<string, number[]>;
}

/** The folder of the real class: $PW_REAL_DATA_DIR, else ../shared/data/<folder> from the repo root. */
export function locateRealClass(): string {
  const base =
    process.env.PW_REAL_DATA_DIR ?? fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
  return join(base, REAL_CLASS_FOLDER);
}

export function loadRealClass(dir: string): RealClass | null {
  const peerFile = join(dir, 'peer_grades.csv');
  const tutorFile = join(dir, 'tutor_grades.csv');
  if (!existsSync(peerFile) || !existsSync(tutorFile)) return null;
  const peers = readCsv(peerFile);
  const tutors = readCsv(tutorFile);
  const ratings = peers.map((row) => ({
    assessor: field(row, 'assessor_id'),
    submission: field(row, 'file_name'),
    points: ITEM_MAX.map((_, i) => Number(field(row, `item${i + 1}`))),
  }));
  const tutorSums = new Map<string, { sum: number[]; count: number }>();
  for (const row of tutors) {
    const id = field(row, 'file_name');
    const entry = tutorSums.get(id) ?? { sum: ITEM_MAX.map(() => 0), count: 0 };
    ITEM_MAX.forEach((_, i) => {
      entry.sum[i] = (entry.sum[i] ?? 0) + Number(field(row, `criteria_${i + 1}`));
    });
    entry.count += 1;
    tutorSums.set(id, entry);
  }
  const tutorMean = new Map([...tutorSums].map(([id, e]) => [id, e.sum.map((s) => s / e.count)]));
  const submissions = [...new Set(ratings.map((r) => r.submission))].filter((s) => tutorMean.has(s)).sort();
  for (const r of ratings) {
    if (r.points.some((p) => !Number.isFinite(p))) throw new Error(`non-numeric points for ${r.submission}`);
  }
  return { itemMax: ITEM_MAX, submissions, ratings, tutorMean };
}

function readCsv(file: string): Map<string, string>[] {
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.replace(/^"|"$/g, ''));
  return lines.slice(1).map((line) => {
    const cells = line.split(',').map((c) => c.replace(/^"|"$/g, ''));
    return new Map(header.map((h, i) => [h, cells[i] ?? '']));
  });
}

function field(row: Map<string, string>, name: string): string {
  const value = row.get(name);
  if (value === undefined) throw new Error(`missing column ${name}`);
  return value;
}

/** Figures of one scoring of the real class (or of one bootstrap resample of it). */
export interface RealFigures {
  /** Per essay method: Spearman and MAE (points of 14) against the tutors' mean, share within 1.4 points. */
  essay: Record<EssayMethod, { spearman: number; mae: number; within: number }>;
  /** Graders with two or more reviews. */
  graders: number;
  /** Spearman with −(mean absolute error against the tutors, points) over those graders. */
  evaluation: { engine: number; leaveOneOut: number };
  /** Share of the marked graders (engine: its red marks; leave-one-out: its lowest 30 %) among the true worst 30 %. */
  redMarks: { engine: number; leaveOneOut: number; engineMarked: number; leaveOneOutMarked: number };
}

export const ESSAY_METHODS = ['mean', 'median', 'trimmed', 'hamer', 'vancouver', 'engine'] as const;
export type EssayMethod = (typeof ESSAY_METHODS)[number];

/** Rubric points within which an essay score counts as close: 10 % of the class's 14. */
const WITHIN_SHARE = 0.1;

// The engine's input for the class (or a resample of its submissions, `picks`): the peers as
// reviewers without essays of their own, the submissions as authors.
export function buildRealInput(data: RealClass, picks: readonly string[] = data.submissions) {
  const standards = data.itemMax.map((maxPoint, i) => ({ id: `item${i + 1}`, maxPoint }));
  const totalMax = data.itemMax.reduce((a, b) => a + b, 0);
  const bySubmission = new Map<string, RealRating[]>();
  for (const r of data.ratings)
    bySubmission.set(r.submission, [...(bySubmission.get(r.submission) ?? []), r]);
  const authors = picks.map((submission, i) => ({ id: `essay-${i}`, submission }));
  const reviews: Review[] = authors.flatMap((author) =>
    (bySubmission.get(author.submission) ?? []).map((r) => ({
      reviewerId: `peer-${r.assessor}`,
      authorId: author.id,
      isCompleted: true,
      responses: r.points.map((point, i) => ({ standardId: `item${i + 1}`, point })),
    })),
  );
  const reviewerIds = [...new Set(reviews.map((r) => r.reviewerId))];
  const input: ScoreAssignmentInput = {
    settings: { standards, maxScores: { essayWriting: totalMax, peerReview: 10 } },
    learners: [...reviewerIds.map((id) => ({ id, hasEssay: false })), ...authors.map((a) => ({ id: a.id }))],
    reviews,
  };
  return { input, standards, totalMax, bySubmission, authors, reviews, reviewerIds };
}

// Scores the class once: `picks` lists the submissions to use (with repetitions for a bootstrap
// resample; a repeated submission is a new author, reviewed by the same peers).
export function scoreRealClass(data: RealClass, picks: readonly string[] = data.submissions): RealFigures {
  const { input, standards, totalMax, bySubmission, authors, reviews, reviewerIds } = buildRealInput(
    data,
    picks,
  );
  const result = scoreAssignment(input);
  const byId = new Map(result.learners.map((l) => [l.learnerId, l]));
  const truthItems = authors.map((a) => data.tutorMean.get(a.submission) ?? []);
  const truth = truthItems.map((items) => items.reduce((a, b) => a + b, 0));
  const received = authors.map((a) => {
    const rs = bySubmission.get(a.submission) ?? [];
    return data.itemMax.map((_, i) => rs.map((r) => r.points[i] ?? 0));
  });
  const byItem = (pick: (points: number[]) => number) =>
    received.map((items) => items.reduce((sum, points) => sum + pick(points), 0));
  // The engine's consensus in points, unrounded (the essay score is rounded to 0.01 of its maximum).
  const engine = authors.map((a) =>
    (byId.get(a.id)?.peerReviewPoints ?? []).reduce((sum, p) => sum + (p.consensus ?? 0), 0),
  );
  const estimates: Record<EssayMethod, number[]> = {
    mean: byItem(meanOf),
    median: byItem(medianOf),
    trimmed: byItem(trimmedMeanOf),
    hamer: scoreByWeights(
      standards,
      authors.map((a) => a.id),
      reviews,
      'hamer',
    ),
    vancouver: scoreByWeights(
      standards,
      authors.map((a) => a.id),
      reviews,
      'vancouver',
    ),
    engine,
  };
  const essay = Object.fromEntries(
    ESSAY_METHODS.map((method) => {
      const values = estimates[method];
      const errors = values.map((v, i) => Math.abs(v - (truth[i] ?? 0)));
      return [
        method,
        {
          spearman: spearman(values, truth),
          mae: meanOf(errors),
          within: errors.filter((e) => e <= WITHIN_SHARE * totalMax + 1e-9).length / errors.length,
        },
      ];
    }),
  ) as RealFigures['essay'];

  // Graders: the true error is the mean absolute distance, in points, of their marks from the
  // tutors' mean on the same items; the leave-one-out baseline the same distance from the other
  // peers' plain mean.
  const trueError = new Map<string, { sum: number; count: number; reviews: number }>();
  const looError = new Map<string, { sum: number; count: number }>();
  for (const review of reviews) {
    const author = Number(review.authorId.slice('essay-'.length));
    const tutor = truthItems[author] ?? [];
    const others = reviews.filter((o) => o.authorId === review.authorId && o !== review);
    const t = trueError.get(review.reviewerId) ?? { sum: 0, count: 0, reviews: 0 };
    const l = looError.get(review.reviewerId) ?? { sum: 0, count: 0 };
    t.reviews += 1;
    review.responses.forEach((response, i) => {
      const point = response.point ?? 0;
      t.sum += Math.abs(point - (tutor[i] ?? 0));
      t.count += 1;
      if (others.length === 0) return;
      l.sum += Math.abs(point - meanOf(others.map((o) => o.responses[i]?.point ?? 0)));
      l.count += 1;
    });
    trueError.set(review.reviewerId, t);
    looError.set(review.reviewerId, l);
  }
  const graders = reviewerIds.filter((id) => (trueError.get(id)?.reviews ?? 0) >= 2);
  const minusError = graders.map((id) => {
    const e = trueError.get(id);
    return e === undefined || e.count === 0 ? 0 : -e.sum / e.count;
  });
  const loo = graders.map((id) => {
    const e = looError.get(id);
    return e === undefined || e.count === 0 ? 0 : -e.sum / e.count;
  });
  const accuracy = graders.map((id) => byId.get(id)?.evaluation.accuracy ?? 0);
  const quota = Math.floor(graders.length * LOWEST_EVALUATOR_SHARE);
  const lowestOf = (values: number[]) =>
    new Set(
      graders
        .map((id, i) => ({ id, value: values[i] ?? 0 }))
        .sort((a, b) => a.value - b.value || a.id.localeCompare(b.id))
        .slice(0, quota)
        .map((e) => e.id),
    );
  const worst = lowestOf(minusError);
  const red = new Set(result.lowestEvaluatorIds);
  const engineMarked = graders.filter((id) => red.has(id));
  const looMarked = [...lowestOf(loo)];
  const hitShare = (marked: string[]) =>
    marked.length === 0 ? 0 : marked.filter((id) => worst.has(id)).length / marked.length;
  return {
    essay,
    graders: graders.length,
    evaluation: { engine: spearman(accuracy, minusError), leaveOneOut: spearman(loo, minusError) },
    redMarks: {
      engine: hitShare(engineMarked),
      leaveOneOut: hitShare(looMarked),
      engineMarked: engineMarked.length,
      leaveOneOutMarked: looMarked.length,
    },
  };
}

/** A difference between the engine and a baseline, with its bootstrap 95 % interval. */
export interface RealDifference {
  key: string;
  label: string;
  /** Engine minus baseline, oriented so that positive favours the engine. */
  value: number;
  low: number;
  high: number;
}

export interface RealReport {
  figures: RealFigures;
  differences: RealDifference[];
  resamples: number;
}

/** Bootstrap resamples of the submissions: enough for a 95 % interval's ends to settle. */
export const REAL_RESAMPLES = 200;

const DIFFERENCES: { key: string; label: string; of: (f: RealFigures) => number }[] = [
  {
    key: 'spearman-mean',
    label: 'essay Spearman: engine − plain mean',
    of: (f) => f.essay.engine.spearman - f.essay.mean.spearman,
  },
  {
    key: 'spearman-median',
    label: 'essay Spearman: engine − median',
    of: (f) => f.essay.engine.spearman - f.essay.median.spearman,
  },
  {
    key: 'mae-mean',
    label: 'essay MAE: plain mean − engine',
    of: (f) => f.essay.mean.mae - f.essay.engine.mae,
  },
  {
    key: 'mae-median',
    label: 'essay MAE: median − engine',
    of: (f) => f.essay.median.mae - f.essay.engine.mae,
  },
  {
    key: 'evaluation',
    label: 'evaluation accuracy ρ: engine − leave-one-out',
    of: (f) => f.evaluation.engine - f.evaluation.leaveOneOut,
  },
  {
    key: 'red-marks',
    label: 'red marks in the true worst 30 %: engine − leave-one-out',
    of: (f) => f.redMarks.engine - f.redMarks.leaveOneOut,
  },
];

// Scores the class, then `resamples` bootstrap resamples of its submissions (drawn with a fixed
// seed: the figures are deterministic), each scored from scratch: the intervals carry both the
// sampling of the essays and the engine's own estimation noise.
export function reportRealClass(data: RealClass, resamples = REAL_RESAMPLES): RealReport {
  const figures = scoreRealClass(data);
  const random = createRandom('real-class-bootstrap');
  const draws: number[][] = DIFFERENCES.map(() => []);
  for (let b = 0; b < resamples; b++) {
    const picks = data.submissions.map(() => data.submissions[random.nextInt(data.submissions.length)] ?? '');
    const f = scoreRealClass(data, picks);
    DIFFERENCES.forEach((d, i) => {
      draws[i]?.push(d.of(f));
    });
  }
  return {
    figures,
    resamples,
    differences: DIFFERENCES.map((d, i) => {
      const sorted = [...(draws[i] ?? [])].sort((a, b) => a - b);
      return {
        key: d.key,
        label: d.label,
        value: d.of(figures),
        low: quantile(sorted, 0.025),
        high: quantile(sorted, 0.975),
      };
    }),
  };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] ?? 0) + ((sorted[hi] ?? 0) - (sorted[lo] ?? 0)) * (at - lo);
}

function meanOf(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function medianOf(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

// Trimmed mean: with three marks or more, the mean without the one mark furthest from their median
// (with exactly three, the mean of the two closest marks); the plain mean otherwise.
export function trimmedMeanOf(values: number[]): number {
  if (values.length < 3) return meanOf(values);
  const median = medianOf(values);
  let furthest = 0;
  values.forEach((v, i) => {
    if (Math.abs(v - median) > Math.abs((values[furthest] ?? 0) - median)) furthest = i;
  });
  return meanOf(values.filter((_, i) => i !== furthest));
}
