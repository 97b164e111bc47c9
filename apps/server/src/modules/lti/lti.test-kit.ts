import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';
import { call, type TestApp } from '../../../test/helpers';
import { CLAIM } from './lti-claims';

/** A member of the mock platform's roster (NRPS). */
export type MockMember = {
  user_id: string;
  roles: string[];
  status?: 'Active' | 'Inactive' | 'Deleted';
  name?: string;
  email?: string;
};

/** A score the mock platform's AGS endpoint received. */
export type ReceivedScore = { lineitem: string; contentType: string; body: Record<string, unknown> };

export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  assistant: 'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
};

const readBody = (req: import('node:http').IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
  });

/**
 * A mock LMS (platform) for the launch and service tests: its RS256 key pair, its JWKS served by a
 * small HTTP server, and id_tokens signed with the LTI claims; a token endpoint that verifies the
 * tool's client assertion against the tool's JWKS (`state.toolJwks`), an NRPS memberships
 * endpoint paged by `state.pageSize` with `Link: rel="next"`, and an AGS scores endpoint that
 * records what it receives and fails `state.failScores` times first.
 */
export async function startMockPlatform() {
  const kid = 'platform-key-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const state = {
    /** The tool's published keys (the test reads its /lti/jwks). */
    toolJwks: undefined as (() => Promise<JSONWebKeySet>) | undefined,
    roster: [] as MockMember[],
    pageSize: 2,
    failScores: 0,
    scores: [] as ReceivedScore[],
    tokenRequests: [] as { scope: string; ok: boolean }[],
    rosterRequests: 0,
    tokens: new Set<string>(),
    /** Deep Linking answers posted to `/deep-link-return`: verified (claims) or why not. */
    deepLinkAnswers: [] as (
      | { ok: true; claims: JWTPayload; kid: string | undefined }
      | { ok: false; error: string }
    )[],
    /** Line items the tool created by POST to `/lineitems` (AGS line item service). */
    lineItems: [] as { id: string; body: Record<string, unknown>; contentType: string }[],
  };
  const authorised = (req: import('node:http').IncomingMessage) =>
    state.tokens.has(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  let base = '';
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const scope = form.get('scope') ?? '';
      try {
        if (form.get('grant_type') !== 'client_credentials') throw new Error('grant');
        if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
          throw new Error('assertion type');
        if (!state.toolJwks) throw new Error('no tool JWKS');
        await jwtVerify(form.get('client_assertion') ?? '', createLocalJWKSet(await state.toolJwks()), {
          issuer: registration.clientId,
          subject: registration.clientId,
          audience: registration.tokenUrl,
          algorithms: ['RS256'],
        });
      } catch {
        state.tokenRequests.push({ scope, ok: false });
        return json(res, 401, { error: 'invalid_client' });
      }
      state.tokenRequests.push({ scope, ok: true });
      const token = randomBytes(16).toString('hex');
      state.tokens.add(token);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope });
    }
    if (url.pathname.startsWith('/nrps/') && req.method === 'GET') {
      if (!authorised(req)) return json(res, 401, { error: 'unauthorised' });
      state.rosterRequests++;
      const page = Number(url.searchParams.get('page') ?? '0');
      const members = state.roster.slice(page * state.pageSize, (page + 1) * state.pageSize);
      const more = (page + 1) * state.pageSize < state.roster.length;
      const next = new URL(url);
      next.searchParams.set('page', String(page + 1));
      return json(
        res,
        200,
        { id: url.toString(), context: { id: 'ctx-1' }, members },
        more ? { link: `<${next.toString()}>; rel="next"` } : {},
      );
    }
    if (url.pathname === '/deep-link-return' && req.method === 'POST') {
      // The platform's side of Deep Linking 2.0 §4.5: the tool's JWT, verified by the tool's keys.
      const form = new URLSearchParams(await readBody(req));
      try {
        if (!state.toolJwks) throw new Error('no tool JWKS');
        const { payload, protectedHeader } = await jwtVerify(
          form.get('JWT') ?? '',
          createLocalJWKSet(await state.toolJwks()),
          { issuer: registration.clientId, audience: registration.issuer, algorithms: ['RS256'] },
        );
        if (typeof payload.nonce !== 'string' || payload.nonce === '') throw new Error('no nonce');
        state.deepLinkAnswers.push({ ok: true, claims: payload, kid: protectedHeader.kid });
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<p>added</p>');
      } catch (error) {
        state.deepLinkAnswers.push({ ok: false, error: String((error as Error).message) });
        res.writeHead(400);
        return res.end();
      }
    }
    if (url.pathname === '/lineitems' && req.method === 'POST') {
      if (!authorised(req)) return json(res, 401, { error: 'unauthorised' });
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      const id = `${base}/lineitems/created-${state.lineItems.length + 1}`;
      state.lineItems.push({ id, body, contentType: String(req.headers['content-type']) });
      return json(res, 201, { id, ...body }, { 'content-type': 'application/vnd.ims.lis.v2.lineitem+json' });
    }
    if (url.pathname.endsWith('/scores') && req.method === 'POST') {
      if (!authorised(req)) return json(res, 401, { error: 'unauthorised' });
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      if (state.failScores > 0) {
        state.failScores--;
        return json(res, 503, { error: 'try later' });
      }
      state.scores.push({
        lineitem: url.pathname.replace(/\/scores$/, ''),
        contentType: String(req.headers['content-type']),
        body,
      });
      res.writeHead(204);
      return res.end();
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = 'https://lms.example.edu';
  const registration = {
    issuer,
    clientId: 'peerwrite-client',
    deploymentIds: ['dep-1', 'dep-2'],
    loginUrl: 'https://lms.example.edu/auth',
    tokenUrl: `${base}/token`,
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

  /** The NRPS and AGS claims of a launch into context `ctx` and line item `item`. */
  const serviceClaims = (ctx = 'ctx-1', item = 'li-1') => ({
    'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
      context_memberships_url: `${base}/nrps/${ctx}`,
      service_versions: ['2.0'],
    },
    'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
      scope: [
        'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
        'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      ],
      lineitems: `${base}/lineitems`,
      lineitem: `${base}/lineitems/${item}`,
    },
  });

  /**
   * The claims turning a launch into a Deep Linking request (`settings` merged into its settings
   * claim); pass them as a launch's `over`.
   */
  const deepLinkingRequest = (
    settings: Record<string, unknown> = {},
    over: Record<string, unknown> = {},
  ) => ({
    [CLAIM.messageType]: 'LtiDeepLinkingRequest',
    [CLAIM.resourceLink]: undefined,
    [CLAIM.deepLinkingSettings]: {
      deep_link_return_url: `${base}/deep-link-return`,
      accept_types: ['link', 'ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      accept_multiple: false,
      accept_lineitem: true,
      data: 'opaque-dl-data-1',
      ...settings,
    },
    ...over,
  });

  return {
    registration,
    claims,
    deepLinkingRequest,
    sign,
    state,
    base,
    serviceClaims,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
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
