import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createOrganisation,
  createUser,
  signInAs,
  TEST_PASSWORD,
  type TestApp,
} from '../../../test/helpers';
import { courses, enrollments, users } from '../../db/schema';

let t: TestApp;
let orgId: number;

beforeAll(async () => {
  t = await buildTestApp();
  orgId = (await createOrganisation(t, { subdomain: null, isPrivateInfo: true })).id;
});
afterAll(async () => t.close());

async function learner(email: string, extra: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(t, orgId, {
    email,
    name: '학생',
    attendingType: 'H',
    grade: 2,
    address: '서울',
    dateOfBirth: '2008-03-04',
    ...extra,
  });
  return { user, token: await signInAs(t, email) };
}

const validUpdate = {
  name: '새이름',
  attending_type: 'U',
  grade: 3,
  address: '부산',
  date_of_birth: '2003-01-02',
  password: TEST_PASSWORD,
};

describe('GET /users/profile/', () => {
  it('requires authentication', async () => {
    expect((await call(t, { method: 'GET', url: '/api/v1/users/profile/' })).statusCode).toBe(401);
  });

  it('returns the profile with courses taught and enrolments', async () => {
    const { user, token } = await learner('profile@example.com');
    const prof = await createUser(t, orgId, { email: 'teacher@example.com', role: 'I' });
    const [course] = await t.database.db
      .insert(courses)
      .values({ organisationId: orgId, instructorId: prof.id, name: '글쓰기', code: 'ABC123' })
      .returning();
    await t.database.db
      .insert(enrollments)
      .values({ courseId: course!.id, userId: user.id, code: '2024001' });
    const res = await call(t, { method: 'GET', url: '/api/v1/users/profile/', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'profile@example.com',
      role: 'L',
      attending_type: 'H',
      display_attending_type: '고등학교',
      grade: 2,
      address: '서울',
      date_of_birth: '2008-03-04',
      courses: [],
      enrolls: [{ course: { id: course!.id, name: '글쓰기' } }],
      is_private_info: true,
    });
    expect(res.json()).not.toHaveProperty('password_hash');
    const en = await call(t, {
      method: 'GET',
      url: '/api/v1/users/profile/',
      token,
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().display_attending_type).toBe('High school');
  });

  it('hides private fields when the organisation does not collect them', async () => {
    const org = await createOrganisation(t, { subdomain: 'noprivate', isPrivateInfo: false });
    await createUser(t, org.id, {
      email: 'np@example.com',
      attendingType: 'H',
      grade: 2,
      address: 'secret',
      dateOfBirth: '2008-01-01',
    });
    const token = await signInAs(t, 'np@example.com', 'noprivate.peer.test');
    const res = await call(t, {
      method: 'GET',
      url: '/api/v1/users/profile/',
      token,
      host: 'noprivate.peer.test',
    });
    expect(res.json()).toMatchObject({
      address: null,
      date_of_birth: null,
      grade: null,
      attending_type: null,
      is_private_info: false,
    });
  });
});

describe('PATCH /users/profile/', () => {
  it('requires authentication', async () => {
    expect(
      (await call(t, { method: 'PATCH', url: '/api/v1/users/profile/', payload: validUpdate })).statusCode,
    ).toBe(401);
  });

  it('answers 401 for a wrong current password and changes nothing', async () => {
    const { user, token } = await learner('wrongpw-profile@example.com');
    const res = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/profile/',
      token,
      payload: { ...validUpdate, password: 'not-it' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('wrong_password');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name).toBe('학생');
    // The session itself is still valid.
    expect((await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token })).statusCode).toBe(200);
  });

  it('saves with the right password; email and role cannot change', async () => {
    const { user, token } = await learner('edit@example.com');
    const res = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/profile/',
      token,
      payload: { ...validUpdate, email: 'hijack@example.com', role: 'I', is_staff: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '새이름',
      attending_type: 'U',
      grade: 3,
      address: '부산',
      date_of_birth: '2003-01-02',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: 'edit@example.com', role: 'L', isStaff: false, name: '새이름' });
  });

  it('validates: required fields, grade only for schools with grades', async () => {
    const { token } = await learner('validate@example.com');
    const missing = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/profile/',
      token,
      payload: { name: '', password: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields).sort()).toEqual(['name', 'password']);
    const school = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/profile/',
      token,
      payload: { ...validUpdate, attending_type: 'M', grade: null, address: '', date_of_birth: null },
    });
    expect(school.statusCode).toBe(400);
    expect(Object.keys(school.json().fields).sort()).toEqual(['address', 'date_of_birth', 'grade']);
    const badGrade = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/profile/',
      token,
      payload: { ...validUpdate, grade: 9 },
    });
    expect(badGrade.statusCode).toBe(400);
    expect(badGrade.json().fields.grade).toEqual(['학년은 1에서 6 사이의 숫자로 입력하세요.']);
    const none = await call(t, {
      method: 'PATCH',
      url: '/api/v1/users/profile/',
      token,
      payload: { ...validUpdate, attending_type: 'N', grade: 4 },
    });
    expect(none.statusCode).toBe(200);
    expect(none.json().grade).toBeNull();
  });
});

describe('POST /users/password-change/', () => {
  it('requires authentication', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/password-change/',
      payload: { old_password: 'x', new_password: 'yyyyyy' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong old password and a short new one', async () => {
    const { token } = await learner('pwchange-bad@example.com');
    const wrong = await call(t, {
      method: 'POST',
      url: '/api/v1/users/password-change/',
      token,
      payload: { old_password: 'nope', new_password: 'newpass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.old_password).toEqual(['현재 비밀번호가 일치하지 않습니다.']);
    const short = await call(t, {
      method: 'POST',
      url: '/api/v1/users/password-change/',
      token,
      payload: { old_password: TEST_PASSWORD, new_password: '123' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.new_password).toEqual(['비밀번호는 6자리 이상 입력해야 합니다.']);
    // The same password again is no change (issue 36): refused, and the old one still works.
    const same = await call(t, {
      method: 'POST',
      url: '/api/v1/users/password-change/',
      token,
      payload: { old_password: TEST_PASSWORD, new_password: TEST_PASSWORD },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields.new_password).toEqual(['새 비밀번호는 현재 비밀번호와 달라야 합니다.']);
    await expect(signInAs(t, 'pwchange-bad@example.com')).resolves.toBeTypeOf('string');
  });

  it('changes the password and signs out every other session', async () => {
    const { token } = await learner('pwchange@example.com');
    const other = await signInAs(t, 'pwchange@example.com');
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/users/password-change/',
      token,
      payload: { old_password: TEST_PASSWORD, new_password: 'brand-new' },
    });
    expect(res.statusCode).toBe(204);
    expect((await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token })).statusCode).toBe(200);
    expect(
      (await call(t, { method: 'GET', url: '/api/v1/users/login-check/', token: other })).statusCode,
    ).toBe(401);
    await expect(signInAs(t, 'pwchange@example.com', 'localhost', 'brand-new')).resolves.toBeTypeOf('string');
    await expect(signInAs(t, 'pwchange@example.com')).rejects.toThrow(/400/);
  });
});

describe('GET /users/standard-scores/', () => {
  it('requires authentication', async () => {
    expect((await call(t, { method: 'GET', url: '/api/v1/users/standard-scores/' })).statusCode).toBe(401);
  });

  it('returns an empty list while the user has no scored assignment', async () => {
    const { token } = await learner('scores@example.com');
    const res = await call(t, { method: 'GET', url: '/api/v1/users/standard-scores/', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
