import { TRACE_REASON_MAX, type TraceStatus } from '@pw/contract';

/**
 * Feedback traced into the revision (issue 34, item 4; docs/scoring.md §8): which received
 * comments the author accounts for, how a set of marks is checked, and the revision score the
 * trace suggests to the instructor. Pure.
 */

/** A finished peer review of the author's essay, as the rules need it. */
export interface ReceivedReviewInput {
  matchingId: number;
  reviewerId: number;
  isCompleted: boolean;
  /** Comments by standard index. */
  comments: readonly { standardIndex: number; comment: string }[];
}

export interface TraceableComment {
  matchingId: number;
  standardIndex: number;
  /** 1-based, in matching-id order among the traceable reviews (the feedback review's numbering). */
  reviewerLabel: number;
  comment: string;
}

export interface StoredMark {
  matchingId: number;
  standardIndex: number;
  status: TraceStatus;
  reason: string;
}

/**
 * The comments an author traces: those of the completed peer reviews of their essay by someone
 * else (never their self-review), one per standard with some text. Reviews are numbered as the
 * feedback review numbers them (completed reviews by others, in matching-id order), so the label
 * a comment carries is the one the author saw.
 */
export function traceableComments(
  authorId: number,
  reviews: readonly ReceivedReviewInput[],
): TraceableComment[] {
  const received = reviews
    .filter((r) => r.isCompleted && r.reviewerId !== authorId)
    .sort((a, b) => a.matchingId - b.matchingId);
  return received.flatMap((r, i) =>
    [...r.comments]
      .filter((c) => c.comment.trim() !== '')
      .sort((a, b) => a.standardIndex - b.standardIndex)
      .map((c) => ({
        matchingId: r.matchingId,
        standardIndex: c.standardIndex,
        reviewerLabel: i + 1,
        comment: c.comment,
      })),
  );
}

const keyOf = (m: { matchingId: number; standardIndex: number }) => `${m.matchingId}:${m.standardIndex}`;

export interface MarkInput {
  matchingId: number;
  standardIndex: number;
  /** null clears the mark. */
  status: TraceStatus | null;
  reason: string;
}

/** Field errors keyed `marks.<i>.<field>` with catalog keys, as the API answers 400. */
export type TraceErrors = Record<string, string[]>;

/**
 * Checks marks against the traceable comments: each names a traceable comment, at most once; a
 * "not used" needs a reason (not only spaces); reasons are at most TRACE_REASON_MAX characters.
 * Empty when the marks may be stored.
 */
export function validateMarks(
  marks: readonly MarkInput[],
  traceable: readonly TraceableComment[],
): TraceErrors {
  const known = new Set(traceable.map(keyOf));
  const seen = new Set<string>();
  const errors: TraceErrors = {};
  const add = (path: string, code: string) => {
    errors[path] = [...(errors[path] ?? []), code];
  };
  marks.forEach((m, i) => {
    const key = keyOf(m);
    if (!known.has(key)) add(`marks.${i}.matching`, 'validation.trace_unknown_comment');
    else if (seen.has(key)) add(`marks.${i}.matching`, 'validation.trace_duplicate');
    seen.add(key);
    if (m.status === 'not_used' && m.reason.trim() === '')
      add(`marks.${i}.reason`, 'validation.trace_reason_required');
    if (m.reason.length > TRACE_REASON_MAX) add(`marks.${i}.reason`, 'validation.too_long');
  });
  return errors;
}

export interface TraceSummary {
  total: number;
  used: number;
  partly_used: number;
  not_used: number;
  unmarked: number;
}

/** Counts the marks that apply to the traceable comments (a mark on a comment no longer traceable is ignored). */
export function summariseTrace(
  traceable: readonly TraceableComment[],
  marks: readonly StoredMark[],
): TraceSummary {
  const byKey = new Map(marks.map((m) => [keyOf(m), m]));
  const summary: TraceSummary = {
    total: traceable.length,
    used: 0,
    partly_used: 0,
    not_used: 0,
    unmarked: 0,
  };
  for (const c of traceable) {
    const m = byKey.get(keyOf(c));
    if (m) summary[m.status] += 1;
    else summary.unmarked += 1;
  }
  return summary;
}

/**
 * What each mark is worth in the suggestion: a comment used counts in full, partly used half, and
 * a comment not used with its reason a quarter (weighing feedback and declining it for a reason is
 * part of revising, but less than acting on it); an unmarked comment counts nothing.
 */
export const TRACE_WEIGHTS: Readonly<Record<TraceStatus, number>> = {
  used: 1,
  partly_used: 0.5,
  not_used: 0.25,
};

/**
 * The revision score the trace suggests (the report's `origin_revisement_score`, which
 * "initialise" restores): max × the mean weight of the traceable comments' marks, to one decimal.
 * None (null) when there is nothing to suggest from: no revision submitted, no traceable comment,
 * or not one of them marked.
 */
export function suggestedRevisionScore(input: {
  traceable: readonly TraceableComment[];
  marks: readonly StoredMark[];
  maxScore: number;
  revisionSubmitted: boolean;
}): number | null {
  const { traceable, maxScore } = input;
  if (!input.revisionSubmitted || traceable.length === 0 || maxScore <= 0) return null;
  const byKey = new Map(input.marks.map((m) => [keyOf(m), m]));
  let marked = 0;
  let sum = 0;
  for (const c of traceable) {
    const m = byKey.get(keyOf(c));
    if (!m) continue;
    marked += 1;
    sum += TRACE_WEIGHTS[m.status];
  }
  if (marked === 0) return null;
  const score = Math.round(((maxScore * sum) / traceable.length) * 10) / 10;
  return Math.min(maxScore, Math.max(0, score));
}
