import { z } from 'zod';
import { fileRefSchema } from './courses';

// Peer review, self-review, feedback review, objections and the matching page (part 2 §3, §4, §5).
// Learner-facing shapes never carry the other party's name, email, student ID, user or enrolment
// id: reviewers and authors appear as stable labels, numbered in the order of the matchings.

const id = z.number().int().min(1).max(2_147_483_647);
export const REVIEW_COMMENT_MAX = 5000;

/** One review a reviewer owes, as listed on their peer-review performance (peers first, self last). */
export const peerTargetSchema = z.object({
  id: z.number().int(),
  is_completed: z.boolean(),
  is_self_review: z.boolean(),
  /** "Peer n" for the n-th peer (1-based); 0 for the self-review. */
  label: z.number().int(),
});
export type PeerTarget = z.infer<typeof peerTargetSchema>;

export const standardSchema = z.object({ question: z.string(), max_point: z.number().int() });

export const reviewResponseSchema = z.object({
  /** The standard's position in the rubric. */
  id: z.number().int(),
  point: z.number().int().nullable(),
  comment: z.string(),
  standard: standardSchema,
});

/** GET/PATCH …/performances/peerreview-matching/{id}/: one review, as its reviewer sees it. */
export const peerReviewSchema = z.object({
  id: z.number().int(),
  is_completed: z.boolean(),
  is_self_review: z.boolean(),
  label: z.number().int(),
  editable: z.boolean(),
  responses: z.array(reviewResponseSchema),
  target_essay: z.object({
    content: z.unknown().nullable(),
    plain_text: z.string(),
    editor_type: z.string().nullable(),
    files: z.array(fileRefSchema),
  }),
  /** The reviewer's reviews still open (after a save). */
  not_completed_list: z.array(z.object({ id: z.number().int(), is_self_review: z.boolean() })).optional(),
});
export type PeerReview = z.infer<typeof peerReviewSchema>;

/** POST …/peer-reviews/one-more/: the review the volunteer now has (open it by its id). */
export const oneMoreReviewSchema = z.object({
  id: z.number().int(),
  /** Taken over from a reviewer who had not opened it (else a new review of an essay short of reviewers). */
  moved: z.boolean(),
});
export type OneMoreReview = z.infer<typeof oneMoreReviewSchema>;

/** POST …/fill-in/: the instructor or an assistant reviews this author's essay of the fill-in queue. */
export const staffFillInSchema = z.object({
  author: z
    .number({ error: 'validation.required' })
    .int({ error: 'validation.invalid' })
    .positive({ error: 'validation.invalid' }),
});
export type StaffFillIn = z.infer<typeof staffFillInSchema>;

/** The review the staff member now writes: open it as a learner opens theirs (peerreview-matching/{id}). */
export const staffFillInResultSchema = z.object({ id: z.number().int() });
export type StaffFillInResult = z.infer<typeof staffFillInResultSchema>;

