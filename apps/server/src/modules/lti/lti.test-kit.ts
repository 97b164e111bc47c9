import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { call, type TestApp } from '../../../test/helpers';
import { CLAIM } from './lti-claims';

/**
 * A mock LMS (platform) for the launch tests: its RS256 key pair, its JWKS served by a small
 * HTTP server, and id_tokens signed with the LTI claims.
 */
export async function startMockPlatform() {
  const kid = 'platform-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = 'https://lms.example.edu';
  const registration = {
    issuer,
    clientId: 'peerwrite-client',
    deploymentIds: ['dep-1', 'dep-2'],
    loginUrl: 'https://lms.example.edu/auth',
    tokenUrl: 'https://lms.example.edu/token',
    jwksUrl: `${base}/jwks`,
  };

  /** The LTI claims of a resource link launch; `over` replaces or (undefined) removes claims. */
  const claims = (over: Record<string, unknown> = {}): JWTPayload => {
    const all: Record<string, unknown> = {
      sub: 'lms-user-1',
      name: '김교수',
      email: 'prof@lms.example.edu',
      [CLAIM.messageType]: 'LtiResourceLinkRequest',
      [CLAIM.version]: '1.3.0',
      [CLAIM.deploymentId]: 'dep-1',
      [CLAIM.targetLinkUri]: 'https://uni.peer.test/lti/launch',
      [CLAIM.resourceLink]: { id: 'rl-1', title: '에세이 1' },
      [CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      [CLAIM.context]: { id: 'ctx-1', title: '글쓰기의 기초', label: 'WRT101' },
      ...over,
    };
    return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as JWTPayload;
  };

  type SignOptions = {
    key?: Parameters<SignJWT['sign']>[0];
    audience?: string | string[];
    issuedAt?: number;
    expiresAt?: number;
    issuer?: string;
  };
  const sign = async (payload: JWTPayload, opts: SignOptions = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(opts.issuer ?? issuer)
      .setAudience(opts.audience ?? registration.clientId)
      .setIssuedAt(opts.issuedAt ?? now)
      .setExpirationTime(opts.expiresAt ?? now + 300)
      .sign(opts.key ?? privateKey);
  };

  return { registration, claims, sign, close: () => new Promise<void>((r) => server.close(() => r())) };
}
export type MockPlatform = Awaited<ReturnType<typeof startMockPlatform>>;

/** The tool's login initiation as the platform's browser redirect calls it: state, nonce and cookie. */
export async function initiateLogin(
  t: TestApp,
  p: MockPlatform,
  host: string,
  extra: Record<string, string> = {},
) {
  const res = await call(t, {
    method: 'POST',
    url: '/lti/login',
    host,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      iss: p.registration.issuer,
      login_hint: 'hint-1',
      target_link_uri: `https://${host}/lti/launch`,
      client_id: p.registration.clientId,
      lti_deployment_id: 'dep-1',
      ...extra,
    }).toString(),
  });
  if (res.statusCode !== 302) throw new Error(`login initiation: ${res.statusCode} ${res.body}`);
  const location = new URL(String(res.headers.location));
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return {
    location,
    state: location.searchParams.get('state') ?? '',
    nonce: location.searchParams.get('nonce') ?? '',
    cookie: setCookie.split(';')[0] ?? '',
    setCookie,
  };
}

/** Posts the id_token to the launch endpoint as the platform's auto-submitted form does. */
export function postLaunch(
  t: TestApp,
  host: string,
  form: { id_token: string; state: string },
  cookie: string,
  headers: Record<string, string> = {},
) {
  return call(t, {
    method: 'POST',
    url: '/lti/launch',
    host,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A whole launch: initiation, a signed id_token with `over` claims, the form post. */
export async function launch(
  t: TestApp,
  p: MockPlatform,
  host: string,
  over: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const login = await initiateLogin(t, p, host);
  const idToken = await p.sign(p.claims({ nonce: login.nonce, ...over }));
  return postLaunch(t, host, { id_token: idToken, state: login.state }, login.cookie, headers);
}

/** The one-time code of a successful launch's redirect. */
export function codeOf(location: unknown): string {
  return new URL(String(location), 'http://x').searchParams.get('code') ?? '';
}
