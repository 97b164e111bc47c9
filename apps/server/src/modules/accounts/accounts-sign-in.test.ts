import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createOrganisation,
  createUser,
  signInAs,
  TEST_PASSWORD,
} from '../../../test/helpers';
import { authTokens, signInFailures } from '../../db/schema';
import { orgId, t, useAccountsApp } from './accounts.test-kit';
import { SIGN_IN_LIMITS } from './sign-in-limiter';

useAccountsApp();

describe('POST /users/sign-in/', () => {
  it('returns a token and is_staff, and stores only the token hash', async () => {
    const user = await createUser(t, orgId, { email: 'staff@example.com', isStaff: true, role: 'I' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'STAFF@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      is_staff: true,
      user: { id: user.id, email: 'staff@example.com', role: 'I' },
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const tokens = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).not.toContain(body.token);
    expect(tokens[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });

  it('answers 400 for a wrong password and for an unknown email alike', async () => {
    await createUser(t, orgId, { email: 'wrongpw@example.com' });
    const wrong = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'wrongpw@example.com', password: 'nope-nope' },
    });
    const unknown = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'ghost@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      detail: '이메일 또는 비밀번호가 잘못되었습니다.',
      code: 'invalid_credentials',
    });
  });

  it('answers 400 with fields when email or password is missing', async () => {
    const res = await call(t, { method: 'POST', url: '/api/v1/users/sign-in/', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'password']);
  });

  it('answers 403 when the account validity has expired', async () => {
    await createUser(t, orgId, { email: 'expired@example.com', expireDate: '2020-01-01' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'expired@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('account_expired');
  });

  it('answers 403 when the organisation licence has expired', async () => {
    const org = await createOrganisation(t, { subdomain: 'lapsed', expireDate: '2021-12-31' });
    await createUser(t, org.id, { email: 'lapsed@example.com' });
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      host: 'lapsed.peer.test',
      payload: { email: 'lapsed@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a deactivated user, and only with the right password', async () => {
    await createUser(t, orgId, { email: 'gone@example.com', isActive: false });
    const right = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'gone@example.com', password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('account_inactive');
    const wrong = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'gone@example.com', password: 'xxxxxxx' },
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('rate limits repeated failures with 429, even for the right password', async () => {
    await createUser(t, orgId, { email: 'target@example.com' });
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      const res = await call(t, {
        method: 'POST',
        url: '/api/v1/users/sign-in/',
        payload: { email: 'target@example.com', password: `guess-${i}` },
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'target@example.com', password: TEST_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('too_many_attempts');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not blocked by this account's failures.
    await createUser(t, orgId, { email: 'bystander@example.com' });
    await expect(signInAs(t, 'bystander@example.com')).resolves.toBeTypeOf('string');
  });

  it('a success clears the failure count (the next failures start again from zero)', async () => {
    await createUser(t, orgId, { email: 'forgetful@example.com' });
    const wrong = () =>
      call(t, {
        method: 'POST',
        url: '/api/v1/users/sign-in/',
        payload: { email: 'forgetful@example.com', password: 'wrong!!' },
      });
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++) expect((await wrong()).statusCode).toBe(400);
    await signInAs(t, 'forgetful@example.com');
    // Had the success not cleared the count, the limit would be reached on the second of these.
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++) expect((await wrong()).statusCode).toBe(400);
    await expect(signInAs(t, 'forgetful@example.com')).resolves.toBeTypeOf('string');
  });

  it('a shared address (campus NAT) past its limit still signs in the right password; wrong ones are slowed and 429', async () => {
    await createUser(t, orgId, { email: 'classmate@example.com' });
    // One student sprayed wrong passwords from the campus address (app.inject's 127.0.0.1).
    await t.database.db
      .insert(signInFailures)
      .values({ key: 'ip:127.0.0.1', failures: SIGN_IN_LIMITS.perAddress });
    const started = Date.now();
    await expect(signInAs(t, 'classmate@example.com')).resolves.toBeTypeOf('string');
    expect(Date.now() - started).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.addressDelayMs - 50);
    const spray = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'classmate@example.com', password: 'wrong!!' },
    });
    expect(spray.statusCode).toBe(429);
    expect(spray.json().code).toBe('too_many_attempts');
    expect(Number(spray.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses "on" (trust every hop) with a message that says what to give instead', async () => {
    await expect(buildTestApp({ TRUST_PROXY: 'on' })).rejects.toThrow(/number of proxy hops/);
  });

  it('with one hop, a rotated X-Forwarded-For does not escape the address limit', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '1' });
    try {
      const org = await createOrganisation(proxied, { subdomain: null, isPrivateInfo: false });
      await createUser(proxied, org.id, { email: 'someone@example.com' });
      // The real client (what our one proxy appended last) is over its limit.
      await proxied.database.db
        .insert(signInFailures)
        .values({ key: 'ip:203.0.113.7', failures: SIGN_IN_LIMITS.perAddress });
      for (const forged of ['198.51.100.1', '198.51.100.2']) {
        const res = await call(proxied, {
          method: 'POST',
          url: '/api/v1/users/sign-in/',
          payload: { email: 'someone@example.com', password: 'wrong!!' },
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
        });
        expect(res.statusCode).toBe(429);
      }
    } finally {
      await proxied.close();
    }
  });
});
