import type { ScoreTable } from '@pw/contract';

// Sorting and filtering of the score page's table (part 2 §2), kept apart from the page so they
// are tested on their own.

export type ScoreRow = ScoreTable['reports'][number];
export type ScoreSort = 'total' | 'name' | 'spread';
/** all; a least-consistent rater among the row's reviewers; a review still open; an objection waiting; reviewers disagree. */
export type ScoreFilter = 'all' | 'lowest' | 'open' | 'objection' | 'disagree';

/** Disagreement triage: the essay's reviewers disagree beyond rounding on some standard (the server's flag). */
export const isFlagged = (row: Pick<ScoreRow, 'disagreement'>) => row.disagreement.length > 0;

/** The spread of a learner's peer raters' mean points: the essays whose raters disagree most first. */
export function spread(row: ScoreRow) {
  const means = row.pr_performance.reviewers
    .filter((r) => !r.is_self_review && r.is_completed)
    .map((r) => {
      const pts = r.responses.map((x) => x.edited_point ?? x.point ?? 0);
      return pts.reduce((a, b) => a + b, 0) / Math.max(1, pts.length);
    });
  return means.length < 2 ? 0 : Math.max(...means) - Math.min(...means);
}

export function sortAndFilterRows(
  data: Pick<ScoreTable, 'reports' | 'pending_objections'>,
  options: {
    sort: ScoreSort;
    filter: ScoreFilter;
    search: string;
    /** Before completion the default order puts the flagged essays first (disagreement triage). */
    flaggedFirst?: boolean;
  },
): ScoreRow[] {
  const needle = options.search.trim().toLocaleLowerCase();
  const objecting = new Set(data.pending_objections.map((o) => o.author));
  const list = data.reports.filter((row) => {
    if (needle && !row.name.toLocaleLowerCase().includes(needle)) return false;
    const peers = row.pr_performance.reviewers.filter((r) => !r.is_self_review);
    if (options.filter === 'lowest') return peers.some((r) => r.is_lowest);
    if (options.filter === 'open') return row.pr_performance.reviewers.some((r) => !r.is_completed);
    if (options.filter === 'objection') return objecting.has(row.enrollment);
    if (options.filter === 'disagree') return isFlagged(row);
    return true;
  });
  const order =
    options.sort === 'name'
      ? (a: ScoreRow, b: ScoreRow) => a.name.localeCompare(b.name)
      : options.sort === 'spread'
        ? (a: ScoreRow, b: ScoreRow) => spread(b) - spread(a) || b.total - a.total
        : (a: ScoreRow, b: ScoreRow) => b.total - a.total || a.name.localeCompare(b.name);
  // Those without an essay are listed apart, after the ranked learners, in any order chosen.
  const flagged = (a: ScoreRow, b: ScoreRow) =>
    options.flaggedFirst ? Number(isFlagged(b)) - Number(isFlagged(a)) : 0;
  list.sort((a, b) => Number(b.submitted) - Number(a.submitted) || flagged(a, b) || order(a, b));
  return list;
}

/**
 * What the score page offers on a row: the revision score and the adjustment of a finished review
 * once the assignment is complete, never on the caller's own work (the instructor's seat, whose
 * essay and reviews are in the table: the server refuses with 403, `assertNotOwnWork`).
 */
export function rowOffers(
  row: Pick<ScoreRow, 'id' | 'enrollment'>,
  context: { completed: boolean; ownEnrollment: number | null },
) {
  const own = isOwnWork(row.enrollment, context.ownEnrollment);
  return {
    own,
    revision: !own && context.completed && row.id !== null,
    adjust: (rater: { is_completed: boolean }) => !own && context.completed && rater.is_completed,
  };
}

/** Whether a row or an objection (by its author's enrolment) is the caller's own work. */
export const isOwnWork = (enrollment: number, ownEnrollment: number | null) =>
  ownEnrollment !== null && enrollment === ownEnrollment;
