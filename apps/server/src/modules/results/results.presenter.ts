import type {
  CourseResults,
  PersonalScore,
  ResultRow,
  ScoreSetView,
  ScoresByLearner,
  Weight,
} from '@pw/contract';
import { computeConversionScore } from '@pw/domain';
import { type ScoreColumns, storedScores } from '../reports/reports.queries';

/** How the results and personal scores show what was read (no I/O here). */

export const round1 = (n: number) => Math.round(n * 10) / 10;

export const ZERO: ScoreSetView = {
  total: 0,
  essay_writing_score: 0,
  peer_review_score: 0,
  metacognition_score: 0,
  feedback_review_score: 0,
  revisement_score: 0,
};

/** A stored report's scores as the results show them (null before it was computed). */
export const viewOf = (columns: ScoreColumns): ScoreSetView | null => {
  const s = storedScores(columns);
  if (!s) return null;
  return {
    total: round1(s.total),
    essay_writing_score: round1(s.essayWriting),
    peer_review_score: round1(s.peerReview),
    metacognition_score: round1(s.metacognition),
    feedback_review_score: round1(s.feedbackReview),
    revisement_score: round1(s.revisement),
  };
};

/** Class averages of the active learners' scores (instructor seats, withdrawn learners and those without an essay out). */
function averageOf(sets: readonly ScoreSetView[]): ScoreSetView {
  if (sets.length === 0) return { ...ZERO };
  const mean = (key: keyof ScoreSetView) => round1(sets.reduce((sum, s) => sum + s[key], 0) / sets.length);
  return {
    total: mean('total'),
    essay_writing_score: mean('essay_writing_score'),
    peer_review_score: mean('peer_review_score'),
    metacognition_score: mean('metacognition_score'),
    feedback_review_score: mean('feedback_review_score'),
    revisement_score: mean('revisement_score'),
  };
}

type Assignment = { id: number; name: string; maxTotal: number };
type Learner = { id: number; name: string; email: string; code: string; isActive: boolean };
type Cell = { id: number; scores: ScoreSetView | null; seat: boolean; submitted: boolean };
type NotPerformed = (enrollmentId: number) => ResultRow['not_performed'];

/** The results page (and workbook): the chart, the weights, a row per learner (withdrawn apart). */
export function courseResultsView(input: {
  list: readonly Assignment[];
  byAssignment: ReadonlyMap<number, ReadonlyMap<number, Cell>>;
  weights: Weight[];
  people: readonly Learner[];
  notPerformed: NotPerformed;
}): CourseResults {
  const { list, byAssignment, weights, people } = input;
  const rowOf = (p: Learner): ResultRow => {
    const cells = list.map((a) => {
      const r = byAssignment.get(a.id)?.get(p.id);
      return { pk: a.id, report: r?.id ?? null, scores: r?.scores ?? null };
    });
    return {
      pk: p.id,
      name: p.name,
      email: p.email,
      code: p.code,
      is_active: p.isActive,
      assignments: cells,
      not_performed: input.notPerformed(p.id),
      total: round1(cells.reduce((sum, c) => sum + (c.scores?.total ?? 0), 0)),
      conversion_score: computeConversionScore(
        weights.map((w) => ({ assignmentId: String(w.id), weight: w.weight })),
        list.map((a, i) => ({
          assignmentId: String(a.id),
          total: cells[i]?.scores?.total ?? null,
          maxTotal: a.maxTotal,
        })),
      ),
    };
  };
  const active = people.filter((p) => p.isActive);
  const activeIds = new Set(active.map((p) => p.id));
  return {
    chart: list.map((a) => {
      const sets = [...(byAssignment.get(a.id)?.entries() ?? [])].flatMap(([enrollmentId, r]) =>
        // Averaged like the assignment's own figures: those who submitted an essay.
        activeIds.has(enrollmentId) && !r.seat && r.submitted && r.scores ? [r.scores] : [],
      );
      const avg = averageOf(sets);
      return {
        id: a.id,
        name: a.name,
        max_total: a.maxTotal,
        total_avg: avg.total,
        essay_writing_score_avg: avg.essay_writing_score,
        peer_review_score_avg: avg.peer_review_score,
        metacognition_score_avg: avg.metacognition_score,
        feedback_review_score_avg: avg.feedback_review_score,
        revisement_score_avg: avg.revisement_score,
      };
    }),
    weights,
    table: {
      headers: list.map((a) => ({ pk: a.id, name: a.name, max_total: a.maxTotal })),
      rows: active.map(rowOf),
      withdrawn: people.filter((p) => !p.isActive).map(rowOf),
    },
  };
}

/** A learner's scores per completed assignment beside the class's averages. */
export function personalScoreView(input: {
  person: { id: number; name: string };
  list: readonly Assignment[];
  averages: ReadonlyMap<number, ScoreSetView>;
  own: ReadonlyMap<number, { id: number; scores: ScoreSetView | null }>;
}): PersonalScore {
  return {
    id: input.person.id,
    name: input.person.name,
    assignments: input.list.map((a) => {
      const mine = input.own.get(a.id);
      return {
        id: a.id,
        name: a.name,
        report: mine?.id ?? null,
        max_total: a.maxTotal,
        all_score: input.averages.get(a.id) ?? { ...ZERO },
        individual_score: mine?.scores ?? null,
      };
    }),
  };
}

/** The class's line for a caller without scores of their own: the averages, no individual score. */
export function classLineView(input: {
  course: { name: string };
  list: readonly Assignment[];
  averages: ReadonlyMap<number, ScoreSetView>;
}): ScoresByLearner {
  return {
    id: null,
    name: input.course.name,
    assignments: input.list.map((a) => ({
      id: a.id,
      name: a.name,
      report: null,
      max_total: a.maxTotal,
      all_score: input.averages.get(a.id) ?? { ...ZERO },
      individual_score: null,
    })),
  };
}
