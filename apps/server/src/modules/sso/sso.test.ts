import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, createUser, type TestApp } from '../../../test/helpers';
import { startIdentityProvider, type TestIdentityProvider } from '../../../test/identity-provider';
import { oidcHandoffs, oidcLogins, organisations, users } from '../../db/schema';
import { forgetProviders } from './identity-provider';

let t: TestApp;
let idp: TestIdentityProvider;
let orgId: number;
const HOST = 'uni.peer.test';
const CALLBACK = `http://${HOST}:8000/auth/oidc/callback`;

beforeAll(async () => {
  t = await buildTestApp();
  idp = await startIdentityProvider([CALLBACK, 'http://closed.peer.test:8000/auth/oidc/callback']);
  const org = await createOrganisation(t, {
    subdomain: 'uni',
    name: '한국대학교',
    isSignUpAvailable: true,
    oidcIssuer: idp.issuer,
    oidcClientId: idp.clientId,
    oidcClientSecret: idp.clientSecret,
  });
  orgId = org.id;
  await createOrganisation(t, {
    subdomain: 'closed',
    name: 'Closed University',
    isSignUpAvailable: false,
    oidcIssuer: idp.issuer,
    oidcClientId: idp.clientId,
    oidcClientSecret: idp.clientSecret,
    passwordSignIn: false,
  });
  await createOrganisation(t, {
    subdomain: 'down',
    name: 'Down University',
    oidcIssuer: 'http://127.0.0.1:9/',
    oidcClientId: 'x',
    oidcClientSecret: 'y',
  });
  await createOrganisation(t, { subdomain: 'plain', name: 'Plain University' });
});

afterAll(async () => {
  await idp?.close();
  await t?.close();
});

beforeEach(() => {
  forgetProviders();
});

function cookieOf(setCookie: string | string[] | undefined): string {
  const line = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const match = /pw_oidc=([^;]*)/.exec(line ?? '');
  if (!match?.[1]) throw new Error(`no sign-in cookie in ${String(setCookie)}`);
  return match[1];
}

/** The browser's trip: our start, the provider, back to our callback (not yet called). */
async function reachCallback(host = HOST, lang = 'ko') {
  const start = await call(t, { method: 'GET', url: `/auth/oidc/start?lang=${lang}`, host });
  expect(start.statusCode).toBe(302);
  const cookie = cookieOf(start.headers['set-cookie']);
  expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  const location = String(start.headers.location);
  expect(location.startsWith(`${idp.issuer}/`)).toBe(true);
  const authorization = new URL(location);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('redirect_uri')).toBe(`http://${host}:8000/auth/oidc/callback`);
  const back = await idp.authorize(location, `http://${host}:8000/auth/oidc/callback`);
  const url = new URL(back);
  return { cookie, path: `${url.pathname}${url.search}` };
}

async function callback(path: string, cookie: string | undefined, host = HOST) {
  return call(t, {
    method: 'GET',
    url: path,
    host,
    // A browser in English: the language of a page when the started sign-in is unknown.
    headers: { 'accept-language': 'en', ...(cookie === undefined ? {} : { cookie: `pw_oidc=${cookie}` }) },
  });
}

type Handoff = { code: string; binding: string | undefined };

/** The one-time code in the redirect's fragment and the cookie set beside it. */
function handoffOf(res: { headers: Record<string, unknown> }): Handoff {
  const location = String(res.headers.location);
  const match = /#sso=([^&]+)$/.exec(location);
  if (!match?.[1]) throw new Error(`no one-time code in ${location}`);
  const cookies = ([] as unknown[]).concat(res.headers['set-cookie'] ?? []).map(String);
  const binding = cookies.map((c) => /^pw_oidc_handoff=([^;]+)/.exec(c)?.[1]).find(Boolean);
  return { code: decodeURIComponent(match[1]), binding };
}

async function exchange(handoff: Handoff, host = HOST) {
  return call(t, {
    method: 'POST',
    url: '/api/v1/users/sso-exchange/',
    host,
    headers: handoff.binding ? { cookie: `pw_oidc_handoff=${handoff.binding}` } : {},
    payload: { code: handoff.code },
  });
}

