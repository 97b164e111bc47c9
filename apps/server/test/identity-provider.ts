import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test identity provider. */
export type IdpAccount = { email?: string; emailVerified?: boolean; name?: string };

export type TestIdentityProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in, by their subject id. */
  accounts: Map<string, IdpAccount>;
  /** Who signs in at the next authorisation (a subject id), or `deny` to refuse it. */
  next: { subject: string } | { deny: true };
  /**
   * A browser at the provider: follows its redirects (keeping its cookies) from the authorisation
   * address until it sends the browser back to `callbackPrefix`, and returns that address.
   */
  authorize: (authorizationUrl: string, callbackPrefix: string) => Promise<string>;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (`oidc-provider`) on a free loopback port, with one confidential
 * client for the given redirect addresses. Its sign-in and consent screens are replaced by a
 * handler that answers at once as `next` says, so a test drives the whole code flow over HTTP.
 */
export async function startIdentityProvider(redirectUris: string[]): Promise<TestIdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'peerwrite-test';
  const clientSecret = 'a-test-client-secret-that-is-long-enough-for-hs256';
  const accounts = new Map<string, IdpAccount>();
  // Its own signing key (the provider's built-in development keys print a warning).
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    jwks: { keys: [signingKey] },
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['test-cookie-key-1'] },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          ...(account.email !== undefined ? { email: account.email } : {}),
          email_verified: account.emailVerified ?? true,
          ...(account.name !== undefined ? { name: account.name } : {}),
        }),
      };
    },
  });
  const idp: TestIdentityProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    next: { subject: 'nobody' },
    authorize: async (authorizationUrl, callbackPrefix) => {
      const jar = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop++) {
        if (url.startsWith(callbackPrefix)) return url;
        const res = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const [k, ...v] = (pair ?? '').split('=');
          if (k) jar.set(k.trim(), v.join('='));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
        url = new URL(location, url).href;
      }
      throw new Error('too many redirects at the provider');
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([^/]+)$/.exec(ctx.path);
    if (!match) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const what = idp.next;
    let result: Record<string, unknown>;
    if ('deny' in what) {
      result = { error: 'access_denied', error_description: 'the person said no' };
    } else {
      const grant = new provider.Grant({
        accountId: what.subject,
        clientId: String(details.params.client_id),
      });
      grant.addOIDCScope(String(details.params.scope));
      result = { login: { accountId: what.subject }, consent: { grantId: await grant.save() } };
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, {
      mergeWithLastSubmission: false,
    });
    ctx.status = 303;
    ctx.redirect(returnTo);
  });
  server.on('request', provider.callback());
  return idp;
}