export const peerReviewSaveSchema = z.object({
  id: id.optional(),
  responses: z
    .array(
      z.object({
        id: z.number().int().min(0).max(100),
        point: z
          .number({ error: 'validation.review_point' })
          .int({ error: 'validation.review_point' })
          .min(0, {
            error: 'validation.review_point',
          }),
        comment: z
          .string({ error: 'validation.required' })
          .trim()
          .min(1, { error: 'validation.required' })
          .max(REVIEW_COMMENT_MAX, { error: 'validation.too_long' }),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(100),
});
export type PeerReviewSave = z.input<typeof peerReviewSaveSchema>;

/** A review received, as its author sees it in the feedback stage. */
export const receivedReviewSchema = z.object({
  id: z.number().int(),
  label: z.number().int(),
  matching: z.object({
    id: z.number().int(),
    /** "Reviewer n" in the request's language, never a name. */
    reviewer_name: z.string(),
    responses: z.array(reviewResponseSchema),
    objection: z
      .object({
        id: z.number().int(),
        comment: z.string(),
        status: z.enum(['pending', 'accepted', 'rejected']),
        ruling_reason: z.string().nullable(),
        /**
         * Once accepted: the standards whose point the instructor changed, from the reviewer's
         * point (`before`) to the point that counts now (`after`).
         */
        changes: z.array(
          z.object({
            id: z.number().int(),
            question: z.string(),
            before: z.number().int(),
            after: z.number().int(),
          }),
        ),
      })
      .nullable(),
  }),
  rating: z.object({ point: z.number().int(), comment: z.string() }).nullable(),
});
export type ReceivedReview = z.infer<typeof receivedReviewSchema>;

export const feedbackRatingSchema = z.object({
  id: id.optional(),
  point: z
    .number({ error: 'validation.rating' })
    .int({ error: 'validation.rating' })
    .min(1, { error: 'validation.rating' }),
  comment: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(REVIEW_COMMENT_MAX, { error: 'validation.too_long' }),
});

export const feedbackRatingResponseSchema = z.object({
  id: z.number().int(),
  point: z.number().int(),
  comment: z.string(),
  /** When every review received is rated and the assignment has a revision: its performance id. */
  revisement: z.number().int().nullable(),
});

export type FeedbackRatingResponse = z.infer<typeof feedbackRatingResponseSchema>;

/** A review's points and comments as the instructor and assistants read them. */
const managedResponseSchema = z.object({
  id: z.number().int(),
  point: z.number().int().nullable(),
  edited_point: z.number().int().nullable(),
  comment: z.string(),
  standard: standardSchema,
});

export const objectionSchema = z.object({
  id: z.number().int(),
  matching: z.number().int(),
  comment: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  ruling_reason: z.string().nullable(),
  created_at: z.string(),
  /**
   * The disputed review, for the instructor and assistants only (null for the author): the label
   * the author sees ("Reviewer n"), the real names, each standard's point, adjusted point and
   * comment.
   */
  review: z
    .object({
      reviewer_label: z.number().int(),
      reviewer_name: z.string(),
      target_name: z.string(),
      instructor_comment: z.string().nullable(),
      responses: z.array(managedResponseSchema),
    })
    .nullable(),
});
export type Objection = z.infer<typeof objectionSchema>;

export const objectionCreateSchema = z.object({
  matching: id,
  comment: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(REVIEW_COMMENT_MAX, { error: 'validation.too_long' }),
});
export const objectionUpdateSchema = objectionCreateSchema.pick({ comment: true });
/** The points of one review as an adjustment sets them (null: the reviewer's point stands). */
const adjustedPointsSchema = z
  .array(
    z.object({
      id: z.number().int().min(0).max(100),
      edited_point: z.number().int().min(0, { error: 'validation.review_point' }).nullable(),
    }),
  )
  .max(100);

/**
 * PATCH …/objections/{id}/ruling/: accepting carries the disputed review's adjusted points
 * (`responses`, as the adjustment takes them), applied with the ruling in one transaction;
 * a rejection carries none.
 */
export const objectionRulingSchema = z
  .object({
    accepted: z.boolean(),
    reason: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(REVIEW_COMMENT_MAX, { error: 'validation.too_long' }),
    responses: adjustedPointsSchema.optional(),
  })
  .refine((v) => !v.accepted || v.responses !== undefined, {
    path: ['responses'],
    error: 'validation.required',
  })
  .refine((v) => v.accepted || v.responses === undefined, {
    path: ['responses'],
    error: 'validation.invalid',
  });
export type ObjectionRuling = z.input<typeof objectionRulingSchema>;

/**
 * Why a participant reviews no essay: `no_essay` they wrote none and the stage lets only writers
 * review; `nothing_to_review` there is no other essay to give them.
 */
export const LEFT_OUT_REASONS = ['no_essay', 'nothing_to_review'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/** The matching page (instructor and assistants): who reviews whom, with real names. */
export const matchingPageSchema = z.object({
  peer_count: z.number().int(),
  /** The stage's setting: learners without an essay review too (issue 36). */
  non_writers_review: z.boolean(),
  reviewers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      has_essay: z.boolean(),
      performance_id: z.number().int().nullable(),
      /** Null when they review someone; otherwise why they review nobody. */
      left_out: z.enum(LEFT_OUT_REASONS).nullable(),
      targets: z.array(
        z.object({
          matching_id: z.number().int(),
          target: z.number().int(),
          name: z.string(),
          /** A finished review: a save that drops it needs its confirmation (`confirm_delete`). */
          is_completed: z.boolean(),
          /** Not opened by its reviewer past the threshold (half the stage): a volunteer may take it. */
          is_stale: z.boolean(),
          /** The reviewer it was taken from when a volunteer took it over (issue 33), else null. */
          moved_from: z.string().nullable(),
        }),
      ),
    }),
  ),
  /**
   * The fill-in queue: essays that will end with fewer reviews than asked unless someone steps in
   * (finished plus under-way reviews below the reviewers per essay), the fewest finished first.
   */
  fill_in: z.array(
    z.object({
      author: z.number().int(),
      name: z.string(),
      completed: z.number().int(),
      coming: z.number().int(),
      stale: z.number().int(),
      missing: z.number().int(),
    }),
  ),
  /**
   * Reviews the instructor or an assistant wrote themselves from the fill-in queue (staff fill-in,
   * anchors in scoring): kept apart from the reviewers above, whose matching a save replaces.
   */
  staff_reviews: z.array(
    z.object({
      matching_id: z.number().int(),
      reviewer_name: z.string(),
      target: z.number().int(),
      name: z.string(),
      is_completed: z.boolean(),
      /** The caller's own: they open it to write it (the others' are theirs alone). */
      is_mine: z.boolean(),
    }),
  ),
  /** From when an unopened review may move to a volunteer (null: the stage has no start date). */
  stale_from: z.string().nullable(),
});
export type MatchingPage = z.infer<typeof matchingPageSchema>;

/**
 * The finished reviews a save would delete: exactly these matching ids, which the instructor saw
 * named and confirmed (409 `matching_finished_reviews` when they differ from what the save drops).
 */
const confirmDelete = z.array(id).max(10_000).optional();

export const matchingResetSchema = z.union([
  z.object({
    matchings: z.array(z.object({ reviewer: id, target: id })).max(10_000),
    confirm_delete: confirmDelete,
  }),
  /** Back to the automatic matching: the engine's pairs for the essays finished now. */
  z.object({ automatic: z.literal(true), confirm_delete: confirmDelete }),
]);
export type MatchingReset = z.infer<typeof matchingResetSchema>;

/** One finished review a matching save would delete, as the 409 names it. */
export const finishedReviewSchema = z.object({
  matching_id: z.number().int(),
  reviewer: z.number().int(),
  reviewer_name: z.string(),
  target: z.number().int(),
  target_name: z.string(),
});
export type FinishedReview = z.infer<typeof finishedReviewSchema>;

/**
 * The review coach's hints on a comment (issue 34, item 2; the rules are the domain's
 * `coachHints`): too short, generic praise only, nothing taken from the essay, a point at one end
 * of the scale with a comment saying the other, no suggestion of what to change.
 */
export const COACH_HINTS = [
  'too_short',
  'generic',
  'no_reference',
  'point_mismatch',
  'no_suggestion',
] as const;
export type CoachHint = (typeof COACH_HINTS)[number];

/** How the reviewer's comments fare with the review coach, as the instructor sees it on a review. */
export const reviewerCoachSchema = z.object({
  /** The reviewer's written comments in this assignment's peer reviews (self-evaluation aside) with no hint. */
  met: z.number().int(),
  /** Their written comments in those reviews. */
  total: z.number().int(),
  /** This review's hints, one list per standard in the rubric's order. */
  hints: z.array(z.array(z.enum(COACH_HINTS))),
});
export type ReviewerCoach = z.infer<typeof reviewerCoachSchema>;

/**
 * GET/PATCH …/peerreview-matching/{id}/instructor/: a peer review as the instructor sees it, with
 * the reviewer's and the target's names, the adjusted points and the audit trail.
 */
export const instructorReviewSchema = z.object({
  id: z.number().int(),
  reviewer_name: z.string(),
  target_name: z.string(),
  is_completed: z.boolean(),
  is_self_review: z.boolean(),
  instructor_comment: z.string().nullable(),
  responses: z.array(managedResponseSchema),
  coach: reviewerCoachSchema,
  audit: z.array(
    z.object({
      kind: z.string(),
      actor: z.number().int().nullable(),
      at: z.string(),
      before: z.unknown(),
      after: z.unknown(),
      reason: z.string(),
    }),
  ),
});
export type InstructorReview = z.infer<typeof instructorReviewSchema>;

/** PATCH …/peerreview-matching/{id}/instructor/: the instructor's adjusted points and comment. */
export const reviewAdjustmentSchema = z.object({
  id: z.number().int().optional(),
  responses: adjustedPointsSchema,
  instructor_comment: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(5000, { error: 'validation.too_long' }),
});
export type ReviewAdjustment = z.input<typeof reviewAdjustmentSchema>;

/** POST …/peerreview-matching/{id}/instructor/preview/: the points an adjustment would set. */
export const adjustmentPreviewSchema = z.object({ responses: adjustedPointsSchema });

/**
 * The answer of the preview: every learner whose total (as the score page shows it, to 0.1)
 * would move with those points, nothing saved. Reliability weights are refitted on every
 * computation, so learners other than the essay's author may move too.
 */
export const adjustmentPreviewResultSchema = z.object({
  moved: z.array(
    z.object({
      enrollment: z.number().int(),
      name: z.string(),
      before: z.number(),
      after: z.number(),
    }),
  ),
});
export type AdjustmentPreviewResult = z.infer<typeof adjustmentPreviewResultSchema>;

// --- Comments anchored in the essay (issue 34, item 3) ------------------------------------------
// An anchor is a passage of the essay the reviewer was shown: `index` and `length` in the essay's
// text as Quill counts positions, and the quoted passage that verifies it (the pure rules are in
// packages/domain `anchors`).

export const ANCHOR_COMMENT_MAX = 1000;
export const ANCHOR_QUOTE_MAX = 2000;
export const ANCHORS_PER_REVIEW_MAX = 30;

/** One anchored comment as its reviewer (and, labelled, the essay's author) reads it. */
export const reviewAnchorSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  length: z.number().int(),
  quote: z.string(),
  comment: z.string(),
});
export type ReviewAnchor = z.infer<typeof reviewAnchorSchema>;

