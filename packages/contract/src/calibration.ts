import { z } from 'zod';

/**
 * Calibration (issue 34, item 1): the instructor's example essays, set with the peer-review stage's
 * settings (`stage_object.calibration`), which learners score on the assignment's rubric before
 * their peer reviews; once they submit an example they see the instructor's points and
 * explanations beside theirs. The closeness rule is in packages/domain (calibration).
 */

export const CALIBRATION_EXAMPLES_MAX = 3;
export const CALIBRATION_TITLE_MAX = 100;
export const CALIBRATION_TEXT_MAX = 20000;
export const CALIBRATION_EXPLANATION_MAX = 500;

const point = z
  .number({ error: 'validation.calibration_point' })
  .int({ error: 'validation.calibration_point' })
  .min(0, { error: 'validation.calibration_point' });

/** One example as the instructor sets it: the text, a point and an explanation per standard. */
export const calibrationExampleSchema = z.object({
  title: z.string().trim().max(CALIBRATION_TITLE_MAX, { error: 'validation.too_long' }).default(''),
  text: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(CALIBRATION_TEXT_MAX, { error: 'validation.too_long' }),
  /** The instructor's point per rubric standard (same order, 0..max_point). */
  points: z.array(point),
  /** A short explanation per standard (same order). */
  explanations: z.array(z.string().trim().max(CALIBRATION_EXPLANATION_MAX, { error: 'validation.too_long' })),
});
export type CalibrationExample = z.infer<typeof calibrationExampleSchema>;

/** `stage_object.calibration`: 0 examples = no calibration, at most three. */
export const calibrationSettingsSchema = z
  .array(calibrationExampleSchema)
  .max(CALIBRATION_EXAMPLES_MAX, { error: 'validation.calibration_examples' })
  .default([]);

/**
 * Each example's points and explanations match the rubric: one per standard, within its maximum.
 * Issues at `calibration.{i}.points` (the editor shows them under the example).
 */
export function checkCalibration(
  examples: readonly CalibrationExample[],
  standards: readonly { max_point: number }[],
  ctx: z.RefinementCtx,
) {
  examples.forEach((example, i) => {
    const fits =
      example.points.length === standards.length &&
      example.points.every((p, k) => p <= (standards[k]?.max_point ?? 0));
    if (!fits)
      ctx.addIssue({
        code: 'custom',
        path: ['calibration', i, 'points'],
        message: 'validation.calibration_point',
      });
    if (example.explanations.length !== standards.length)
      ctx.addIssue({
        code: 'custom',
        path: ['calibration', i, 'explanations'],
        message: 'validation.invalid',
      });
  });
}

/** One example as a learner (or the staff) sees it. */
export const calibrationExampleViewSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  text: z.string(),
  /** The learner's points (null = not yet scored); the staff's view: []. */
  points: z.array(z.number().int().nullable()),
  submitted: z.boolean(),
  /** The instructor's points and explanations: after the learner submitted the example (staff: always). */
  instructor_points: z.array(z.number().int()).nullable(),
  explanations: z.array(z.string()).nullable(),
  /** 1 − mean |difference| ÷ range (0..1), once submitted. */
  closeness: z.number().nullable(),
});
export type CalibrationExampleView = z.infer<typeof calibrationExampleViewSchema>;

/** A learner's calibration as the staff read it (never shown to other learners). */
export const calibrationLearnerSchema = z.object({
  enrollment_id: z.number().int(),
  name: z.string(),
  submitted: z.number().int(),
  closeness: z.number().nullable(),
});

/** GET/PATCH …/assignments/{aid}/calibration/. */
export const calibrationSchema = z.object({
  /** The assignment has examples (the learner calibrates before reviewing). */
  enabled: z.boolean(),
  /** The caller may save now (their own, while the peer-review stage is open for them). */
  editable: z.boolean(),
  /** Every example submitted (or none to do): the peer reviews are open to the learner. */
  done: z.boolean(),
  standards: z.array(z.object({ question: z.string(), max_point: z.number().int() })),
  examples: z.array(calibrationExampleViewSchema),
  /** Overall closeness (mean over submitted examples); null before any. */
  closeness: z.number().nullable(),
  /** Staff only: every learner's closeness; null for a learner. */
  learners: z.array(calibrationLearnerSchema).nullable(),
});
export type Calibration = z.infer<typeof calibrationSchema>;

/** PATCH: the learner's points for one example; `submit` reveals the instructor's (final). */
export const calibrationUpdateSchema = z.object({
  example: z
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(0, { error: 'validation.invalid' }),
  points: z.array(point.nullable()),
  submit: z.boolean({ error: 'validation.invalid_choice' }).default(false),
});
export type CalibrationUpdate = z.infer<typeof calibrationUpdateSchema>;

/**
 * GET …/assignments/{aid}/calibration/essays/ (the assignment's managers): this assignment's
 * finished essays as candidates for a calibration example, numbered in an order that is not the
 * class list's and without their authors (the text is copied into the example; issue 34, item 1).
 */
export const calibrationEssaysSchema = z.object({
  results: z.array(z.object({ number: z.number().int(), text: z.string() })),
});
export type CalibrationEssays = z.infer<typeof calibrationEssaysSchema>;
