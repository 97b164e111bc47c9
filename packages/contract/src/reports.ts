import { z } from 'zod';
import { previousReliabilitySchema, standardReliabilitySchema } from './assignments';
import { essayViewSchema } from './performances';
import { receivedReviewSchema } from './reviews';
import { revisionTraceSchema } from './revision-trace';

// A learner's report of one assignment (part 2 §3 Report) and the score page (§3 Score data).

export const SCORE_TYPES = ['ES', 'PE', 'ME', 'FE', 'RE'] as const;

const scoreFields = {
  essay_writing_score: z.number(),
  peer_review_score: z.number(),
  metacognition_score: z.number(),
  feedback_review_score: z.number(),
  revisement_score: z.number(),
  total: z.number(),
};

/** A reviewer or reviewee of the report's learner, for the instructor and assistants. */
export const peerLinkSchema = z.object({
  /** Their enrolment. */
  enrollment: z.number().int(),
  name: z.string(),
  /** Their report of this assignment (null until one is stored, at completion). */
  report: z.number().int().nullable(),
  /** Whether the review between them was finished. */
  is_completed: z.boolean(),
});
export type PeerLink = z.infer<typeof peerLinkSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_my_report: z.boolean(),
  /** The assignment is complete; before that only the instructor sees provisional numbers. */
  completed: z.boolean(),
  provisional: z.boolean(),
  computed_at: z.string().nullable(),
  scores: z.array(z.object({ type: z.enum(SCORE_TYPES), max_score: z.number() })),
  ...scoreFields,
  /** What `initialise` restores: the suggested revision score; null while none is suggested. */
  /**
   * The revision score the author's revision trace suggests (docs/scoring.md §8), what
   * `initialise` restores; only the assignment's managers are told it (null for the learner).
   */
  origin_revisement_score: z.number().nullable(),
  /**
   * The author's trace of the comments received into the revision (issue 34, item 4); null when
   * the assignment has no revision stage.
   */
  revision_trace: revisionTraceSchema.nullable(),
  essay_writing_score_avg: z.number(),
  peer_review_score_avg: z.number(),
  metacognition_score_avg: z.number(),
  feedback_review_score_avg: z.number(),
  revisement_score_avg: z.number(),
  total_avg: z.number(),
  is_average_essay_writing_score: z.boolean(),
  is_average_peer_review_score: z.boolean(),
  is_average_metacognition_score: z.boolean(),
  is_average_feedback_review_score: z.boolean(),
  peer_review_points: z.array(
    z.object({
      standard_id: z.number().int(),
      question: z.string(),
      avg: z.number().nullable(),
      std: z.number().nullable(),
      max_point: z.number(),
      self_point: z.number().nullable(),
      /** self − the consensus of the others, in points (the metacognition sentence). */
      self_gap: z.number().nullable(),
    }),
  ),
  feedback_review_point: z.object({ avg: z.number().nullable(), std: z.number().nullable() }),
  /**
   * The learner submitted an essay. Ranks and class averages count only those who did: without
   * one, `total_info` is null and the report says why.
   */
  submitted: z.boolean(),
  total_info: z
    .object({ rank: z.number().int(), percent: z.number(), member_cnt: z.number().int() })
    .nullable(),
  comment: z.object({ content: z.string() }).nullable(),
  questions: z.object({
    responses: z.array(
      z.object({ id: z.number().int(), response: z.string(), quiz: z.object({ quiz: z.string() }) }),
    ),
  }),
  essay: essayViewSchema.nullable(),
  revisement: essayViewSchema.nullable(),
  /** What the learner wrote looking back on their revision (null when nothing was written). */
  retrospective: z.string().nullable(),
  /**
   * Only for the instructor and assistants reading someone else's report (null otherwise, so a
   * learner never learns who reviewed them): who reviewed the learner's essay and whose essays the
   * learner reviewed, self-evaluation left out, with their reports (part 2 §6).
   */
  peer_links: z.object({ reviewers: z.array(peerLinkSchema), reviewees: z.array(peerLinkSchema) }).nullable(),
  /** The reviews the essay received (labelled, never named), with points and comments. */
  peer_review_performance: z.object({ reviewers: z.array(receivedReviewSchema) }),
  /**
   * The reviews each essay was to receive (reviewers per essay). Fewer received (`reviewers`
   * above) is said on the report, with the rule that scored the essay (issue 33).
   */
  reviews_asked: z.number().int(),
  /**
   * The "others" section, only on a learner's own report (null otherwise): the essays they
   * reviewed, as labels, with their marks beside the other peer reviewers' mean marks.
   */
  given_reviews: z
    .object({
      reviews: z.array(
        z.object({
          /** "Peer n", as on the learner's peer-review list. */
          label: z.number().int(),
          is_completed: z.boolean(),
          standards: z.array(
            z.object({
              standard_id: z.number().int(),
              question: z.string(),
              max_point: z.number(),
              my_point: z.number().nullable(),
              others_avg: z.number().nullable(),
              others_count: z.number().int(),
            }),
          ),
        }),
      ),
      /** Mean of (my mark − others' mean) per standard, in points; positive = more lenient. */
      bias: z.array(
        z.object({ question: z.string(), mean_deviation: z.number().nullable(), compared: z.number().int() }),
      ),
    })
    .nullable(),
  /** The engine's explanation: how the learner judged others and themself. */
  explanation: z.object({
    self_assessment: z
      .object({ signed_gap: z.number(), label: z.enum(['over', 'under', 'accurate']) })
      .nullable(),
    evaluation: z.object({
      assigned: z.number().int(),
      completed: z.number().int(),
      compared: z.number().int(),
      closeness: z.number().nullable(),
      discrimination: z.number().nullable(),
      accuracy: z.number().nullable(),
      is_lowest: z.boolean(),
      /**
       * Where the accuracy behind the peer-review score came from: `own` (compared with others),
       * `class_average` (nobody else reviewed the same essays: the class's average accuracy),
       * `neutral` (no essay of the assignment was reviewed by enough people to compare anyone:
       * half the score per completed review), `none` (no review completed).
       */
      accuracy_basis: z.enum(['own', 'class_average', 'neutral', 'none']),
    }),
  }),
});
export type Report = z.infer<typeof reportSchema>;

