import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@pw/contract';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oidcLogins } from '../../db/schema';
import type { Organisation } from '../organisations/organisations.service';
import { openIdClient, providerOf } from './identity-provider';

/** How long a started sign-in may take at the identity provider. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

/** The SHA-256 under which a browser's sign-in cookie is kept. */
export function browserHash(cookie: string): string {
  return createHash('sha256').update(cookie).digest('hex');
}

/**
 * Starts a single sign-on (authorization code flow with PKCE): makes the state, nonce and code
 * verifier, keeps them in the database under a new random browser cookie (so the callback may
 * reach any node), and returns the provider's authorization address and the cookie to set.
 */
export async function startSso(input: {
  db: Db;
  org: Organisation;
  lang: Language;
  redirectUri: string;
  now?: Date;
}): Promise<{ location: string; cookie: string }> {
  const { db, org, lang, redirectUri } = input;
  const now = input.now ?? new Date();
  const provider = await providerOf(org);
  const client = await openIdClient();
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const cookie = randomBytes(32).toString('base64url');
  // Sign-ins abandoned at the provider: gone once expired (a cheap delete by index).
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
  await db.insert(oidcLogins).values({
    browserHash: browserHash(cookie),
    organisationId: org.id,
    state,
    nonce,
    codeVerifier,
    lang,
    expiresAt: new Date(now.getTime() + SSO_LOGIN_TTL_MS),
  });
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ui_locales: lang,
  });
  return { location: url.href, cookie };
}
