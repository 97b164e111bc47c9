import { z } from 'zod';

/**
 * Feedback traced into the revision (issue 34, item 4): in the revision stage the author marks each
 * comment they received as used, partly used or not used (with a short reason). The pure rules
 * (which comments are traceable, validation, the suggested score) are in packages/domain.
 */

export const TRACE_STATUSES = ['used', 'partly_used', 'not_used'] as const;
export type TraceStatus = (typeof TRACE_STATUSES)[number];

/** The longest reason (a short sentence or two). */
export const TRACE_REASON_MAX = 300;

/** One received comment: a peer review's comment on one standard, never the reviewer's name. */
export const traceCommentSchema = z.object({
  /** The peer review (its id, as the feedback review shows it). */
  matching: z.number().int(),
  /** The rubric standard's index. */
  standard: z.number().int(),
  /** "Reviewer n", numbered as in the feedback review. */
  reviewer_label: z.number().int(),
  question: z.string(),
  comment: z.string(),
  status: z.enum(TRACE_STATUSES).nullable(),
  reason: z.string(),
});
export type TraceComment = z.infer<typeof traceCommentSchema>;

/** GET …/performances/{pid}/trace/ and the report's `revision_trace`. */
export const revisionTraceSchema = z.object({
  /** The author may change the trace now (their own, while the revision stage is open). */
  editable: z.boolean(),
  comments: z.array(traceCommentSchema),
  summary: z.object({
    total: z.number().int(),
    used: z.number().int(),
    partly_used: z.number().int(),
    not_used: z.number().int(),
    unmarked: z.number().int(),
  }),
  /** The revision score the trace suggests (docs/scoring.md §8); null while nothing suggests one. */
  suggested_score: z.number().nullable(),
});
export type RevisionTrace = z.infer<typeof revisionTraceSchema>;

/** One mark as the author sends it. */
export const traceMarkSchema = z.object({
  matching: z.number().int().positive(),
  standard: z.number().int().min(0),
  /** null clears the mark. */
  status: z.enum(TRACE_STATUSES, { error: 'validation.invalid_choice' }).nullable(),
  reason: z.string().max(TRACE_REASON_MAX, { error: 'validation.too_long' }).default(''),
});
export type TraceMark = z.infer<typeof traceMarkSchema>;

/** PATCH …/performances/{pid}/trace/: the marks to change (others stay). */
export const revisionTraceUpdateSchema = z.object({
  marks: z
    .array(traceMarkSchema)
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'validation.too_many' }),
});
export type RevisionTraceUpdate = z.infer<typeof revisionTraceUpdateSchema>;
