import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createOrganisation } from '../../../test/helpers';
import { users } from '../../db/schema';
import { signUpBody, t, useAccountsApp } from './accounts.test-kit';

useAccountsApp();

describe('POST /users/sign-up/', () => {
  it('creates a learner who can then sign in', async () => {
    const body = signUpBody({ email: 'Fresh.User@Example.com ' });
    const res = await call(t, { method: 'POST', url: '/api/v1/users/sign-up/', payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'fresh.user@example.com', name: '홍길동' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'fresh.user@example.com'));
    expect(row?.role).toBe('L');
    expect(row?.isStaff).toBe(false);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const signIn = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: 'fresh.user@example.com', password: 'abcdef' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers 406 for an email already in use, in any letter case', async () => {
    await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      payload: signUpBody({ email: 'dup@example.com' }),
    });
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      payload: signUpBody({ email: 'DUP@example.com' }),
    });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toMatchObject({ code: 'duplicate_email' });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'dup@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('rejects invalid input with 400 and translated field messages, creating nothing', async () => {
    const before = await t.database.db.$count(users);
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      payload: { email: 'not-an-email', name: '', password: '12345' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.fields.email).toEqual(['올바른 이메일 주소를 입력하세요.']);
    expect(body.fields.name).toEqual(['필수 입력 항목입니다.']);
    expect(body.fields.password).toEqual(['비밀번호는 6자리 이상 입력해야 합니다.']);
    expect(await t.database.db.$count(users)).toBe(before);
  });

  it('answers in English when asked', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      headers: { 'accept-language': 'en' },
      payload: { email: 'a@example.com', name: 'x', password: '123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toEqual(['The password must be at least 6 characters.']);
  });

  it('answers 403 when the organisation has sign-up switched off', async () => {
    await createOrganisation(t, { subdomain: 'closed', isSignUpAvailable: false });
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      host: 'closed.peer.test',
      payload: signUpBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('sign_up_closed');
  });

  it('requires school, address and birth date when the organisation collects private info', async () => {
    await createOrganisation(t, { subdomain: 'private', isPrivateInfo: true });
    const host = 'private.peer.test';
    const missing = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      host,
      payload: signUpBody({ attending_type: 'U' }),
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['address', 'date_of_birth', 'grade']);
    const ok = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      host,
      payload: signUpBody({
        email: 'p@example.com',
        attending_type: 'U',
        grade: 2,
        address: '서울시',
        date_of_birth: '2004-05-06',
      }),
    });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'p@example.com'));
    expect(row).toMatchObject({ attendingType: 'U', grade: 2, address: '서울시', dateOfBirth: '2004-05-06' });
  });

  it('ignores fields a user may not set, such as a self-granted staff flag or role', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-up/',
      payload: signUpBody({ email: 's@example.com', is_staff: true, role: 'I' }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 's@example.com'));
    expect(row).toMatchObject({ isStaff: false, role: 'L' });
  });
});
