import { z } from 'zod';
import { ANSWER_MAX, COLOR_PATTERN, SAFE_LINK_PATTERN, STAGE_CODES } from './constants';
import { fileRefSchema } from './courses';
import { peerTargetSchema, receivedReviewSchema } from './reviews';
import { STAGE_MODELS } from './stages';

// A learner's work in one stage (part 2 §3 Performance, §4 work rules, §5 counting rule).

// The essay's length rules (countLength, isOverLimit) are in ./text-length (no zod: the editor reads them).

// --- Rich text: Quill's Delta, kept to formatting that cannot carry markup -------------------------

const FORMAT_KEYS = new Set([
  'bold',
  'italic',
  'underline',
  'strike',
  'header',
  'list',
  'blockquote',
  'code-block',
  'code',
  'align',
  'indent',
  'script',
  'link',
  'color',
  'background',
]);

/** Keeps an attribute only when it is a known format with a harmless value (links: http, https, mailto). */
function safeAttributes(attributes: Record<string, unknown> | undefined) {
  if (!attributes) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (!FORMAT_KEYS.has(key)) continue;
    if (key === 'link') {
      if (typeof value === 'string' && SAFE_LINK_PATTERN.test(value.trim())) out[key] = value.trim();
    } else if (key === 'color' || key === 'background') {
      if (typeof value === 'string' && COLOR_PATTERN.test(value)) out[key] = value;
    } else if (typeof value === 'boolean' || typeof value === 'number') {
      out[key] = value;
    } else if (typeof value === 'string' && /^[a-z0-9-]{1,20}$/i.test(value)) {
      out[key] = value;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

const opSchema = z.object({
  insert: z.unknown(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});

/**
 * A Quill Delta as stored: text inserts only (embeds such as images are dropped, since an
 * essay's pictures travel as attachments), formats from a fixed list, links only to http(s)
 * or mailto. What is stored can be rendered by Quill without ever running markup.
 */
export const deltaSchema = z
  .object({ ops: z.array(opSchema).max(50_000, { error: 'validation.invalid' }) })
  .transform((delta) => ({
    ops: delta.ops
      .filter(
        (op): op is { insert: string; attributes?: Record<string, unknown> } => typeof op.insert === 'string',
      )
      .map((op) => {
        const attributes = safeAttributes(op.attributes);
        return attributes ? { insert: op.insert, attributes } : { insert: op.insert };
      }),
  }));
export type Delta = z.output<typeof deltaSchema>;

/** The plain text of a Delta, as Quill's `getText()` gives it. */
export function deltaText(delta: Delta): string {
  return delta.ops.map((op) => op.insert).join('');
}

// --- Responses -------------------------------------------------------------------------------------

export const EDITOR_TYPES = ['Q', 'DRAFT'] as const;
export type EditorType = (typeof EDITOR_TYPES)[number];

/** One answer to one of the assignment's questions; `id` is the question's position. */
export const questionResponseSchema = z.object({
  id: z.number().int(),
  quiz: z.string(),
  response: z.string(),
});

/** An essay (or revision) as shown beside other work: the revision's starting point, the report. */
export const essayViewSchema = z.object({
  id: z.number().int(),
  content: z.unknown().nullable(),
  plain_text: z.string(),
  editor_type: z.string().nullable(),
  files: z.array(fileRefSchema),
  is_late: z.boolean(),
  is_completed: z.boolean(),
});
export type EssayView = z.infer<typeof essayViewSchema>;

export const performanceSchema = z.object({
  id: z.number().int(),
  is_completed: z.boolean(),
  is_late: z.boolean(),
  stage: z.enum(STAGE_CODES),
  model: z.enum(STAGE_MODELS),
  /** Bumped by every save; send it back with a save so a stale tab cannot overwrite newer work. */
  version: z.number().int(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  late_time: z.string().nullable(),
  /** Whether the owner may save now, and whether the late-essay route is open. */
  editable: z.boolean(),
  /** The learner's own end of this work's stage (ISO): the stage's end, or their extension's (issue 33). */
  deadline: z.string().nullable(),
  /** The deadline is the learner's own extension. */
  is_extended: z.boolean(),
  late_essay_open: z.boolean(),
  is_mine: z.boolean(),
  /** The learner's name, for the instructor and assistants only. */
  owner_name: z.string().optional(),
  stage_object: z.object({
    id: z.number().int(),
    late: z.boolean(),
    files: z.array(fileRefSchema),
    content: z.unknown().nullable(),
    plain_text: z.string(),
    editor_type: z.string().nullable(),
    max_length: z.number().int().nullable(),
    limit_type: z.enum(['L', 'W']).nullable(),
    responses: z.array(questionResponseSchema).nullable(),
    essay: essayViewSchema.nullable(),
    retrospective: z.string().nullable(),
    /** Peer review: the reviews to do; feedback review: the reviews received. Null for other stages. */
    targets: z.array(z.union([peerTargetSchema, receivedReviewSchema])).nullable(),
    extra: z.object({ question: z.number().int().nullable(), is_late: z.boolean() }),
  }),
});
export type Performance = z.infer<typeof performanceSchema>;

// --- Saving ----------------------------------------------------------------------------------------

export const RETROSPECTIVE_MAX = 5000;

/**
 * What a save carries in `stage_object` (multipart field holding JSON, or a JSON body): an essay or
 * revision `{content, plain_text, editor_type}` (plus an optional retrospective with a revision),
 * question answers `{responses}`, or a file removal `{delFile, fileId}`. Files come as `files`
 * parts. `version` is the version the learner edited.
 */
export const performanceSaveSchema = z.object({
  content: deltaSchema.optional(),
  plain_text: z.string().optional(),
  editor_type: z.enum(['Q', 'QUILL'], { error: 'validation.invalid_choice' }).optional(),
  currentLength: z.number().optional(),
  retrospective: z.string().max(RETROSPECTIVE_MAX, { error: 'validation.too_long' }).optional(),
  responses: z
    .array(
      z.object({
        id: z.number().int().min(0).max(1000),
        response: z.string().max(ANSWER_MAX, { error: 'validation.too_long' }),
      }),
    )
    .max(1000)
    .optional(),
  delFile: z.literal(true).optional(),
  fileId: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type PerformanceSave = z.input<typeof performanceSaveSchema>;

export const performanceSaveBodySchema = z.object({
  stage_object: performanceSaveSchema,
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});

/** The 409 body of a stale save: the error plus the newer work, so the page can offer both. */
export const staleSaveBodySchema = z.object({
  detail: z.string(),
  code: z.literal('performance_stale'),
  current: performanceSchema,
});
