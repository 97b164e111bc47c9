import { z } from 'zod';
import { requiredText } from './accounts';
import { calibrationSettingsSchema, checkCalibration } from './calibration';
import { LIMITS, STAGE_CODES } from './constants';
import { fileRefSchema, formBoolean, learnerExtensionSchema } from './courses';
import { ID_MAX } from './ids';
import { STAGE_MODELS, type StageModel } from './stages';

const required = 'validation.required';

export type StageModelName = StageModel;

const score = z
  .number({ error: 'validation.score_range' })
  .int({ error: 'validation.score_range' })
  .min(LIMITS.scoreComponentMin, { error: 'validation.score_range' })
  .max(LIMITS.scoreComponentMax, { error: 'validation.score_range' });

/** Stage settings per model (part 2 §3, limits of §5 and §9). */
export const essayStageSchema = z.object({
  limit_type: z.enum(['L', 'W'], { error: 'validation.invalid_choice' }).default('L'),
  max_length: z
    .number({ error: 'validation.essay_length' })
    .int({ error: 'validation.essay_length' })
    .min(0, { error: 'validation.essay_length' })
    .max(LIMITS.essayMaxLength, { error: 'validation.essay_length' })
    .default(2500),
  max_writing_score: score,
});
export const questionStageSchema = z.object({
  quizs: z
    .array(z.object({ quiz: requiredText(LIMITS.quizMax) }))
    .min(1, { error: 'validation.quiz_required' }),
});
export const peerStageSchema = z
  .object({
    peer_count: z
      .number({ error: 'validation.peer_count' })
      .int({ error: 'validation.peer_count' })
      .min(LIMITS.reviewerCountMin, { error: 'validation.peer_count' })
      .max(LIMITS.reviewerCountMax, { error: 'validation.peer_count' })
      .default(3),
    max_review_score: score,
    max_metacognition_score: score,
    standards: z
      .array(
        z.object({
          question: requiredText(LIMITS.standardQuestionMax),
          max_point: z
            .number({ error: 'validation.standard_point' })
            .int({ error: 'validation.standard_point' })
            .min(LIMITS.standardPointMin, { error: 'validation.standard_point' })
            .max(LIMITS.standardPointMax, { error: 'validation.standard_point' }),
        }),
      )
      .min(1, { error: 'validation.standard_required' }),
    /**
     * Learners without a finished essay review too (after the writers, as many essays as a
     * writer). Off: only writers review (issue 36).
     */
    non_writers_review: z.boolean({ error: 'validation.invalid_choice' }).default(false),
    /** Calibration examples learners score before reviewing (issue 34, item 1); [] = none. */
    calibration: calibrationSettingsSchema,
  })
  .superRefine((s, ctx) => checkCalibration(s.calibration, s.standards, ctx));
export const adjustmentStageSchema = z.object({}).default({});
export const feedbackStageSchema = z.object({
  max_review_score: score,
  max_point: z
    .number({ error: 'validation.feedback_point' })
    .int({ error: 'validation.feedback_point' })
    .min(LIMITS.feedbackPointMin, { error: 'validation.feedback_point' })
    .max(LIMITS.feedbackPointMax, { error: 'validation.feedback_point' })
    .default(10),
});
export const revisementStageSchema = z.object({ max_revisement_score: score });

