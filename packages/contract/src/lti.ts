import { z } from 'zod';

/** What a roster sync from the LMS (LTI NRPS) changed. */
export const rosterSummarySchema = z.object({
  /** Active members the LMS listed. */
  members: z.number().int(),
  /** Learners and assistants newly enrolled. */
  enrolled: z.number().int(),
  /** LMS-linked learners withdrawn (no longer active in the LMS course; never deleted). */
  withdrawn: z.number().int(),
  /** Members already enrolled as the LMS says. */
  unchanged: z.number().int(),
  /** Members not taken (a role this tool does not know, or an account that cannot be used). */
  skipped: z.number().int(),
  synced_at: z.string(),
});
export type RosterSummary = z.infer<typeof rosterSummarySchema>;

/** Whether the course can sync its roster from the LMS, and when it last did. */
export const rosterStatusSchema = z.object({
  roster_sync: z.boolean(),
  synced_at: z.string().nullable(),
});
export type RosterStatus = z.infer<typeof rosterStatusSchema>;

/** One learner's grade as sent to the LMS line item (LTI AGS). */
export const gradeSendSchema = z.object({
  /** The learner's enrolment id (the management table's `pk`). */
  enrollment_id: z.number().int(),
  /** pending: waiting to be sent; sent: the LMS holds `sent_score`; failed: the last try failed. */
  status: z.enum(['pending', 'sent', 'failed']),
  score: z.number(),
  sent_score: z.number().nullable(),
  sent_at: z.string().nullable(),
});
export type GradeSend = z.infer<typeof gradeSendSchema>;

/** The assignment's grade passback: `linked` false when it has no LMS line item. */
export const gradeSendsSchema = z.object({
  linked: z.boolean(),
  grades: z.array(gradeSendSchema),
});
export type GradeSends = z.infer<typeof gradeSendsSchema>;
