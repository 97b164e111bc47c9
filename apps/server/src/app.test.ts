import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, createUser, signInAs, type TestApp } from '../test/helpers';
import { loadConfig } from './config';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await createOrganisation(t, { subdomain: null, name: 'Default U', loginTitle: '기본' });
});
afterAll(async () => t.close());

type OpenApi = { paths: Record<string, Record<string, { security?: unknown[] }>> };

describe('protection', () => {
  it('every route that is not public answers 401 without a token', async () => {
    const doc = (await call(t, { method: 'GET', url: '/api/v1/openapi.json' })).json() as OpenApi;
    const protectedOps: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (Array.isArray(op.security) && op.security.length === 0) continue;
        protectedOps.push(`${method.toUpperCase()} ${path}`);
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await call(t, {
          method: method.toUpperCase() as 'GET',
          url,
          payload: method === 'get' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json().code).toBe('not_authenticated');
      }
    }
    expect(protectedOps).toEqual(
      expect.arrayContaining(['GET /api/v1/users/login-check/', 'POST /api/v1/users/sign-out/']),
    );
  });
});

describe('organisations', () => {
  it('serves the configuration of the organisation the host names, with its groups', async () => {
    const org = await createOrganisation(t, {
      subdomain: 'alpha',
      name: 'Alpha High',
      rgb: '1,2,3',
      isPrivateInfo: false,
    });
    const { orgGroups } = await import('./db/schema');
    await t.database.db.insert(orgGroups).values([{ organisationId: org.id, name: '1학년' }]);
    for (const url of [
      '/api/v1/users/configuration/',
      '/api/v1/users/configurations',
      '/api/v1/users/configuration',
    ]) {
      const res = await call(t, { method: 'GET', url, host: 'alpha.peer.test' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Alpha High',
        subdomain: 'alpha',
        rgb: '1,2,3',
        is_private_info: false,
        is_sign_up_available: true,
        is_integrated_management: false,
        expire_date: null,
        login_image: null,
        groups: [{ name: '1학년' }],
      });
    }
  });

  it('localhost, an IP and the bare base domain belong to the default organisation', async () => {
    for (const host of ['localhost:8000', '127.0.0.1', 'peer.test', 'www.example.org']) {
      const res = await call(t, { method: 'GET', url: '/api/v1/users/configuration/', host });
      expect(res.json().name, host).toBe('Default U');
    }
  });

  it('an unknown subdomain is 404', async () => {
    const res = await call(t, { method: 'GET', url: '/api/v1/users/configuration/', host: 'nope.peer.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('organisation_not_found');
  });

  it('a user of organisation A can neither sign in to nor use a token at organisation B', async () => {
    const a = await createOrganisation(t, { subdomain: 'orga' });
    await createOrganisation(t, { subdomain: 'orgb' });
    await createUser(t, a.id, { email: 'only-a@example.com' });
    const token = await signInAs(t, 'only-a@example.com', 'orga.peer.test');
    const atA = await call(t, {
      method: 'GET',
      url: '/api/v1/users/login-check/',
      host: 'orga.peer.test',
      token,
    });
    expect(atA.statusCode).toBe(200);
    const atB = await call(t, {
      method: 'GET',
      url: '/api/v1/users/login-check/',
      host: 'orgb.peer.test',
      token,
    });
    expect(atB.statusCode).toBe(401);
    const signInAtB = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      host: 'orgb.peer.test',
      payload: { email: 'only-a@example.com', password: 'secret123' },
    });
    expect(signInAtB.statusCode).toBe(400);
  });

  it('the same email may hold separate accounts in two organisations', async () => {
    await createOrganisation(t, { subdomain: 'twin1' });
    await createOrganisation(t, { subdomain: 'twin2' });
    for (const host of ['twin1.peer.test', 'twin2.peer.test']) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/v1/users/sign-up/',
        host,
        payload: {
          email: 'twin@example.com',
          name: '쌍둥이',
          password: 'abcdef',
          attending_type: 'N',
          address: 'x',
          date_of_birth: '2000-01-01',
        },
      });
      expect(res.statusCode, host).toBe(201);
    }
  });
});

describe('HTTP behaviour', () => {
  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await call(t, { method: 'GET', url: '/api/v1/users/configuration/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await call(t, { method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const signIn = doc.paths['/api/v1/users/sign-in/'].post;
    expect(signIn.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(signIn.security).toEqual([]);
  });

  it('unknown API paths are 404 in the error body', async () => {
    const res = await call(t, { method: 'GET', url: '/api/v1/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', detail: expect.any(String) });
  });

  it('malformed JSON is a 400 error body', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });

  it('a body over the limit is 413', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('5xx bodies carry no internals', async () => {
    const { buildApp } = await import('./app');
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' }), {
      database: t.database,
      logger: false,
      seed: false,
    });
    app.get('/api/v1/boom/', { config: { public: true } }, async () => {
      throw new Error('secret table pw_users exploded at /srv/app.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal_error',
      detail: '서버에 문제가 발생했습니다. 잠시 후 다시 시도하세요.',
    });
    await app.close();
  });
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demoData: true,
      smtp: undefined,
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('fails with a readable message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_DATA: 'maybe' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_DATA/,
    );
  });
});