/** GET/PUT …/peerreview-matching/{id}/anchors/: the reviewer's anchored comments on this essay. */
export const reviewAnchorsSchema = z.object({
  /** The reviewer may change them now (the same rules as saving the review). */
  editable: z.boolean(),
  anchors: z.array(reviewAnchorSchema),
});
export type ReviewAnchors = z.infer<typeof reviewAnchorsSchema>;

/** PUT …/peerreview-matching/{id}/anchors/: the whole list (an edit or a delete sends the list changed). */
export const reviewAnchorsSaveSchema = z.object({
  anchors: z
    .array(
      z.object({
        index: z
          .number({ error: 'validation.anchor_out_of_range' })
          .int({ error: 'validation.anchor_out_of_range' })
          .min(0, { error: 'validation.anchor_out_of_range' })
          .max(10_000_000, { error: 'validation.anchor_out_of_range' }),
        length: z
          .number({ error: 'validation.anchor_out_of_range' })
          .int({ error: 'validation.anchor_out_of_range' })
          .min(1, { error: 'validation.anchor_out_of_range' })
          .max(ANCHOR_QUOTE_MAX, { error: 'validation.anchor_too_long' }),
        quote: z
          .string({ error: 'validation.anchor_quote_mismatch' })
          .max(ANCHOR_QUOTE_MAX, { error: 'validation.anchor_too_long' }),
        comment: z
          .string({ error: 'validation.required' })
          .trim()
          .min(1, { error: 'validation.required' })
          .max(ANCHOR_COMMENT_MAX, { error: 'validation.too_long' }),
      }),
    )
    .max(ANCHORS_PER_REVIEW_MAX, { error: 'validation.anchors_too_many' }),
});
export type ReviewAnchorsSave = z.input<typeof reviewAnchorsSaveSchema>;

/**
 * GET …/performances/{pid}/anchors/: the anchored comments on the author's essay, from the
 * completed reviews of others, each under "Reviewer n" (numbered as in the feedback review; no
 * name, no reviewer id). The author (feedback review, revision) and the assignment's managers.
 */
export const receivedAnchorsSchema = z.object({
  essay: z.object({
    content: z.unknown().nullable(),
    plain_text: z.string(),
    editor_type: z.string().nullable(),
  }),
  anchors: z.array(
    reviewAnchorSchema.extend({
      /** n of "Reviewer n". */
      reviewer_label: z.number().int(),
      reviewer_name: z.string(),
    }),
  ),
});
export type ReceivedAnchors = z.infer<typeof receivedAnchorsSchema>;
