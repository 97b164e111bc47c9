import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { ltiPlatforms } from '../../db/schema';

// The manager area's LMS registrations (issue 31, item 1): staff of the organisation list, add
// (or replace) and remove them; everyone else is refused, and another organisation's are out of reach.
let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let otherStaff: string;

const URL_ = '/api/v1/manager/lti-platforms/';
const input = (over: Record<string, unknown> = {}) => ({
  issuer: 'https://lms.example.edu',
  client_id: 'peerwrite-1',
  deployment_ids: ['d1', 'd2', 'd1'],
  login_url: 'https://lms.example.edu/mod/lti/auth.php',
  token_url: 'https://lms.example.edu/mod/lti/token.php',
  jwks_url: 'https://lms.example.edu/mod/lti/certs.php',
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const staff = await createUser(t, w.other.id, {
    email: `lti-ostaff-${Date.now()}@example.com`,
    isStaff: true,
    role: 'I',
  });
  otherStaff = (await signInAs(t, staff.email, 'other.peer.test')) as string;
});
afterAll(async () => t.close());

describe('LMS registrations in the manager area', () => {
  it('staff add one, see it with the tool’s URLs, replace it by issuer and client id, and remove it', async () => {
    const empty = await call(t, { method: 'GET', url: URL_, token: w.tokens.staff });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      tool: {
        login_url: 'http://localhost/lti/login',
        launch_url: 'http://localhost/lti/launch',
        jwks_url: 'http://localhost/lti/jwks',
      },
      platforms: [],
    });

    const added = await call(t, { method: 'POST', url: URL_, token: w.tokens.staff, payload: input() });
    expect(added.statusCode).toBe(201);
    const platform = added.json();
    expect(platform).toMatchObject({ issuer: 'https://lms.example.edu', deployment_ids: ['d1', 'd2'] });
    expect(platform.frame_origins).toEqual([]);

    // The same issuer and client id again replaces the registration instead of adding one.
    const replaced = await call(t, {
      method: 'POST',
      url: URL_,
      token: w.tokens.staff,
      payload: input({ deployment_ids: ['d3'], frame_origins: ['https://school.instructure.com'] }),
    });
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json()).toMatchObject({ id: platform.id, deployment_ids: ['d3'] });
    const listed = await call(t, { method: 'GET', url: URL_, token: w.tokens.staff });
    expect(listed.json().platforms).toHaveLength(1);
    expect(listed.json().platforms[0].frame_origins).toEqual(['https://school.instructure.com']);

    const removed = await call(t, { method: 'DELETE', url: `${URL_}${platform.id}/`, token: w.tokens.staff });
    expect(removed.statusCode).toBe(204);
    expect(await t.database.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, platform.id))).toEqual(
      [],
    );
    const again = await call(t, { method: 'DELETE', url: `${URL_}${platform.id}/`, token: w.tokens.staff });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad addresses and empty ids with translated errors, and saves nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ issuer: 'lms.example.edu' }, 'issuer'],
      [{ login_url: 'http://lms.example.edu/auth' }, 'login_url'],
      [{ jwks_url: 'javascript:alert(1)' }, 'jwks_url'],
      [{ client_id: '  ' }, 'client_id'],
      [{ deployment_ids: [] }, 'deployment_ids'],
    ];
    for (const [over, field] of cases) {
      const res = await call(t, {
        method: 'POST',
        url: URL_,
        token: w.tokens.staff,
        payload: input(over),
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    const ko = await call(t, {
      method: 'POST',
      url: URL_,
      token: w.tokens.staff,
      payload: input({ token_url: 'ftp://lms.example.edu/token' }),
      headers: { 'accept-language': 'ko' },
    });
    expect(ko.statusCode).toBe(400);
    expect(JSON.stringify(ko.json())).toContain('https://로 시작하는 전체 웹 주소를 입력하세요.');
    // http is taken for an LMS on this machine only (a local trial, the tests).
    const local = await call(t, {
      method: 'POST',
      url: URL_,
      token: w.tokens.staff,
      payload: input({
        issuer: 'http://127.0.0.1:9999',
        login_url: 'http://localhost:9999/auth',
        token_url: 'http://localhost:9999/token',
        jwks_url: 'http://localhost:9999/jwks',
      }),
    });
    expect(local.statusCode).toBe(201);
    const rows = await t.database.db.select().from(ltiPlatforms);
    expect(rows.map((r) => r.issuer)).toEqual(['http://127.0.0.1:9999']);
    await call(t, { method: 'DELETE', url: `${URL_}${local.json().id}/`, token: w.tokens.staff });
  });

  it('only the organisation’s staff: instructors and learners 403, anonymous 401, another organisation’s staff never see or remove them', async () => {
    const added = await call(t, { method: 'POST', url: URL_, token: w.tokens.staff, payload: input() });
    expect(added.statusCode).toBe(201);
    const id = added.json().id as number;
    for (const actor of ['instructor', 'assistant', 'learner'] as const) {
      expect((await call(t, { method: 'GET', url: URL_, token: w.tokens[actor] })).statusCode, actor).toBe(
        403,
      );
      expect(
        (await call(t, { method: 'POST', url: URL_, token: w.tokens[actor], payload: input() })).statusCode,
        actor,
      ).toBe(403);
      expect(
        (await call(t, { method: 'DELETE', url: `${URL_}${id}/`, token: w.tokens[actor] })).statusCode,
        actor,
      ).toBe(403);
    }
    expect((await call(t, { method: 'GET', url: URL_ })).statusCode).toBe(401);
    const theirs = await call(t, { method: 'GET', url: URL_, token: otherStaff, host: 'other.peer.test' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().platforms).toEqual([]);
    expect(theirs.json().tool.login_url).toBe('http://other.peer.test/lti/login');
    const remove = await call(t, {
      method: 'DELETE',
      url: `${URL_}${id}/`,
      token: otherStaff,
      host: 'other.peer.test',
    });
    expect(remove.statusCode).toBe(404);
    expect(await t.database.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id))).toHaveLength(1);
  });
});