/** A date-time as the editor sends it: `YYYY-MM-DD HH:mm[:ss]` in Korean time, or ISO 8601 with an offset. */
export const stageDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/, {
    error: 'validation.date_time',
  })
  .transform((s, ctx) => {
    const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(s);
    const d = new Date(hasOffset ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}+09:00`);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'validation.date_time' });
      return z.NEVER;
    }
    return d;
  });

const progressBase = { start_date: stageDateSchema.nullish(), end_date: stageDateSchema.nullish() };

/** One stage of the progress list, discriminated by its model. */
export const progressInputSchema = z.discriminatedUnion(
  'model',
  [
    z.object({ model: z.literal('essaywriting'), stage_object: essayStageSchema, ...progressBase }),
    z.object({ model: z.literal('questionwriting'), stage_object: questionStageSchema, ...progressBase }),
    z.object({ model: z.literal('peerreview'), stage_object: peerStageSchema, ...progressBase }),
    z.object({ model: z.literal('adjustment'), stage_object: adjustmentStageSchema, ...progressBase }),
    z.object({ model: z.literal('feedbackreview'), stage_object: feedbackStageSchema, ...progressBase }),
    z.object({ model: z.literal('revisement'), stage_object: revisementStageSchema, ...progressBase }),
  ],
  { error: 'validation.invalid_choice' },
);
export type ProgressInput = z.input<typeof progressInputSchema>;
export type Progress = z.output<typeof progressInputSchema>;

/** Total of the active score maxima; it must be exactly 100 (part 2 §5). */
export function totalScore(progresses: readonly Progress[]): number {
  let total = 0;
  for (const p of progresses) {
    if (p.model === 'essaywriting') total += p.stage_object.max_writing_score;
    if (p.model === 'peerreview')
      total += p.stage_object.max_review_score + p.stage_object.max_metacognition_score;
    if (p.model === 'feedbackreview') total += p.stage_object.max_review_score;
    if (p.model === 'revisement') total += p.stage_object.max_revisement_score;
  }
  return total;
}

/** Default score split (part 2 §9): 70/15/15 without feedback; 70/10/10/10 with; 60/10/10/10/10 with revision. */
export function defaultScores(hasFeedback: boolean, hasRevisement: boolean) {
  if (!hasFeedback) return { writing: 70, review: 15, metacognition: 15, feedback: 0, revisement: 0 };
  if (!hasRevisement) return { writing: 70, review: 10, metacognition: 10, feedback: 10, revisement: 0 };
  return { writing: 60, review: 10, metacognition: 10, feedback: 10, revisement: 10 };
}

/** The assignment editor's fields (multipart: these, `progresses` as JSON, and `files`). */
export const assignmentInputSchema = z.object({
  name: requiredText(LIMITS.assignmentNameMax),
  description: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(20000, { error: 'validation.too_long' }),
  is_auto_schedule: formBoolean.default(false),
  is_directly_starting: formBoolean.default(false),
  is_continue_from_previous_step: formBoolean.default(false),
  is_public: formBoolean.default(true),
  /** Release when ready (issue 33): scores stay hidden from learners after completion until released. */
  is_release_held: formBoolean.default(false),
  /** "Import the previous assignment": the source, whose rubric reliability the new one keeps. */
  imported_from: z.coerce
    .number({ error: 'validation.invalid_choice' })
    .int({ error: 'validation.invalid_choice' })
    .min(1, { error: 'validation.invalid_choice' })
    .max(ID_MAX, { error: 'validation.invalid_choice' })
    .optional(),
  progresses: z.array(progressInputSchema).min(2, { error: 'validation.stages_required' }),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;
export type AssignmentSettings = z.output<typeof assignmentInputSchema>;

export const currentStageSchema = z.object({
  stage: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});

/** One rubric standard's agreement between reviewers (Krippendorff's alpha, interval metric). */
export const standardReliabilitySchema = z.object({
  /** The standard's position in the rubric and its question. */
  index: z.number().int(),
  question: z.string(),
  /** Null when it cannot be told: fewer than two essays with two reviews, or no variance. */
  alpha: z.number().nullable(),
  /** good (α ≥ 0.667), fair (0.4 ≤ α < 0.667), poor (α < 0.4), unknown (null). */
  level: z.enum(['good', 'fair', 'poor', 'unknown']),
  /** Essays with at least two peer reviews of this standard (the units paired). */
  units: z.number().int(),
});
export type StandardReliability = z.infer<typeof standardReliabilitySchema>;

/** The previous assignment's reliability kept with an imported assignment. */
export const previousReliabilitySchema = z.object({
  assignment_name: z.string(),
  standards: z.array(standardReliabilitySchema),
});
export type PreviousReliability = z.infer<typeof previousReliabilitySchema>;

/** An assignment as the API returns it (part 2 §3). Status: 0 waiting to start, 1 in progress, 2 complete. */
export const assignmentSchema = z.object({
  id: z.number().int(),
  course: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_auto_schedule: z.boolean(),
  is_directly_starting: z.boolean(),
  is_continue_from_previous_step: z.boolean(),
  is_public: z.boolean(),
  /** Release when ready: learners see no scores after completion until the instructor releases them. */
  is_release_held: z.boolean(),
  /** Learners may read their scores: complete and either not held or released. */
  scores_released: z.boolean(),
  /** For managers: the rubric reliability of the assignment this one was imported from (null: none). */
  previous_reliability: previousReliabilitySchema.nullable().optional(),
  status: z.number().int(),
  current_stage: currentStageSchema,
  is_waiting_next_stage: z.boolean(),
  next_start_date: z.string().nullable(),
  progresses: z.array(
    z.object({
      id: z.number().int(),
      stage: z.string(),
      model: z.enum(STAGE_MODELS),
      start_date: z.string().nullable(),
      end_date: z.string().nullable(),
      stage_object: z.record(z.string(), z.unknown()),
      /** The participating learner's own work in this stage (null before it starts, or for others). */
      performance_id: z.number().int().nullable().optional(),
      /** For a learner with an extension of this stage ending later than it: their own end. */
      extended_end_date: z.string().nullable().optional(),
    }),
  ),
  files: z.array(fileRefSchema),
  editable: z
    .object({
      locked: z.boolean(),
      settings: z.record(z.string(), z.boolean()),
      first_open_step: z.number().int(),
    })
    .optional(),
  participation: z.number().int().optional(),
  /** For a learner: their open extension ending first (null: none). */
  extension: learnerExtensionSchema.nullable().optional(),
  /** For a learner: attendance is recorded (they have read the task information). */
  attended: z.boolean().optional(),
  /**
   * Whether the caller runs this assignment: the instructor, or an assistant who does not take
   * part in it (an assistant taking part has a learner's rights there). Screens offer the
   * management, matching and score pages only when true.
   */
  manages: z.boolean(),
  /** For a participating learner: the performance of the running stage, and the report once it exists. */
  performance_id: z.number().int().nullable().optional(),
  report_id: z.number().int().nullable().optional(),
  now: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** One learner's cell of one step in the management page's progress table. */
export const progressCellSchema = z.object({
  short: z.enum(STAGE_CODES),
  /** The learner takes part in the assignment. */
  is_contain: z.boolean(),
  is_completed: z.boolean(),
  /** Peer review: finished reviews of those given; feedback review: rated reviews of those received; otherwise 0 or 1 of 1 (adjustment: 0 of 0). */
  finished: z.number().int(),
  total: z.number().int(),
  /** The learner's own work to open read-only: the essay in the writing step, the revision in the feedback step. */
  performance_id: z.number().int().nullable(),
});
export type ProgressCell = z.infer<typeof progressCellSchema>;

/** GET …/assignments/{aid}/management/ (instructor and assistants): the student progress table (part 2 §3). */
export const managementTableSchema = z.object({
  current_stage: z.enum(STAGE_CODES),
  /** One per step: its code, its main stage model, how many take part and how many of them finished it. */
  headers: z.array(
    z.object({
      short: z.enum(STAGE_CODES),
      progress: z.union([z.enum(STAGE_MODELS), z.literal('')]),
      performances: z.number().int(),
      finished_performances: z.number().int(),
    }),
  ),
  /** One row per learner (in the order of `names`), one cell per step. */
  rows: z.array(z.array(progressCellSchema)),
  names: z.array(
    z.object({
      /** The learner's enrolment id. */
      pk: z.number().int(),
      name: z.string(),
      code: z.string(),
      /** Participation status: 1 taking part, 2 waiting for approval (part 2 §4). */
      status: z.number().int(),
      attended: z.boolean(),
      /** A late request waiting for approval: the enrolment to approve. */
      is_late: z.object({ enrollment_id: z.number().int() }).nullable(),
      is_essay_late: z.boolean(),
      essay_late_time: z.string().nullable(),
      /** The learner's report, once computed (a click on the name opens it). */
      report: z.number().int().nullable(),
      /** The learner's objection to a review of their essay (pending ones first), for the instructor to rule on. */
      objection: z
        .object({ id: z.number().int(), matching: z.number().int(), pending: z.boolean() })
        .nullable(),
    }),
  ),
});
export type ManagementTable = z.infer<typeof managementTableSchema>;

/** A spreadsheet sheet name: \ / * [ ] : ? become _, at most 31 characters (part 2 §5). */
export function sheetName(name: string): string {
  const cleaned = name.replace(/[\\/*[\]:?]/g, '_').trim() || 'Sheet';
  return [...cleaned].slice(0, LIMITS.sheetNameMax).join('');
}

/**
 * PATCH …/move-to-next-stage/: the stage the confirmation showed. The server moves only from that
 * stage (409 `stage_changed` otherwise), so a click just after the scheduler moved cannot skip a
 * stage. Optional for older clients, which move from wherever the assignment is.
 */
export const moveToNextStageBodySchema = z
  .object({ expected_stage: z.enum(STAGE_CODES).optional() })
  .strict()
  .nullish();
export type MoveToNextStageBody = z.infer<typeof moveToNextStageBodySchema>;

/** The settings schema of each stage model (the `stage_object` an assignment stores per stage). */
export const stageSettingsSchemas = {
  essaywriting: essayStageSchema,
  questionwriting: questionStageSchema,
  peerreview: peerStageSchema,
  adjustment: adjustmentStageSchema,
  feedbackreview: feedbackStageSchema,
  revisement: revisementStageSchema,
} as const satisfies Record<StageModel, z.ZodType>;

/** A stored stage's settings, typed by its model. */
export type StageSettings<M extends StageModel = StageModel> = z.output<(typeof stageSettingsSchemas)[M]>;

/**
 * What a stored stage still holds when a setting is missing (rows written before a setting
 * existed, or by hand): the editor's defaults, and 0 for a score maximum.
 */
const STORED_DEFAULTS: { [M in StageModel]: StageSettings<M> } = {
  essaywriting: { limit_type: 'L', max_length: 2500, max_writing_score: 0 },
  questionwriting: { quizs: [] },
  peerreview: {
    peer_count: 3,
    max_review_score: 0,
    max_metacognition_score: 0,
    standards: [],
    non_writers_review: false,
    calibration: [],
  },
  adjustment: {},
  feedbackreview: { max_review_score: 0, max_point: 10 },
  revisement: { max_revisement_score: 0 },
};

/**
 * A stored stage's settings read by its model's schema. Settings are validated when an
 * assignment is saved, so this parses; a row that does not (written by hand, or before a rule
 * existed) keeps what it has over the defaults rather than failing the request that reads it.
 */
export function readStageSettings<M extends StageModel>(model: M, stored: unknown): StageSettings<M> {
  const parsed = stageSettingsSchemas[model].safeParse(stored ?? {});
  if (parsed.success) return parsed.data as StageSettings<M>;
  const raw = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return { ...STORED_DEFAULTS[model], ...raw } as StageSettings<M>;
}

/**
 * Whether learners may read an assignment's scores and reports: once it is complete, and, when
 * it holds its scores for release (`is_release_held`), once they were released.
 */
export function scoresReleased(a: {
  complete: boolean;
  isReleaseHeld: boolean;
  releasedAt: Date | string | null;
}) {
  return a.complete && (!a.isReleaseHeld || a.releasedAt !== null);
}
