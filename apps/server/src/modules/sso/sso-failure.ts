import type { Language } from '@pw/contract';

/** Why a single sign-on did not finish; each has a page in both languages (`sso.<reason>`). */
export const SSO_FAILURES = {
  not_configured: 404,
  unavailable: 502,
  denied: 403,
  provider_error: 400,
  bad_state: 400,
  expired: 400,
  invalid_response: 400,
  no_email: 403,
  email_unverified: 403,
  sign_up_closed: 403,
  account_inactive: 403,
  account_expired: 403,
} as const;

export type SsoFailureReason = keyof typeof SSO_FAILURES;

/** An expected end of a single sign-on: the routes show its page, never a 500. */
export class SsoFailure extends Error {
  /** The language the sign-in started in, once known (the page is shown in it). */
  lang: Language | undefined;

  constructor(
    readonly reason: SsoFailureReason,
    options?: { cause?: unknown; lang?: Language },
  ) {
    super(`single sign-on failed: ${reason}`, { cause: options?.cause });
    this.name = 'SsoFailure';
    this.lang = options?.lang;
  }

  get status(): number {
    return SSO_FAILURES[this.reason];
  }
}
