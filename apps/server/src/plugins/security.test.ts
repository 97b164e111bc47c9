import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, createOrganisation, createUser, type TestApp } from '../../test/helpers';

// Two apps on their own databases: one reached directly over plain http, one behind a trusted
// TLS-terminating proxy that says `X-Forwarded-Proto: https` (TRUST_PROXY, one hop).
let direct: TestApp;
let proxied: TestApp;
const https = { 'x-forwarded-proto': 'https' };

beforeAll(async () => {
  direct = await buildTestApp();
  proxied = await buildTestApp({ TRUST_PROXY: '1' });
  for (const t of [direct, proxied]) {
    const org = await createOrganisation(t, { subdomain: null });
    await createUser(t, org.id, { email: 'cache@example.com' });
  }
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

describe('Cache-Control on the API', () => {
  it('every API answer is no-store: the sign-in token, data, errors and unknown paths', async () => {
    const answers = [
      await call(direct, {
        method: 'POST',
        url: '/api/v1/users/sign-in/',
        payload: { email: 'cache@example.com', password: 'secret123' },
      }),
      await call(direct, { method: 'GET', url: '/api/v1/users/configuration/' }),
      await call(direct, { method: 'GET', url: '/api/v1/users/profile/' }),
      await call(direct, { method: 'POST', url: '/api/v1/users/sign-in/', payload: { email: 'x' } }),
      await call(direct, { method: 'GET', url: '/api/v1/nothing-here/' }),
      await call(direct, { method: 'GET', url: `/api/v1/courses/${'1'.repeat(150)}/` }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 400, 404, 404]);
    expect(answers[0]?.body).toContain('"token"');
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });
});

describe('HSTS and the reset pages cookie follow the scheme', () => {
  it('plain http gets no HSTS, and the CSRF cookie is not Secure', async () => {
    const res = await call(direct, { method: 'GET', url: '/accounts/password_reset/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    const api = await call(direct, { method: 'GET', url: '/api/v1/users/configuration/' });
    expect(api.headers['strict-transport-security']).toBeUndefined();
  });

  it('an X-Forwarded-Proto from an untrusted peer changes nothing', async () => {
    const res = await call(direct, { method: 'GET', url: '/accounts/password_reset/', headers: https });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
  });

  it('https through a trusted proxy gets HSTS and a Secure CSRF cookie', async () => {
    const res = await call(proxied, { method: 'GET', url: '/accounts/password_reset/', headers: https });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['set-cookie'])).toMatch(/^pw_csrf=[^;]+;.*HttpOnly; SameSite=Strict; Secure$/);
    const api = await call(proxied, { method: 'GET', url: '/api/v1/users/configuration/', headers: https });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await call(proxied, { method: 'GET', url: '/accounts/password_reset/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
