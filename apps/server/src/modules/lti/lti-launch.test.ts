import { and, count, eq } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, createUser, type TestApp } from '../../../test/helpers';
import {
  courses,
  enrollments,
  ltiContextLinks,
  ltiResourceLinks,
  ltiUserLinks,
  users,
} from '../../db/schema';
import { assignmentForm } from '../assignments/assignments.test-kit';
import {
  codeOf,
  initiateLogin,
  launch,
  type MockPlatform,
  postLaunch,
  startMockPlatform,
} from './lti.test-kit';
import { CLAIM } from './lti-claims';
import { savePlatform } from './lti-platforms';

let t: TestApp;
let p: MockPlatform;
let orgId: number;
const HOST = 'uni.peer.test';
const LEARNER = {
  sub: 'lms-learner-1',
  name: '이학생',
  email: 'student1@lms.example.edu',
  [CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
};

beforeAll(async () => {
  t = await buildTestApp();
  p = await startMockPlatform();
  orgId = (await createOrganisation(t, { subdomain: 'uni', name: '한국대학교' })).id;
  await createOrganisation(t, { subdomain: 'other', name: '다른대학교' });
  await savePlatform(t.database.db, orgId, p.registration);
});
afterAll(async () => {
  await t.close();
  await p.close();
});

async function exchange(code: string, host = HOST) {
  return call(t, { method: 'POST', url: '/api/v1/lti/exchange/', host, payload: { code } });
}

async function courseOfContext(contextId: string) {
  const [row] = await t.database.db
    .select({ courseId: ltiContextLinks.courseId })
    .from(ltiContextLinks)
    .where(eq(ltiContextLinks.contextId, contextId));
  return row?.courseId;
}

describe('LTI login initiation', () => {
  it('redirects to the platform with a fresh state and nonce and binds the state to the browser', async () => {
    const login = await initiateLogin(t, p, HOST);
    expect(login.location.origin + login.location.pathname).toBe(p.registration.loginUrl);
    const q = login.location.searchParams;
    expect(q.get('client_id')).toBe(p.registration.clientId);
    expect(q.get('redirect_uri')).toBe(`http://${HOST}/lti/launch`);
    expect(q.get('response_mode')).toBe('form_post');
    expect(q.get('scope')).toBe('openid');
    expect(q.get('login_hint')).toBe('hint-1');
    expect(login.state).toMatch(/^[\w-]{32}$/);
    expect(login.nonce).toMatch(/^[\w-]{32}$/);
    expect(login.setCookie).toContain(`pw_lti_state=${login.state}`);
    expect(login.setCookie).toContain('HttpOnly');
  });

  it('sends SameSite=None; Secure cookies behind TLS (X-Forwarded-Proto from a trusted proxy)', async () => {
    const tls = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const org = await createOrganisation(tls, { subdomain: 'uni' });
      await savePlatform(tls.database.db, org.id, p.registration);
      const res = await call(tls, {
        method: 'GET',
        url: `/lti/login?iss=${encodeURIComponent(p.registration.issuer)}&login_hint=h&target_link_uri=x`,
        host: HOST,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(302);
      expect(String(res.headers['set-cookie'])).toMatch(/SameSite=None; Secure/);
      expect(new URL(String(res.headers.location)).searchParams.get('redirect_uri')).toBe(
        `https://${HOST}/lti/launch`,
      );
    } finally {
      await tls.close();
    }
  });

  it('refuses an issuer the organisation has not registered, with a page (another host, another org)', async () => {
    const res = await call(t, {
      method: 'GET',
      url: `/lti/login?iss=${encodeURIComponent(p.registration.issuer)}&login_hint=h&target_link_uri=x`,
      host: 'other.peer.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('이 LMS는 이 기관의 PeerWrite에 등록되어 있지 않습니다.');
  });

  it('refuses a request without the issuer or login hint', async () => {
    const res = await call(t, { method: 'GET', url: '/lti/login', host: HOST });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('<!doctype html>');
  });
});

describe('LTI launch', () => {
  let courseId: number;
  let instructorToken: string;

  it("creates the instructor's account and the course on the first launch and lands on the course", async () => {
    const res = await launch(t, p, HOST);
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^\/lti-sign-in\?code=[\w-]{43}&lang=ko$/);
    const ex = await exchange(codeOf(res.headers.location));
    expect(ex.statusCode).toBe(200);
    const body = ex.json() as {
      token: string;
      target: string;
      user: { email: string; name: string; role: string };
    };
    expect(body.user).toMatchObject({ email: 'prof@lms.example.edu', name: '김교수', role: 'I' });
    courseId = (await courseOfContext('ctx-1'))!;
    expect(courseId).toBeGreaterThan(0);
    expect(body.target).toBe(`/courses/${courseId}/instructor`);
    const [course] = await t.database.db.select().from(courses).where(eq(courses.id, courseId));
    expect(course).toMatchObject({ name: '글쓰기의 기초', organisationId: orgId });
    instructorToken = body.token;
    // The token is a real session of the organisation.
    const check = await call(t, {
      method: 'GET',
      url: '/api/v1/users/login-check/',
      host: HOST,
      token: body.token,
    });
    expect(check.statusCode).toBe(200);
    const page = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${courseId}/`,
      host: HOST,
      token: body.token,
    });
    expect(page.json()).toMatchObject({ is_instructor: true });
  });

  it('hands over a code that works once, only on its own organisation', async () => {
    const res = await launch(t, p, HOST);
    const code = codeOf(res.headers.location);
    expect((await exchange(code, 'other.peer.test')).statusCode).toBe(401);
    const again = await launch(t, p, HOST);
    const code2 = codeOf(again.headers.location);
    expect((await exchange(code2)).statusCode).toBe(200);
    expect((await exchange(code2)).statusCode).toBe(401);
    expect((await exchange('x'.repeat(43))).statusCode).toBe(401);
  });

  it('links the same LMS user to the same account on every launch', async () => {
    await launch(t, p, HOST);
    const links = await t.database.db
      .select({ n: count() })
      .from(ltiUserLinks)
      .where(and(eq(ltiUserLinks.sub, 'lms-user-1'), eq(ltiUserLinks.organisationId, orgId)));
    expect(links[0]?.n).toBe(1);
    const accounts = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, 'prof@lms.example.edu'));
    expect(accounts[0]?.n).toBe(1);
  });

  it('enrols a learner in the linked course and lands on the course for the learner', async () => {
    const res = await launch(t, p, HOST, LEARNER);
    expect(res.statusCode).toBe(303);
    const body = (await exchange(codeOf(res.headers.location))).json() as {
      target: string;
      user: { id: number; role: string };
    };
    expect(body.target).toBe(`/courses/${courseId}/learner`);
    expect(body.user.role).toBe('L');
    const [row] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, body.user.id)));
    expect(row).toMatchObject({ isActive: true, isAssistant: false });
  });

  it('enrols a teaching assistant as an assistant', async () => {
    const res = await launch(t, p, HOST, {
      sub: 'lms-ta-1',
      email: 'ta@lms.example.edu',
      [CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant'],
    });
    const body = (await exchange(codeOf(res.headers.location))).json() as {
      target: string;
      user: { id: number };
    };
    expect(body.target).toBe(`/courses/${courseId}/assistant`);
    const [row] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, body.user.id)));
    expect(row?.isAssistant).toBe(true);
  });

  it("lands on the linked assignment's page for each role", async () => {
    const created = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${courseId}/assignments/`,
      host: HOST,
      token: instructorToken,
      ...assignmentForm(),
    });
    expect(created.statusCode).toBe(201);
    const assignmentId = (created.json() as { id: number }).id;
    const [{ platformId } = { platformId: 0 }] = await t.database.db
      .select({ platformId: ltiContextLinks.platformId })
      .from(ltiContextLinks)
      .where(eq(ltiContextLinks.courseId, courseId));
    await t.database.db
      .insert(ltiResourceLinks)
      .values({ platformId, deploymentId: 'dep-1', resourceLinkId: 'rl-1', assignmentId });
    const learner = await launch(t, p, HOST, LEARNER);
    const lb = (await exchange(codeOf(learner.headers.location))).json() as { target: string };
    expect(lb.target).toBe(`/courses/${courseId}/learner/assignments/${assignmentId}/performances`);
    const instructor = await launch(t, p, HOST);
    const ib = (await exchange(codeOf(instructor.headers.location))).json() as { target: string };
    expect(ib.target).toBe(`/courses/${courseId}/instructor/assignments/${assignmentId}`);
    // An unlinked resource link of the same context lands on the course.
    const other = await launch(t, p, HOST, { ...LEARNER, [CLAIM.resourceLink]: { id: 'rl-unlinked' } });
    const ob = (await exchange(codeOf(other.headers.location))).json() as { target: string };
    expect(ob.target).toBe(`/courses/${courseId}/learner`);
  });

  it('tells a learner of an unlinked context to ask the instructor, and creates nothing', async () => {
    const res = await launch(t, p, HOST, {
      ...LEARNER,
      [CLAIM.context]: { id: 'ctx-new', title: '새 강의' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('아직 PeerWrite와 연결되지 않았습니다');
    expect(res.body).toContain('교수자에게');
    expect(await courseOfContext('ctx-new')).toBeUndefined();
  });

  it('links an existing account by the claimed email, but never a staff account', async () => {
    const existing = await createUser(t, orgId, { email: 'known@lms.example.edu', name: '기존' });
    const res = await launch(t, p, HOST, { ...LEARNER, sub: 'lms-known', email: 'known@lms.example.edu' });
    const body = (await exchange(codeOf(res.headers.location))).json() as { user: { id: number } };
    expect(body.user.id).toBe(existing.id);
    await createUser(t, orgId, { email: 'boss@lms.example.edu', isStaff: true, role: 'I' });
    const staff = await launch(t, p, HOST, { sub: 'lms-boss', email: 'boss@lms.example.edu' });
    expect(staff.statusCode).toBe(403);
    expect(staff.body).toContain('관리자 계정');
    const links = await t.database.db.select().from(ltiUserLinks).where(eq(ltiUserLinks.sub, 'lms-boss'));
    expect(links).toHaveLength(0);
  });

  it('speaks English when the launch asks for it', async () => {
    const res = await launch(t, p, HOST, {
      ...LEARNER,
      [CLAIM.context]: { id: 'ctx-new' },
      [CLAIM.launchPresentation]: { locale: 'en-US' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Ask your instructor');
  });
});

describe('LTI launch refusals (each a page, never a 500)', () => {
  async function refused(
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    status: number,
    text: string,
  ) {
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toContain('text/html');
    expect(res.body).toContain(text);
  }

  it('a bad signature', async () => {
    const login = await initiateLogin(t, p, HOST);
    const { privateKey } = await generateKeyPair('RS256');
    const token = await p.sign(p.claims({ nonce: login.nonce }), { key: privateKey });
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: login.state }, login.cookie),
      401,
      '이 LMS의 키로 서명되지 않았습니다',
    );
  });

  it('a wrong audience, and an azp naming another client', async () => {
    const login = await initiateLogin(t, p, HOST);
    const token = await p.sign(p.claims({ nonce: login.nonce }), { audience: 'someone-else' });
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: login.state }, login.cookie),
      401,
      '다른 도구를 위한',
    );
    const login2 = await initiateLogin(t, p, HOST);
    const token2 = await p.sign(p.claims({ nonce: login2.nonce, azp: 'someone-else' }), {
      audience: [p.registration.clientId, 'someone-else'],
    });
    await refused(
      await postLaunch(t, HOST, { id_token: token2, state: login2.state }, login2.cookie),
      401,
      '다른 도구를 위한',
    );
  });

  it('a wrong issuer', async () => {
    const login = await initiateLogin(t, p, HOST);
    const token = await p.sign(p.claims({ nonce: login.nonce }), { issuer: 'https://evil.example' });
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: login.state }, login.cookie),
      401,
      '확인할 수 없습니다',
    );
  });

  it('a reused nonce and a replayed launch', async () => {
    const login = await initiateLogin(t, p, HOST);
    const token = await p.sign(p.claims({ nonce: login.nonce }));
    expect(
      (await postLaunch(t, HOST, { id_token: token, state: login.state }, login.cookie)).statusCode,
    ).toBe(303);
    // The same form again: the state is spent.
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: login.state }, login.cookie),
      401,
      '이미 사용되었거나',
    );
    // The same id_token with a fresh state: its nonce is not the new state's.
    const fresh = await initiateLogin(t, p, HOST);
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: fresh.state }, fresh.cookie),
      401,
      '이미 사용된 실행 메시지',
    );
  });

  it('an expired token, and one issued too long ago', async () => {
    const now = Math.floor(Date.now() / 1000);
    const login = await initiateLogin(t, p, HOST);
    const token = await p.sign(p.claims({ nonce: login.nonce }), {
      issuedAt: now - 900,
      expiresAt: now - 600,
    });
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: login.state }, login.cookie),
      401,
      '유효 시간이 지났습니다',
    );
    const login2 = await initiateLogin(t, p, HOST);
    const old = await p.sign(p.claims({ nonce: login2.nonce }), {
      issuedAt: now - 3600,
      expiresAt: now + 600,
    });
    await refused(
      await postLaunch(t, HOST, { id_token: old, state: login2.state }, login2.cookie),
      401,
      '유효 시간이 지났습니다',
    );
  });

  it('an unknown deployment', async () => {
    const res = await launch(t, p, HOST, { [CLAIM.deploymentId]: 'dep-unknown' });
    await refused(res, 403, '배치는 등록되어 있지 않습니다');
  });

  it('a missing role, and only unknown roles', async () => {
    await refused(await launch(t, p, HOST, { [CLAIM.roles]: undefined }), 403, '역할(교수자, 조교, 학습자)');
    await refused(
      await launch(t, p, HOST, {
        [CLAIM.roles]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor'],
      }),
      403,
      '역할(교수자, 조교, 학습자)',
    );
  });

  it('a wrong message type or version, and a missing context', async () => {
    await refused(
      await launch(t, p, HOST, { [CLAIM.messageType]: 'LtiDeepLinkingRequest' }),
      400,
      '처리하지 않는 종류',
    );
    await refused(await launch(t, p, HOST, { [CLAIM.version]: '1.1' }), 400, '처리하지 않는 종류');
    await refused(await launch(t, p, HOST, { [CLAIM.context]: undefined }), 400, '어느 강의에서');
  });

  it("a bad state: no cookie, another browser's cookie, an unknown state", async () => {
    const login = await initiateLogin(t, p, HOST);
    const token = await p.sign(p.claims({ nonce: login.nonce }));
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: login.state }, ''),
      401,
      '이 브라우저에서 시작된 것이 아니거나',
    );
    const other = await initiateLogin(t, p, HOST);
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: login.state }, other.cookie),
      401,
      '새 창에서',
    );
    await refused(
      await postLaunch(t, HOST, { id_token: token, state: 'nope' }, 'pw_lti_state=nope'),
      401,
      '이 브라우저에서',
    );
  });

  it('hostile shapes: JSON numbers and arrays, repeated query fields, an oversized token', async () => {
    const json = (url: string, payload: Record<string, unknown>) =>
      call(t, { method: 'POST', url, host: HOST, payload });
    await refused(
      await json('/lti/login', { iss: 1, login_hint: ['a'], target_link_uri: {}, client_id: 5 }),
      400,
      '빠져 있습니다',
    );
    // A client id that is not a string is ignored: the issuer's one registration is used.
    const numeric = await json('/lti/login', {
      iss: p.registration.issuer,
      login_hint: 'h',
      target_link_uri: 'x',
      client_id: 7,
    });
    expect(numeric.statusCode).toBe(302);
    const repeated = await call(t, {
      method: 'GET',
      url: `/lti/login?iss=${encodeURIComponent(p.registration.issuer)}&iss=b&login_hint=h&target_link_uri=x`,
      host: HOST,
    });
    await refused(repeated, 400, '빠져 있습니다');
    await refused(await json('/lti/launch', { id_token: 42, state: ['s'] }), 400, '빠져 있습니다');
    const login = await initiateLogin(t, p, HOST);
    await refused(
      await postLaunch(t, HOST, { id_token: 'a'.repeat(30_000), state: login.state }, login.cookie),
      400,
      '빠져 있습니다',
    );
  });

  it('a malformed token and an empty form', async () => {
    const login = await initiateLogin(t, p, HOST);
    await refused(
      await postLaunch(t, HOST, { id_token: 'not.a.jwt', state: login.state }, login.cookie),
      401,
      '확인할 수 없습니다',
    );
    const res = await call(t, { method: 'POST', url: '/lti/launch', host: HOST });
    await refused(res, 400, '빠져 있습니다');
  });
});

describe('LTI tool keys and framing', () => {
  it('publishes the tool keys by kid, keeping a rotated-out key for a while', async () => {
    const first = await call(t, { method: 'GET', url: '/lti/jwks', host: HOST });
    expect(first.statusCode).toBe(200);
    const keys = (first.json() as { keys: { kid: string; kty: string; d?: string }[] }).keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]?.d).toBeUndefined();
    const { rotateToolKey } = await import('./lti-keys');
    const kid = await rotateToolKey(t.database.db);
    const after = (await call(t, { method: 'GET', url: '/lti/jwks', host: HOST })).json() as {
      keys: { kid: string }[];
    };
    expect(after.keys.map((k) => k.kid)).toEqual([kid, keys[0]?.kid]);
  });

  it("lets the registered platform frame the organisation's pages, and nobody frame the others'", async () => {
    const framed = await call(t, { method: 'GET', url: '/lti/login', host: HOST });
    expect(String(framed.headers['content-security-policy'])).toContain(
      "frame-ancestors 'self' https://lms.example.edu",
    );
    expect(framed.headers['x-frame-options']).toBeUndefined();
    const other = await call(t, { method: 'GET', url: '/lti/login', host: 'other.peer.test' });
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
