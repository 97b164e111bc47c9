import { z } from 'zod';

// An LMS's registration of the tool (LTI 1.3), per organisation: what the manager area shows,
// adds and removes (the same as `npm run org -- lti add|list|remove`).

// An https URL with a host; plain http only for an LMS on this machine (a local trial, the tests).
// (The contract runs in the browser and on the server alike: a pattern, not either's URL parser.)
const HTTPS_URL = /^https:\/\/[^\s/?#@:]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const LOOPBACK_HTTP_URL = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?(?:[/?#]\S*)?$/i;
const isWebUrl = (value: string) => HTTPS_URL.test(value) || LOOPBACK_HTTP_URL.test(value);

const webUrl = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(2000, { error: 'validation.too_long' })
  .refine(isWebUrl, { error: 'validation.url' });

const idText = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(255, { error: 'validation.too_long' });

/** POST /manager/lti-platforms/: adds a registration, or replaces the one with the same issuer and client id. */
export const ltiPlatformInputSchema = z.object({
  issuer: webUrl,
  client_id: idText,
  deployment_ids: z
    .array(idText, { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(20, { error: 'validation.too_many' })
    .transform((ids) => [...new Set(ids)]),
  login_url: webUrl,
  token_url: webUrl,
  jwks_url: webUrl,
  frame_origins: z.array(webUrl).max(10, { error: 'validation.too_many' }).optional(),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInputSchema>;

export const ltiPlatformSchema = z.object({
  id: z.number().int(),
  issuer: z.string(),
  client_id: z.string(),
  deployment_ids: z.array(z.string()),
  login_url: z.string(),
  token_url: z.string(),
  jwks_url: z.string(),
  frame_origins: z.array(z.string()),
});
export type LtiPlatformView = z.infer<typeof ltiPlatformSchema>;

/** The registrations and the tool's own URLs, which the LMS administrator enters on their side. */
export const ltiPlatformsSchema = z.object({
  tool: z.object({ login_url: z.string(), launch_url: z.string(), jwks_url: z.string() }),
  platforms: z.array(ltiPlatformSchema),
});
export type LtiPlatforms = z.infer<typeof ltiPlatformsSchema>;
