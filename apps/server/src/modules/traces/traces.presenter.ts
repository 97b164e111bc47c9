import type { RevisionTrace } from '@pw/contract';
import { type StoredMark, summariseTrace, type TraceableComment } from '@pw/domain';
import type { Standard } from '../assignments/assignment-shape';

/** The trace as the API answers it: each traceable comment with its mark (no reviewer's name). */
export function traceView(input: {
  traceable: readonly TraceableComment[];
  marks: readonly StoredMark[];
  standards: readonly Standard[];
  editable: boolean;
  /** Only the assignment's managers are told the suggestion (null for the author). */
  suggested: number | null;
}): RevisionTrace {
  const byKey = new Map(input.marks.map((m) => [`${m.matchingId}:${m.standardIndex}`, m]));
  return {
    editable: input.editable,
    comments: input.traceable.map((c) => {
      const m = byKey.get(`${c.matchingId}:${c.standardIndex}`);
      return {
        matching: c.matchingId,
        standard: c.standardIndex,
        reviewer_label: c.reviewerLabel,
        question: input.standards[c.standardIndex]?.question ?? '',
        comment: c.comment,
        status: m?.status ?? null,
        reason: m?.reason ?? '',
      };
    }),
    summary: summariseTrace(input.traceable, input.marks),
    suggested_score: input.suggested,
  };
}
