import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Language, LIMITS } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcHandoffs, oidcLogins, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertMaySignIn } from '../accounts/accounts.service';
import { hashPassword } from '../accounts/passwords';
import type { Organisation } from '../organisations/organisations.service';
import { isUnreachable, openIdClient, providerOf } from './identity-provider';
import { ssoAccountDecision } from './sso.policy';
import { SsoFailure, type SsoFailureReason } from './sso-failure';
import { browserHash } from './start-sso';

/** How long the web app has to exchange the one-time code for a session. */
export const SSO_HANDOFF_TTL_MS = 2 * 60_000;

export function codeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type Claims = Record<string, unknown>;

function nameFrom(claims: Claims, email: string): string {
  const given = typeof claims.given_name === 'string' ? claims.given_name : '';
  const family = typeof claims.family_name === 'string' ? claims.family_name : '';
  const name =
    (typeof claims.name === 'string' && claims.name.trim()) ||
    `${given} ${family}`.trim() ||
    email.split('@')[0] ||
    email;
  return name.trim().slice(0, LIMITS.nameMax);
}

/**
 * The identity provider's answer at the callback: the browser's cookie must name a started
 * sign-in of this organisation (taken once: a replayed callback finds nothing), not expired, with
 * the same state; the code is exchanged with the PKCE verifier and the id_token checked (issuer,
 * audience, signature, nonce) by openid-client. The verified email then signs in its account of
 * the organisation, or makes one when sign-up is on. Returns a one-time code for the web app.
 */
export async function finishSso(input: {
  db: Db;
  org: Organisation;
  cookie: string | undefined;
  callbackUrl: URL;
  now?: Date;
}): Promise<{ code: string; binding: string; lang: Language }> {
  const { db, org, callbackUrl } = input;
  const now = input.now ?? new Date();
  if (!input.cookie) throw new SsoFailure('bad_state');
  const [login] = await db
    .delete(oidcLogins)
    .where(and(eq(oidcLogins.browserHash, browserHash(input.cookie)), eq(oidcLogins.organisationId, org.id)))
    .returning();
  if (!login) throw new SsoFailure('bad_state');
  const lang = login.lang;
  const fail = (reason: SsoFailureReason, cause?: unknown) => new SsoFailure(reason, { cause, lang });
  if (login.expiresAt.getTime() <= now.getTime()) throw fail('expired');
  const params = callbackUrl.searchParams;
  const error = params.get('error');
  if (error) throw fail(error === 'access_denied' ? 'denied' : 'provider_error');
  if (!sameText(params.get('state') ?? '', login.state)) throw fail('bad_state');

  let claims: Claims;
  try {
    const provider = await providerOf(org);
    const client = await openIdClient();
    const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new SsoFailure('invalid_response');
    claims = { ...idClaims };
    // Many providers put the email (or whether it is verified) only in the userinfo answer.
    if (typeof claims.email !== 'string' || typeof claims.email_verified !== 'boolean') {
      const info = await client.fetchUserInfo(provider, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims };
    }
  } catch (cause) {
    if (cause instanceof SsoFailure) {
      cause.lang = lang;
      throw cause;
    }
    throw fail(isUnreachable(cause) ? 'unavailable' : 'invalid_response', cause);
  }

  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  const identity = { email, emailVerified: claims.email_verified === true };
  const findAccount = async () => {
    if (!email) return undefined;
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.organisationId, org.id), eq(users.email, email)))
      .limit(1);
    return row;
  };
  let account = await findAccount();
  const decision = ssoAccountDecision(org, identity, account !== undefined);
  if (decision.kind === 'refuse') throw fail(decision.reason);
  if (decision.kind === 'create' && email) {
    // No password anyone knows: a random one (the person may set one by the reset page).
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    await db
      .insert(users)
      .values({ organisationId: org.id, email, name: nameFrom(claims, email), passwordHash, role: 'L' })
      .onConflictDoNothing({ target: [users.organisationId, users.email] });
    // Two callbacks at once for one new email: both find the one row.
    account = await findAccount();
  }
  if (!account) throw fail('invalid_response');
  try {
    assertMaySignIn(org, account, now);
  } catch (refusal) {
    if (refusal instanceof AppError && refusal.code === 'account_inactive') throw fail('account_inactive');
    if (refusal instanceof AppError && refusal.code === 'account_expired') throw fail('account_expired');
    throw refusal;
  }
  const code = randomBytes(32).toString('base64url');
  // A second secret for the cookie: a code copied into another browser (a login-CSRF link) is useless.
  const binding = randomBytes(32).toString('base64url');
  await db.insert(oidcHandoffs).values({
    codeHash: codeHash(code),
    userId: account.id,
    browserHash: browserHash(binding),
    expiresAt: new Date(now.getTime() + SSO_HANDOFF_TTL_MS),
  });
  return { code, binding, lang };
}