describe('single sign-on by OpenID Connect (a real oidc-provider)', () => {
  it('the configuration says single sign-on is on, never the secret; password sign-in as set', async () => {
    const uni = await call(t, { method: 'GET', url: '/api/v1/users/configuration/', host: HOST });
    expect(uni.json()).toMatchObject({ sso: true, password_sign_in: true });
    expect(uni.body).not.toContain(idp.clientSecret);
    expect(uni.body).not.toContain(idp.clientId);
    const closed = await call(t, {
      method: 'GET',
      url: '/api/v1/users/configuration/',
      host: 'closed.peer.test',
    });
    expect(closed.json()).toMatchObject({ sso: true, password_sign_in: false });
    const plain = await call(t, {
      method: 'GET',
      url: '/api/v1/users/configuration/',
      host: 'plain.peer.test',
    });
    expect(plain.json()).toMatchObject({ sso: false, password_sign_in: true });
  });

  it('signs an existing account in by its verified email: one-time code in the fragment, token by the API', async () => {
    const user = await createUser(t, orgId, { email: 'kim@uni.ac.kr', name: '김학생' });
    idp.accounts.set('kim', { email: 'Kim@Uni.ac.kr', emailVerified: true, name: 'Kim' });
    idp.next = { subject: 'kim' };
    const { cookie, path } = await reachCallback();
    const res = await callback(path, cookie);
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/sign-in\?lang=ko#sso=/);
    // The cookie is cleared; the state row is gone.
    expect(String(res.headers['set-cookie'])).toMatch(/pw_oidc=; .*Max-Age=0/);
    expect(await t.database.db.select().from(oidcLogins)).toHaveLength(0);
    // Only the hash of the code is stored.
    const code = handoffOf(res);
    expect(String(res.headers['set-cookie'])).toMatch(
      /pw_oidc_handoff=[^;]+; Path=\/api\/v1\/users\/sso-exchange; Max-Age=120; HttpOnly; SameSite=Lax/,
    );
    const [handoff] = await t.database.db.select().from(oidcHandoffs);
    expect(handoff?.codeHash).not.toBe(code.code);

    // The code alone, in another browser (a link someone was sent), signs nobody in; nor with a
    // cookie of its own.
    expect((await exchange({ code: code.code, binding: undefined })).statusCode).toBe(400);
    expect((await exchange({ code: code.code, binding: 'another-browser' })).statusCode).toBe(400);

    const signedIn = await exchange(code);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: user.id, email: 'kim@uni.ac.kr', name: '김학생' });
    const check = await call(t, {
      method: 'GET',
      url: '/api/v1/users/login-check/',
      host: HOST,
      token: signedIn.json().token,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().id).toBe(user.id);

    // The code works once.
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('sso_code_invalid');
  });

  it('creates a learner account when the organisation lets people sign up', async () => {
    idp.accounts.set('new', { email: 'new.person@uni.ac.kr', emailVerified: true, name: 'New Person' });
    idp.next = { subject: 'new' };
    const { cookie, path } = await reachCallback(HOST, 'en');
    const res = await callback(path, cookie);
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^\/sign-in\?lang=en#sso=/);
    const signedIn = await exchange(handoffOf(res));
    expect(signedIn.statusCode).toBe(200);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, 'new.person@uni.ac.kr'));
    expect(created).toMatchObject({ organisationId: orgId, name: 'New Person', role: 'L', isStaff: false });
    // No password anyone knows.
    const password = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      host: HOST,
      payload: { email: 'new.person@uni.ac.kr', password: 'New Person' },
    });
    expect(password.statusCode).toBe(400);
  });

  it('refuses a new email when sign-up is off: a page in the language of the sign-in says to ask the staff', async () => {
    idp.accounts.set('stranger', { email: 'stranger@closed.ac.kr', emailVerified: true });
    idp.next = { subject: 'stranger' };
    for (const [lang, text] of [
      ['ko', '관리자에게 계정을 만들어 달라고 요청해 주세요'],
      ['en', 'Ask the staff of Closed University to create your account'],
    ] as const) {
      const { cookie, path } = await reachCallback('closed.peer.test', lang);
      const res = await callback(path, cookie, 'closed.peer.test');
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain(`lang="${lang}"`);
      expect(res.body).toContain(text);
    }
    const [org] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.subdomain, 'closed'));
    const made = await t.database.db.select().from(users).where(eq(users.organisationId, org!.id));
    expect(made).toHaveLength(0);
  });

  it('refuses an email the provider has not verified, and an answer without an email', async () => {
    await createUser(t, orgId, { email: 'unverified@uni.ac.kr' });
    idp.accounts.set('unverified', { email: 'unverified@uni.ac.kr', emailVerified: false });
    idp.next = { subject: 'unverified' };
    const first = await reachCallback(HOST, 'en');
    const res = await callback(first.path, first.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('not verified');
    expect(await t.database.db.select().from(oidcHandoffs).where(eq(oidcHandoffs.userId, -1))).toHaveLength(
      0,
    );

    idp.accounts.set('no-email', {});
    idp.next = { subject: 'no-email' };
    const second = await reachCallback(HOST, 'ko');
    const none = await callback(second.path, second.cookie);
    expect(none.statusCode).toBe(403);
    expect(none.body).toContain('이메일 주소를 알려 주지 않아');
  });

  it('refuses a replayed callback, a forged state, a callback without the browser cookie and an expired sign-in', async () => {
    await createUser(t, orgId, { email: 'lee@uni.ac.kr' });
    idp.accounts.set('lee', { email: 'lee@uni.ac.kr', emailVerified: true });
    idp.next = { subject: 'lee' };

    // Replay: the same callback twice.
    const once = await reachCallback(HOST, 'en');
    expect((await callback(once.path, once.cookie)).statusCode).toBe(303);
    const replay = await callback(once.path, once.cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('could not be matched to your browser');

    // Forged state: the provider's answer with another state; the started sign-in is used up.
    const forged = await reachCallback(HOST, 'en');
    const forgedPath = forged.path.replace(/state=[^&]+/, 'state=forged-state');
    const res = await callback(forgedPath, forged.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('could not be matched to your browser');
    expect((await callback(forged.path, forged.cookie)).statusCode).toBe(400);

    // Another browser (no cookie, or a cookie of its own) cannot finish someone's sign-in.
    const stolen = await reachCallback(HOST, 'en');
    expect((await callback(stolen.path, undefined)).statusCode).toBe(400);
    expect((await callback(stolen.path, 'someone-elses-cookie')).statusCode).toBe(400);
    // The cookie of one organisation does not finish a sign-in at another.
    expect((await callback(stolen.path, stolen.cookie, 'closed.peer.test')).statusCode).toBe(400);

    // Expired.
    const late = await reachCallback(HOST, 'ko');
    await t.database.db.update(oidcLogins).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await callback(late.path, late.cookie);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('만료');
  });

  it('shows a clear page when the person refuses at the provider, and when the provider is down', async () => {
    idp.next = { deny: true };
    const denied = await reachCallback(HOST, 'en');
    const res = await callback(denied.path, denied.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('cancelled or refused');

    const down = await call(t, { method: 'GET', url: '/auth/oidc/start?lang=ko', host: 'down.peer.test' });
    expect(down.statusCode).toBe(502);
    expect(down.body).toContain('응답하지 않습니다');

    const off = await call(t, { method: 'GET', url: '/auth/oidc/start?lang=en', host: 'plain.peer.test' });
    expect(off.statusCode).toBe(404);
    expect(off.body).toContain('has not set up sign-in');
  });

  it('a provider that goes down between the start and the callback: a 502 page, not a 500', async () => {
    const host = 'flaky.peer.test';
    const flaky = await startIdentityProvider([`http://${host}:8000/auth/oidc/callback`]);
    await createOrganisation(t, {
      subdomain: 'flaky',
      name: 'Flaky University',
      oidcIssuer: flaky.issuer,
      oidcClientId: flaky.clientId,
      oidcClientSecret: flaky.clientSecret,
    });
    flaky.accounts.set('x', { email: 'x@flaky.ac.kr', emailVerified: true });
    flaky.next = { subject: 'x' };
    const start = await call(t, { method: 'GET', url: '/auth/oidc/start?lang=en', host });
    const back = new URL(await flaky.authorize(String(start.headers.location), `http://${host}:8000/`));
    await flaky.close();
    const res = await callback(`${back.pathname}${back.search}`, cookieOf(start.headers['set-cookie']), host);
    expect(res.statusCode).toBe(502);
    expect(res.body).toContain('The sign-in service of Flaky University is not answering right now');
  });

  it('the password sign-in and sign-up are refused where the organisation turned them off', async () => {
    const [org] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.subdomain, 'closed'));
    await createUser(t, org!.id, { email: 'staff@closed.ac.kr' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      host: 'closed.peer.test',
      headers: { 'accept-language': 'en' },
      payload: { email: 'staff@closed.ac.kr', password: 'secret123' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('password_sign_in_off');
    expect(res.json().detail).toContain('Sign in with Closed University');

    // Sign-up by password too, even where people may sign up (their accounts come by SSO).
    await createOrganisation(t, {
      subdomain: 'sso-only',
      name: 'SSO Only',
      isSignUpAvailable: true,
      isPrivateInfo: false,
      oidcIssuer: idp.issuer,
      oidcClientId: idp.clientId,
      oidcClientSecret: idp.clientSecret,
      passwordSignIn: false,
    });
    const signUp = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      host: 'sso-only.peer.test',
      payload: { email: 'someone@sso-only.ac.kr', name: 'Someone', password: 'secret123' },
    });
    expect(signUp.statusCode).toBe(403);
    expect(signUp.json().code).toBe('password_sign_in_off');
  });

  it('at once: the same callback twice gives one sign-in, the same code twice one session', async () => {
    await createUser(t, orgId, { email: 'choi@uni.ac.kr' });
    idp.accounts.set('choi', { email: 'choi@uni.ac.kr', emailVerified: true });
    idp.next = { subject: 'choi' };
    const trip = await reachCallback();
    const callbacks = await Promise.all([callback(trip.path, trip.cookie), callback(trip.path, trip.cookie)]);
    expect(callbacks.map((r) => r.statusCode).sort()).toEqual([303, 400]);
    const done = callbacks.find((r) => r.statusCode === 303);
    const code = handoffOf(done as { headers: Record<string, unknown> });
    const exchanges = await Promise.all([exchange(code), exchange(code), exchange(code)]);
    expect(exchanges.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);

    // Two first sign-ins of one new email at once make one account.
    idp.accounts.set('twin', { email: 'twin@uni.ac.kr', emailVerified: true });
    idp.next = { subject: 'twin' };
    const [a, b] = [await reachCallback(), await reachCallback()];
    const both = await Promise.all([callback(a.path, a.cookie), callback(b.path, b.cookie)]);
    expect(both.map((r) => r.statusCode)).toEqual([303, 303]);
    const twins = await t.database.db.select().from(users).where(eq(users.email, 'twin@uni.ac.kr'));
    expect(twins).toHaveLength(1);
  });

  it('a code is good only at its own organisation and only for two minutes', async () => {
    await createUser(t, orgId, { email: 'park@uni.ac.kr' });
    idp.accounts.set('park', { email: 'park@uni.ac.kr', emailVerified: true });
    idp.next = { subject: 'park' };
    const first = await reachCallback();
    const code = handoffOf(await callback(first.path, first.cookie));
    expect((await exchange(code, 'closed.peer.test')).statusCode).toBe(400);
    // Taken at the wrong organisation, it is gone.
    expect((await exchange(code)).statusCode).toBe(400);

    const second = await reachCallback();
    const late = handoffOf(await callback(second.path, second.cookie));
    await t.database.db.update(oidcHandoffs).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await exchange(late);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('sso_code_invalid');
  });
});
