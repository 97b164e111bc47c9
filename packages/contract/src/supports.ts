import { z } from 'zod';
import { idParamSchema } from './ids';

const required = 'validation.required';
export const SUPPORT_CONTENT_MAX = 5000;

/** POST /supports/: content required, course optional (one of the user's courses). */
export const supportCreateSchema = z.object({
  content: z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(SUPPORT_CONTENT_MAX, { error: 'validation.too_long' }),
  course: idParamSchema.nullish().transform((v) => v ?? null),
});
export type SupportCreateInput = z.input<typeof supportCreateSchema>;

export const supportInquirySchema = z.object({
  id: z.number().int(),
  content: z.string(),
  course: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
});
export type SupportInquiry = z.infer<typeof supportInquirySchema>;
