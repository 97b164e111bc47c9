import { z } from 'zod';

export const groupSchema = z.object({ id: z.number().int(), name: z.string() });
export type Group = z.infer<typeof groupSchema>;

/** Public branding and settings of the organisation a request belongs to (part 1 §3). */
export const configurationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  login_title: z.string(),
  login_desc: z.string(),
  login_image: z.string().nullable(),
  rgb: z.string(),
  is_sign_up_available: z.boolean(),
  /** Single sign-on by OpenID Connect is set up: the sign-in page offers "sign in with <name>". */
  sso: z.boolean(),
  /** The email-and-password form is offered (off only when single sign-on is on). */
  password_sign_in: z.boolean(),
  is_private_info: z.boolean(),
  is_integrated_management: z.boolean(),
  expire_date: z.string().nullable(),
  subdomain: z.string().nullable(),
  groups: z.array(groupSchema),
});
export type Configuration = z.infer<typeof configurationSchema>;
