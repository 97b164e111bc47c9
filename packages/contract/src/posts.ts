import { z } from 'zod';
import { requiredText } from './accounts';
import { LIMITS } from './constants';
import { fileRefSchema, formBoolean } from './courses';
import { idParamSchema, idSchema } from './ids';

const required = 'validation.required';
export const POST_CONTENT_MAX = 20000;
export const POLL_OPTION_MAX = 100;
export const POLL_OPTIONS_MAX = 20;
export const COMMENT_MAX = 2000;

/** Poll options: trimmed, required, duplicates merged (part 1 §3). */
export const pollOptionsSchema = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(
    z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'validation.poll_option_required' })
          .max(POLL_OPTION_MAX, { error: 'validation.too_long' }),
      )
      .max(POLL_OPTIONS_MAX, { error: 'validation.too_many' }),
  )
  .transform((options) => [...new Set(options)]);

/** POST /courses/{id}/posts/ (multipart: these fields plus `files`). */
export const postCreateSchema = z.object({
  title: requiredText(LIMITS.postTitleMax),
  content: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(POST_CONTENT_MAX, { error: 'validation.too_long' }),
  is_notice: formBoolean.default(false),
  options: pollOptionsSchema,
});
export type PostCreateInput = z.input<typeof postCreateSchema>;

/** PATCH /courses/{id}/posts/{id}/ (multipart; `delete_files` ids to remove). Poll options cannot change once votes exist. */
export const postUpdateSchema = z.object({
  title: requiredText(LIMITS.postTitleMax).optional(),
  content: z
    .string()
    .trim()
    .min(1, { error: required })
    .max(POST_CONTENT_MAX, { error: 'validation.too_long' })
    .optional(),
  is_notice: formBoolean.optional(),
  delete_files: z
    .union([z.array(idParamSchema), idParamSchema])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});

export const pollSchema = z.object({
  options: z.array(z.object({ id: z.number().int(), content: z.string(), votes: z.number().int() })),
  total_votes: z.number().int(),
  my_vote: z.number().int().nullable(),
});

export const postSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  author: z.string(),
  files: z.array(fileRefSchema),
  is_own: z.boolean(),
  is_notice: z.boolean(),
  is_poll: z.boolean(),
  poll: pollSchema.nullable(),
  comments_count: z.number().int(),
});
export type Post = z.infer<typeof postSchema>;

export const voteSchema = z.object({ option: idSchema });

export const commentCreateSchema = z.object({
  content: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(COMMENT_MAX, { error: 'validation.too_long' }),
});
export const commentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  nickname: z.string(),
  created_at: z.string(),
  is_own: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
