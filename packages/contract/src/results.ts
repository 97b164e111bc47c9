import { z } from 'zod';

// Course results, weights, personal score and my score (part 2 §2, §3, §5, §7). Only completed
// assignments count: their reports are stored and final.

const scoreSet = {
  total: z.number(),
  essay_writing_score: z.number(),
  peer_review_score: z.number(),
  metacognition_score: z.number(),
  feedback_review_score: z.number(),
  revisement_score: z.number(),
};
export const scoreSetSchema = z.object(scoreSet);
export type ScoreSetView = z.infer<typeof scoreSetSchema>;

/** The five scores and the total, by the keys the results chart's filters use. */
export const RESULT_SCORE_KEYS = [
  'total',
  'essay_writing_score',
  'peer_review_score',
  'metacognition_score',
  'feedback_review_score',
  'revisement_score',
] as const;
export type ResultScoreKey = (typeof RESULT_SCORE_KEYS)[number];

export const weightSchema = z.object({ id: z.number().int(), name: z.string(), weight: z.number().int() });
export type Weight = z.infer<typeof weightSchema>;

/** PATCH …/assignments/weights/: whole numbers, each 0..100, adding up to 0..100. */
export const weightsUpdateSchema = z.object({
  weights: z
    .array(
      z.object({
        id: z.number().int().min(1).max(2_147_483_647),
        weight: z
          .number({ error: 'validation.weight' })
          .int({ error: 'validation.weight' })
          .min(0, { error: 'validation.weight' })
          .max(100, { error: 'validation.weight' }),
      }),
    )
    .max(500),
});
export type WeightsUpdate = z.infer<typeof weightsUpdateSchema>;

const resultRowSchema = z.object({
  /** The enrolment id (the personal-score link). */
  pk: z.number().int(),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  is_active: z.boolean(),
  /** One entry per header, in the headers' order; scores null when the learner has no report. */
  assignments: z.array(
    z.object({
      pk: z.number().int(),
      report: z.number().int().nullable(),
      scores: scoreSetSchema.nullable(),
    }),
  ),
  /** Per stage code: how many of the learner's stage tasks were not finished, out of how many. */
  not_performed: z.array(
    z.object({ unit: z.string(), not_performed: z.number().int(), total: z.number().int() }),
  ),
  /** Sum of the assignment totals. */
  total: z.number(),
  /** Out of 100, from the weights (equal weights while they are all 0). */
  conversion_score: z.number(),
});
export type ResultRow = z.infer<typeof resultRowSchema>;

/** GET /courses/{id}/results/ (instructor and assistants). */
export const courseResultsSchema = z.object({
  /** Class averages per completed assignment (active learners only), oldest first. */
  chart: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      max_total: z.number(),
      total_avg: z.number(),
      essay_writing_score_avg: z.number(),
      peer_review_score_avg: z.number(),
      metacognition_score_avg: z.number(),
      feedback_review_score_avg: z.number(),
      revisement_score_avg: z.number(),
    }),
  ),
  weights: z.array(weightSchema),
  table: z.object({
    headers: z.array(z.object({ pk: z.number().int(), name: z.string(), max_total: z.number() })),
    /** Active learners. */
    rows: z.array(resultRowSchema),
    /** Withdrawn learners, apart and out of every average. */
    withdrawn: z.array(resultRowSchema),
  }),
});
export type CourseResults = z.infer<typeof courseResultsSchema>;

/** GET /courses/{id}/enrolls/{eid}/personal-score (and, with an enrolment, /scores-by-learner/). */
export const personalScoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  assignments: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      report: z.number().int().nullable(),
      max_total: z.number(),
      /** The class average. */
      all_score: scoreSetSchema,
      /** Null when the learner has no report of this assignment. */
      individual_score: scoreSetSchema.nullable(),
    }),
  ),
});
export type PersonalScore = z.infer<typeof personalScoreSchema>;

/**
 * GET /courses/{id}/scores-by-learner/: the caller's own personal score (my score) when they have
 * an enrolment in the course; for the instructor and assistants without one, the class's line:
 * `id` null, the course's name, every completed assignment with the class average (`all_score`)
 * and no individual score. The results page draws its chart from `all_score` (docs/decisions.md).
 */
export const scoresByLearnerSchema = personalScoreSchema.extend({ id: z.number().int().nullable() });
export type ScoresByLearner = z.infer<typeof scoresByLearnerSchema>;
