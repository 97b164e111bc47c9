import { z } from 'zod';
import { ATTENDING_TYPES, hasGrade, LIMITS, ROLES } from './constants';

// Validation messages are catalog keys (see locales/*/messages.json): the server and the web
// client both translate them, so one rule gives one message in each language.

const required = 'validation.required';

/** A required, trimmed text field with a maximum length. */
export function requiredText(max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: 'validation.too_long' });
}

export const emailSchema = z
  .string({ error: required })
  .trim()
  .toLowerCase()
  .min(1, { error: required })
  .max(LIMITS.emailMax, { error: 'validation.too_long' })
  .pipe(z.email({ error: 'validation.email' }));

export const passwordSchema = z
  .string({ error: required })
  .min(1, { error: required })
  .min(LIMITS.passwordMin, { error: 'validation.password_min' })
  .max(LIMITS.passwordMax, { error: 'validation.too_long' });

export const attendingTypeSchema = z.enum(ATTENDING_TYPES, { error: 'validation.invalid_choice' });
export const roleSchema = z.enum(ROLES, { error: 'validation.invalid_choice' });

export const gradeSchema = z.coerce
  .number({ error: 'validation.grade_range' })
  .int({ error: 'validation.grade_range' })
  .min(LIMITS.gradeMin, { error: 'validation.grade_range' })
  .max(LIMITS.gradeMax, { error: 'validation.grade_range' });

/** YYYY-MM-DD that is a real calendar date. */
export const dateSchema = z
  .string({ error: required })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine((s) => isCalendarDate(s), { error: 'validation.date' });

/** True when `s` (YYYY-MM-DD) names a day that exists. */
export function isCalendarDate(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

// --- sign-in -------------------------------------------------------------------------------

export const signInBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: required }).min(1, { error: required }).max(LIMITS.passwordMax),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** The one-time code a finished single sign-on leaves in the sign-in page's URL fragment. */
export const ssoExchangeBodySchema = z.object({
  code: z.string({ error: required }).min(1, { error: required }).max(200),
});
export type SsoExchangeBody = z.infer<typeof ssoExchangeBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  is_staff: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signInResponseSchema = z.object({
  token: z.string(),
  is_staff: z.boolean(),
  expires_at: z.string(),
  user: sessionUserSchema,
});
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const loginCheckResponseSchema = sessionUserSchema;
export type LoginCheckResponse = z.infer<typeof loginCheckResponseSchema>;

export const isStaffResponseSchema = z.object({ is_staff: z.boolean() });

// --- sign-up -------------------------------------------------------------------------------

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.too_long' })
    .nullish()
    .transform((v) => (v ? v : null));

/** What the server accepts at POST /users/sign-up/. Private-info fields are checked by `findPrivateInfoErrors`. */
export const signUpBodySchema = z.object({
  email: emailSchema,
  name: requiredText(LIMITS.nameMax),
  password: passwordSchema,
  attending_type: attendingTypeSchema.nullish().transform((v) => v ?? null),
  grade: z
    .union([z.literal(''), z.null(), gradeSchema])
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
  address: optionalText(LIMITS.addressMax),
  date_of_birth: z
    .union([z.literal(''), z.null(), dateSchema])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type SignUpBodyInput = z.input<typeof signUpBodySchema>;
export type SignUpBody = z.output<typeof signUpBodySchema>;

export type FieldErrors = Record<string, string[]>;

/**
 * Rules that apply only when the organisation collects private info (part 1 §5): school, address
 * and birth date required; grade required (1..6) when the school has grades; no birth date in the future.
 */
export function findPrivateInfoErrors(
  body: Pick<SignUpBody, 'attending_type' | 'grade' | 'address' | 'date_of_birth'>,
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!body.attending_type) errors.attending_type = [required];
  if (!body.address) errors.address = [required];
  if (!body.date_of_birth) errors.date_of_birth = [required];
  else if (body.date_of_birth > today) errors.date_of_birth = ['validation.date_future'];
  if (hasGrade(body.attending_type) && body.grade == null) errors.grade = ['validation.grade_range'];
  return errors;
}

/** The sign-up form on the web: the body plus the password confirmation. */
export function signUpFormSchema(isPrivateInfo: boolean, today: string) {
  return signUpBodySchema
    .extend({ passwordCheck: z.string({ error: required }).min(1, { error: required }) })
    .superRefine((v, ctx) => {
      if (v.password !== v.passwordCheck) {
        ctx.addIssue({ code: 'custom', path: ['passwordCheck'], message: 'validation.password_mismatch' });
      }
      if (!isPrivateInfo) return;
      for (const [field, messages] of Object.entries(findPrivateInfoErrors(v, today))) {
        for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    });
}
export type SignUpFormInput = z.input<ReturnType<typeof signUpFormSchema>>;

export const signUpResponseSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string() });

/** An LTI launch's one-time code (`/lti-sign-in?code=…`), exchanged for a session once. */
export const ltiExchangeBodySchema = z.object({ code: z.string().min(20).max(200) });
export const ltiExchangeResponseSchema = signInResponseSchema.extend({
  /** The web path the launch lands on (the course's or the assignment's page for the role). */
  target: z.string(),
});
export type LtiExchangeResponse = z.infer<typeof ltiExchangeResponseSchema>;