/** GET …/reports/{id}/?mode=: the page's mode (accepted, not read). */
export const reportQuerySchema = z.object({ mode: z.string().max(20).optional() });

export const reportUpdateSchema = z
  .object({
    comment: z.object({ content: z.string().max(5000, { error: 'validation.too_long' }) }).optional(),
    revisement_score: z
      .number({ error: 'validation.revision_score' })
      .min(0, { error: 'validation.revision_score' })
      .nullable()
      .optional(),
    /**
     * Back to the original revision score (`origin_revisement_score`): the score the author's
     * revision trace suggests, and while nothing suggests one, no score at all, as before any was given.
     */
    initialise: z.literal(true).optional(),
  })
  .refine((v) => v.comment !== undefined || v.revisement_score !== undefined || v.initialise, {
    error: 'validation.required',
  });

/** GET …/scores/: the score page (instructor and assistants). */
export const scoreTableSchema = z.object({
  completed: z.boolean(),
  provisional: z.boolean(),
  scores: z.array(
    z.object({ type: z.enum(SCORE_TYPES), max_score: z.number(), reviewer_count: z.number().int() }),
  ),
  reports: z.array(
    z.object({
      id: z.number().int().nullable(),
      enrollment: z.number().int(),
      name: z.string(),
      /** Submitted an essay: counted in the histogram, the ranks and the averages; the others are listed apart. */
      submitted: z.boolean(),
      ...scoreFields,
      /**
       * Disagreement triage: the rubric standards (by index) on which the essay's finished peer
       * reviews spread by more than rounding explains (two points or more); empty: no flag.
       */
      disagreement: z.array(z.number().int()),
      pr_performance: z.object({
        reviewers: z.array(
          z.object({
            id: z.number().int(),
            reviewer: z.number().int(),
            reviewer_name: z.string(),
            is_self_review: z.boolean(),
            is_completed: z.boolean(),
            /** The reviewer is in the lowest 30 % of evaluation ability: the cell is marked red. */
            is_lowest: z.boolean(),
            /** The instructor or an assistant adjusted at least one of its points: the cell is marked. */
            is_adjusted: z.boolean(),
            responses: z.array(
              z.object({ point: z.number().int().nullable(), edited_point: z.number().int().nullable() }),
            ),
          }),
        ),
      }),
    }),
  ),
  pending_objections: z.array(
    z.object({ id: z.number().int(), matching: z.number().int(), author: z.number().int() }),
  ),
  /** Per rubric standard, how well the peer reviewers agree (Krippendorff's alpha, interval). */
  reliability: z.array(standardReliabilitySchema),
  /**
   * The rubric reliability of the assignment this one was imported from, kept with it at the
   * import ("last time"; null when it was not imported).
   */
  previous_reliability: previousReliabilitySchema.nullable().optional(),
  /** Release when ready: the scores are held from learners and not yet released. */
  release_pending: z.boolean(),
});
export type ScoreTable = z.infer<typeof scoreTableSchema>;
