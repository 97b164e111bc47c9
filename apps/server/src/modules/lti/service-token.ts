import { randomBytes } from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Db } from '../../db/client';
import { ltiToolKeys } from '../../db/schema';
import { rotateToolKey } from './lti-keys';
import type { LtiPlatform } from './lti-platforms';

/** The LTI Advantage service scopes this tool asks for. */
export const SCOPES = {
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  lineitem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
} as const;

/** A cached token is used until this long before it expires. */
const EXPIRY_MARGIN_MS = 60_000;
/** How long a call to the platform may take. */
export const SERVICE_TIMEOUT_MS = 10_000;

/** A failed call to a platform's service (token, NRPS, AGS): the queue retries, the sync reports it. */
export class LtiServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

type Cached = { token: string; expiresAt: number };
// Per process, keyed by platform and scopes: a token serves every call until shortly before expiry.
const cache = new Map<string, Cached>();

/** Forgets the cached tokens (tests; a platform answering 401 to a token it issued). */
export function forgetServiceTokens() {
  cache.clear();
}

/**
 * An access token for the platform's services: the OAuth 2 client-credentials grant with a JWT
 * client assertion (RFC 7523; LTI Security Framework §4.1) signed with the tool's current key,
 * `aud` the platform's token URL. Cached until a minute before it expires.
 */
export async function serviceToken(
  db: Db,
  platform: LtiPlatform,
  scopes: readonly string[],
  now = Date.now(),
): Promise<string> {
  const scope = [...scopes].sort().join(' ');
  const key = `${platform.id}\n${platform.tokenUrl}\n${platform.clientId}\n${scope}`;
  const hit = cache.get(key);
  if (hit && hit.expiresAt - EXPIRY_MARGIN_MS > now) return hit.token;

  const jose = await import('jose');
  const { kid, privateJwk } = await currentKey(db);
  const privateKey = await jose.importJWK(privateJwk, 'RS256');
  const assertion = await new jose.SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + 300)
    .setJti(randomBytes(16).toString('base64url'))
    .sign(privateKey);
  let res: Response;
  try {
    res = await fetch(platform.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope,
      }).toString(),
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new LtiServiceError(`token request failed: ${(error as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (!res.ok || typeof body.access_token !== 'string')
    throw new LtiServiceError(`token request refused (${res.status})`, res.status);
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  cache.set(key, { token: body.access_token, expiresAt: now + expiresIn * 1000 });
  return body.access_token;
}

/** The tool's current signing key (made on first use, as the JWKS endpoint does). */
export async function currentKey(db: Db): Promise<{ kid: string; privateJwk: JWK }> {
  const read = () =>
    db
      .select({ kid: ltiToolKeys.kid, privateJwk: ltiToolKeys.privateJwk })
      .from(ltiToolKeys)
      .where(isNull(ltiToolKeys.retiredAt))
      .orderBy(desc(ltiToolKeys.id))
      .limit(1);
  let [row] = await read();
  if (!row) {
    await rotateToolKey(db);
    [row] = await read();
  }
  if (!row) throw new Error('no LTI tool key');
  return { kid: row.kid, privateJwk: row.privateJwk as JWK };
}

/** A GET or POST to a platform service with the bearer token; a 401 drops the cached token once. */
export async function callService(
  db: Db,
  platform: LtiPlatform,
  scopes: readonly string[],
  url: string,
  init: { method?: 'GET' | 'POST'; accept?: string; contentType?: string; body?: string },
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const token = await serviceToken(db, platform, scopes);
    let res: Response;
    try {
      res = await fetch(url, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.accept ? { accept: init.accept } : {}),
          ...(init.contentType ? { 'content-type': init.contentType } : {}),
        },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new LtiServiceError(`service call failed: ${(error as Error).message}`);
    }
    if (res.status === 401 && attempt === 0) {
      forgetServiceTokens();
      continue;
    }
    return res;
  }
}
