import { createHash } from 'node:crypto';
import type * as OpenIdClient from 'openid-client';
import type { Organisation } from '../organisations/organisations.service';
import { SsoFailure } from './sso-failure';

/** How long a discovered provider's metadata is reused by this process. */
const DISCOVERY_TTL_MS = 10 * 60_000;
/** Seconds an identity provider has to answer one request. */
const PROVIDER_TIMEOUT_S = 10;

type Client = typeof OpenIdClient;
type Entry = { config: OpenIdClient.Configuration; at: number };

// openid-client loads on the first sign-in through a provider (issue 29: nothing at start).
let loaded: Client | undefined;
/** The OpenID Connect client library, imported on first use. */
export async function openIdClient(): Promise<Client> {
  loaded ??= await import('openid-client');
  return loaded;
}
const discovered = new Map<string, Entry>();

/** Plain http is allowed only for an identity provider on this machine (tests, local trials). */
function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * The organisation's identity provider, discovered from its issuer's
 * `/.well-known/openid-configuration` and kept for 10 minutes (a copy of the provider's metadata:
 * safe on several nodes). A provider that does not answer is `unavailable`.
 */
export async function providerOf(org: Organisation): Promise<OpenIdClient.Configuration> {
  const issuer = org.oidcIssuer;
  const clientId = org.oidcClientId;
  const secret = org.oidcClientSecret;
  if (!issuer || !clientId || !secret) throw new SsoFailure('not_configured');
  const key = createHash('sha256').update(`${issuer}\n${clientId}\n${secret}`).digest('hex');
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const url = new URL(issuer);
  const client = await openIdClient();
  try {
    const config = await client.discovery(url, clientId, secret, client.ClientSecretBasic(secret), {
      timeout: PROVIDER_TIMEOUT_S,
      execute: url.protocol === 'http:' && isLoopback(url) ? [client.allowInsecureRequests] : [],
    });
    config.timeout = PROVIDER_TIMEOUT_S;
    discovered.set(key, { config, at: Date.now() });
    return config;
  } catch (error) {
    throw new SsoFailure('unavailable', { cause: error });
  }
}

/** Forgets what was discovered (tests that stop and restart a provider). */
export function forgetProviders(): void {
  discovered.clear();
}

/** True when the error is the provider not answering (network, timeout, a 5xx), not a refusal. */
export function isUnreachable(error: unknown): boolean {
  // Only the library's own calls throw its errors: it is loaded by then.
  if (loaded && error instanceof loaded.ResponseBodyError) return error.status >= 500;
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isUnreachable(cause);
}
