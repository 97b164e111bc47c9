import { z } from 'zod';
import { stageDateSchema } from './assignments';
import { STAGE_MODELS } from './stages';

/** Longest reason an extension keeps. */
export const EXTENSION_REASON_MAX = 500;
/** Most learners one grant covers. */
export const EXTENSION_LEARNERS_MAX = 500;

const reasonSchema = z.string().trim().max(EXTENSION_REASON_MAX, { error: 'validation.too_long' });

/**
 * POST …/extensions/: a later end of one stage for one or several learners (issue 33, item 1).
 * `end_date` as the stage dates are written (Korean time without an offset); it must be later than
 * the stage's own end (checked by the server, which knows the stage).
 */
export const extensionGrantSchema = z
  .object({
    enrollments: z
      .array(z.number().int().positive(), { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(EXTENSION_LEARNERS_MAX, { error: 'validation.too_many' }),
    stage: z.enum(STAGE_MODELS, { error: 'validation.invalid_choice' }),
    end_date: stageDateSchema,
    reason: reasonSchema.optional().default(''),
  })
  .strict();
export type ExtensionGrant = z.input<typeof extensionGrantSchema>;
/** The grant as the server reads it (dates parsed). */
export type ExtensionGrantParsed = z.output<typeof extensionGrantSchema>;

/** PATCH …/extensions/{extensionId}/: a new end and/or reason. */
export const extensionChangeSchema = z
  .object({ end_date: stageDateSchema.optional(), reason: reasonSchema.optional() })
  .strict();
export type ExtensionChange = z.input<typeof extensionChangeSchema>;
export type ExtensionChangeParsed = z.output<typeof extensionChangeSchema>;

/** One learner's extension of one stage. */
export const extensionSchema = z.object({
  id: z.number().int(),
  enrollment_id: z.number().int(),
  name: z.string(),
  stage: z.enum(STAGE_MODELS),
  /** The learner's own end (ISO). */
  end_date: z.string(),
  /** The stage's end for everyone else (ISO), for comparison. */
  stage_end_date: z.string().nullable(),
  reason: z.string(),
  updated_at: z.string(),
});
export type Extension = z.infer<typeof extensionSchema>;

export const extensionListSchema = z.array(extensionSchema);
