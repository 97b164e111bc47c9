import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createUser, signInAs } from '../../../test/helpers';
import { authTokens, users } from '../../db/schema';
import { orgId, t, useAccountsApp } from './accounts.test-kit';

useAccountsApp();

describe('session endpoints', () => {
  it('login-check and is-staff describe the signed-in user', async () => {
    const user = await createUser(t, orgId, { email: 'check@example.com', name: '검사', role: 'I' });
    const token = await signInAs(t, 'check@example.com');
    const check = await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({
      id: user.id,
      email: 'check@example.com',
      name: '검사',
      role: 'I',
      is_staff: false,
    });
    const staff = await call(t, { method: 'GET', url: '/api/v1/users/is-staff', token });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual({ is_staff: false });
  });

  it('sign-out revokes the token', async () => {
    await createUser(t, orgId, { email: 'bye@example.com' });
    const token = await signInAs(t, 'bye@example.com');
    const out = await call(t, { method: 'POST', url: '/api/v1/users/sign-out/', token });
    expect(out.statusCode).toBe(204);
    const after = await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('invalid_token');
  });

  it('a token stops working when the user is deactivated or expires', async () => {
    const user = await createUser(t, orgId, { email: 'later@example.com' });
    const token = await signInAs(t, 'later@example.com');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token })).statusCode).toBe(401);
    await t.database.db
      .update(users)
      .set({ isActive: true, expireDate: '2001-01-01' })
      .where(eq(users.id, user.id));
    expect((await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token })).statusCode).toBe(401);
  });

  it('an expired token is refused', async () => {
    const user = await createUser(t, orgId, { email: 'old@example.com' });
    const token = await signInAs(t, 'old@example.com');
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user.id));
    expect((await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token })).statusCode).toBe(401);
  });

  it('a malformed Authorization header is 401', async () => {
    const res = await call(t, {
      method: 'GET',
      url: '/api/v1/users/login-check/',
      headers: { authorization: 'Bearer abc' },
    });
    expect(res.statusCode).toBe(401);
  });
});
