import { z } from 'zod';
import {
  attendingTypeSchema,
  dateSchema,
  gradeSchema,
  passwordSchema,
  requiredText,
  roleSchema,
} from './accounts';
import { hasGrade, LIMITS } from './constants';

const required = 'validation.required';

/** GET /users/profile/ (part 1 §3 user profile). */
export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  is_staff: z.boolean(),
  attending_type: attendingTypeSchema.nullable(),
  display_attending_type: z.string().nullable(),
  grade: z.number().int().nullable(),
  address: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  courses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  enrolls: z.array(
    z.object({ id: z.number().int(), course: z.object({ id: z.number().int(), name: z.string() }) }),
  ),
  is_private_info: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PATCH /users/profile/ (part 1 §5 profile edit). Email and role cannot be changed here; the
 * current password is required. School fields are checked by `findProfileErrors`.
 */
export const profileUpdateSchema = z.object({
  name: requiredText(LIMITS.nameMax),
  attending_type: attendingTypeSchema.nullish().transform((v) => v ?? null),
  grade: z
    .union([z.literal(''), z.null(), gradeSchema])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  address: z
    .string()
    .trim()
    .max(LIMITS.addressMax, { error: 'validation.too_long' })
    .nullish()
    .transform((v) => (v ? v : null)),
  date_of_birth: z
    .union([z.literal(''), z.null(), dateSchema])
    .optional()
    .transform((v) => (v ? v : null)),
  password: z.string({ error: required }).min(1, { error: required }).max(LIMITS.passwordMax),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** With private info on: name, address, birth date and school required; grade 1..6 for schools with grades. */
export function findProfileErrors(
  body: ProfileUpdate,
  isPrivateInfo: boolean,
  today: string,
): Record<string, string[]> {
  if (!isPrivateInfo) return {};
  const errors: Record<string, string[]> = {};
  if (!body.attending_type) errors.attending_type = [required];
  if (!body.address) errors.address = [required];
  if (!body.date_of_birth) errors.date_of_birth = [required];
  else if (body.date_of_birth > today) errors.date_of_birth = ['validation.date_future'];
  if (hasGrade(body.attending_type) && body.grade == null) errors.grade = ['validation.grade_range'];
  return errors;
}

/** POST /users/password-change/ (the server call uses old_password and new_password). */
export const passwordChangeSchema = z
  .object({
    old_password: z.string({ error: required }).min(1, { error: required }).max(LIMITS.passwordMax),
    new_password: passwordSchema,
  })
  .refine((v) => v.new_password !== v.old_password, {
    path: ['new_password'],
    message: 'validation.password_unchanged',
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The change-password dialog: the call's fields plus the confirmation. */
export const passwordChangeFormSchema = z
  .object({
    oldPassword: z.string({ error: required }).min(1, { error: required }),
    newPassword: passwordSchema,
    passwordCheck: z.string({ error: required }).min(1, { error: required }),
  })
  .refine((v) => v.newPassword === v.passwordCheck, {
    path: ['passwordCheck'],
    message: 'validation.password_mismatch',
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    path: ['newPassword'],
    message: 'validation.password_unchanged',
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

/** GET /users/standard-scores/: one entry per assignment with a score. */
export const standardScoreSchema = z.object({ assignment: z.string(), standard_score: z.number() });
export type StandardScore = z.infer<typeof standardScoreSchema>;
