/**
 * Whom a finished single sign-on signs in (pure: the use case loads, this decides). The identity
 * provider's email counts only when it says the address is verified; an account is matched by it
 * within the organisation, or made when the organisation lets people sign up.
 */
export type SsoIdentity = { email: string | null; emailVerified: boolean };

export type SsoDecision =
  | { kind: 'existing' }
  | { kind: 'create' }
  | { kind: 'refuse'; reason: 'no_email' | 'email_unverified' | 'sign_up_closed' };

export function ssoAccountDecision(
  org: { isSignUpAvailable: boolean },
  identity: SsoIdentity,
  accountExists: boolean,
): SsoDecision {
  if (!identity.email) return { kind: 'refuse', reason: 'no_email' };
  if (!identity.emailVerified) return { kind: 'refuse', reason: 'email_unverified' };
  if (accountExists) return { kind: 'existing' };
  return org.isSignUpAvailable ? { kind: 'create' } : { kind: 'refuse', reason: 'sign_up_closed' };
}
