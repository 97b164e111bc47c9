import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, TEST_PASSWORD, type TestApp } from '../../../test/helpers';
import { organisations, orgGroups, participations, users } from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let otherStaffToken: string;
let groupId: number;
/** An organisation with integrated management (groups) and an expiry of its own. */
const MGR = 'mgr.peer.test';
let mgrStaff: string;
let mgrProf: { id: number };

const get = (url: string, token: string | undefined, host = 'localhost') =>
  call(t, { method: 'GET', url: `/api/v1${url}`, token, host });
const send = (
  method: 'POST' | 'PATCH',
  url: string,
  payload: Record<string, unknown>,
  token: string | undefined = mgrStaff,
  host = MGR,
) => call(t, { method, url: `/api/v1${url}`, token, payload, host });

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const [mgr] = await t.database.db
    .insert(organisations)
    .values({ name: 'Managed U', subdomain: 'mgr', isIntegratedManagement: true, expireDate: '2099-12-31' })
    .returning();
  const [group] = await t.database.db
    .insert(orgGroups)
    .values({ organisationId: mgr!.id, name: '인문대학' })
    .returning();
  groupId = group!.id;
  const staff = await createUser(t, mgr!.id, {
    email: `mstaff-${Date.now()}@example.com`,
    name: 'mstaff',
    isStaff: true,
    role: 'I',
  });
  mgrProf = await createUser(t, mgr!.id, {
    email: `mprof-${Date.now()}@example.com`,
    name: 'mprof',
    role: 'I',
    groupId,
  });
  await createUser(t, mgr!.id, { email: `mlearner-${Date.now()}@example.com`, name: 'mlearner' });
  mgrStaff = (await signInAs(t, staff.email, MGR)) as string;
  const otherStaff = await createUser(t, w.other.id, {
    email: `ostaff-${Date.now()}@example.com`,
    isStaff: true,
    role: 'I',
  });
  otherStaffToken = (await signInAs(t, otherStaff.email, 'other.peer.test')) as string;
});
afterAll(async () => t.close());

describe('the user list', () => {
  it('is for staff only: instructor and learner 403, anonymous 401, another organisation sees its own', async () => {
    expect((await get('/users/pages/', w.tokens.staff)).statusCode).toBe(200);
    expect((await get('/users/pages/', w.tokens.instructor)).statusCode).toBe(403);
    expect((await get('/users/pages/', w.tokens.learner)).statusCode).toBe(403);
    expect((await get('/users/pages/', undefined)).statusCode).toBe(401);
    const theirs = await get('/users/pages/', otherStaffToken, 'other.peer.test');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().results.map((u: { email: string }) => u.email)).not.toContain(w.users.learner.email);
    expect((await get(`/users/${w.users.learner.id}/`, otherStaffToken, 'other.peer.test')).statusCode).toBe(
      404,
    );
  });

  it('pages by 10 and filters by role, activity, recent sign-in, group and name or email', async () => {
    const first = (await get('/users/pages/?page_size=10', w.tokens.staff)).json();
    expect(first.results.length).toBeLessThanOrEqual(10);
    expect(first.count).toBeGreaterThanOrEqual(6);
    const names = async (query: string) =>
      ((await get(`/users/pages/?${query}`, w.tokens.staff)).json().results as { name: string }[]).map(
        (u) => u.name,
      );
    expect(await names('profile__role=I')).toEqual(expect.arrayContaining(['instructor', 'staff']));
    expect(await names('profile__role=I')).not.toContain('learner');
    const grouped = await get(`/users/pages/?group=${groupId}`, mgrStaff, MGR);
    expect(grouped.json().results.map((u: { name: string }) => u.name)).toEqual(['mprof']);
    // Without integrated management the group filter means nothing.
    expect((await names(`group=${groupId}`)).length).toBeGreaterThan(1);
    expect(await names('q=LEARN')).toEqual(['learner']);
    expect(await names(`q=${encodeURIComponent(w.users.assistant.email)}`)).toEqual(['assistant']);
    // Everyone in the world signed in just now; nobody signed in after tomorrow.
    expect((await names('last_login__gt=2000-01-01')).length).toBeGreaterThan(3);
    expect(await names('last_login__gt=2999-01-01')).toEqual([]);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, w.users.outsider.id));
    expect(await names('is_active=false')).toEqual(['outsider']);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, w.users.outsider.id));
    const bad = await get('/users/pages/?profile__role=X&last_login__gt=yesterday', w.tokens.staff);
    expect(bad.statusCode).toBe(400);
  });

  it('shows one user with role, group, counts, courses and enrolments', async () => {
    const res = await get(`/users/${mgrProf.id}/`, mgrStaff, MGR);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'mprof',
      role: { value: 'I', display: '교수자' },
      group: { id: groupId, name: '인문대학' },
      maximum_expire_date: '2099-12-31',
      is_integrated_management: true,
    });
    const prof = (await get(`/users/${w.users.instructor.id}/`, w.tokens.staff)).json();
    expect(prof.courses.map((c: { id: number }) => c.id)).toContain(w.course.id);
    expect(prof.courses_count).toBeGreaterThanOrEqual(1);
    expect(prof).toMatchObject({ group: null, maximum_expire_date: null, is_integrated_management: false });
    const learner = (await get(`/users/${w.users.learner.id}/`, w.tokens.staff)).json();
    expect(learner.enrolls.map((e: { course: { id: number } }) => e.course.id)).toContain(w.course.id);
    expect((await get('/users/999999/', w.tokens.staff)).statusCode).toBe(404);
  });
});

describe('creating and changing users', () => {
  it('creates an instructor with an expiry, who can sign in; refuses bad input and duplicates', async () => {
    const email = `newprof-${Date.now()}@example.com`;
    const base = { email, name: '새교수', password: 'secret99', passwordCheck: 'secret99', role: 'I' };
    const noExpiry = await send('POST', '/users/', base);
    expect(noExpiry.statusCode).toBe(400);
    expect(noExpiry.json().fields.expire_date).toBeDefined();
    const mismatch = await send('POST', '/users/', {
      ...base,
      passwordCheck: 'other',
      expire_date: '2030-01-01',
    });
    expect(mismatch.json().fields.passwordCheck).toBeDefined();
    const tooLate = await send('POST', '/users/', { ...base, expire_date: '2100-01-01' });
    expect(tooLate.statusCode).toBe(400);
    const badGroup = await send('POST', '/users/', { ...base, expire_date: '2030-01-01', group_id: 999999 });
    expect(badGroup.statusCode).toBe(400);
    expect(
      (
        await send(
          'POST',
          '/users/',
          { ...base, expire_date: '2030-01-01' },
          w.tokens.instructor,
          'localhost',
        )
      ).statusCode,
    ).toBe(403);
    const made = await send('POST', '/users/', { ...base, expire_date: '2030-01-01', group_id: groupId });
    expect(made.statusCode).toBe(201);
    expect((await send('POST', '/users/', { ...base, expire_date: '2030-01-01' })).statusCode).toBe(406);
    const signIn = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email, password: 'secret99' },
      host: MGR,
    });
    expect(signIn.statusCode).toBe(200);
    // An expiry in the past closes the account at sign-in with the spec's message.
    const patched = await send('PATCH', `/users/${made.json().id}/`, { expire_date: '2020-01-01' });
    expect(patched.statusCode).toBe(200);
    const expired = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email, password: 'secret99' },
      host: MGR,
    });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('account_expired');
    // Staff see that it is expired (it showed "active"), in the user and in the list.
    const get = (url: string) => call(t, { method: 'GET', url: `/api/v1${url}`, token: mgrStaff, host: MGR });
    const shown = await get(`/users/${made.json().id}/`);
    expect(shown.json()).toMatchObject({ is_active: true, is_expired: true });
    const listed = await get(`/users/pages/?q=${encodeURIComponent(email)}`);
    expect(listed.json().results).toEqual([expect.objectContaining({ email, is_expired: true })]);
    await send('PATCH', `/users/${made.json().id}/`, { expire_date: '2030-01-01' });
    expect((await get(`/users/${made.json().id}/`)).json().is_expired).toBe(false);
  });

  it('changes role and group; an instructor keeps an expiry', async () => {
    const [mgrOrg] = await t.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.subdomain, 'mgr'));
    const u = await createUser(t, mgrOrg!.id, { email: `flip-${Date.now()}@example.com`, name: '역할변경' });
    expect((await send('PATCH', `/users/${u.id}/`, { role: 'I' })).statusCode).toBe(400);
    const ok = await send('PATCH', `/users/${u.id}/`, {
      role: 'I',
      expire_date: '2031-03-01',
      group_id: groupId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      role: { value: 'I' },
      expire_date: '2031-03-01',
      group: { id: groupId },
    });
    expect((await send('PATCH', `/users/${u.id}/`, {})).statusCode).toBe(400);
    expect(
      (await send('PATCH', `/users/${u.id}/`, { role: 'L' }, w.tokens.learner, 'localhost')).statusCode,
    ).toBe(403);
    // Another organisation's user is not there for this staff.
    expect(
      (await send('PATCH', `/users/${w.users.learner.id}/`, { role: 'I', expire_date: '2030-01-01' }))
        .statusCode,
    ).toBe(404);
  });

  it('deactivation ends every open session at once; staff cannot deactivate themself', async () => {
    const u = await createUser(t, w.org.id, {
      email: `leaver-${Date.now()}@example.com`,
      name: '떠나는학생',
    });
    const token = (await signInAs(t, u.email)) as string;
    expect((await get('/users/login-check/', token)).statusCode).toBe(200);
    const off = await send('PATCH', `/users/${u.id}/`, { is_active: false }, w.tokens.staff, 'localhost');
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    expect((await get('/users/login-check/', token)).statusCode).toBe(401);
    const again = await call(t, {
      method: 'POST',
      url: '/api/v1/users/sign-in/',
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(
      (await send('PATCH', `/users/${w.users.staff.id}/`, { is_active: false }, w.tokens.staff, 'localhost'))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('PATCH', `/users/${u.id}/`, { is_active: true }, w.tokens.staff, 'localhost')).statusCode,
    ).toBe(400);
  });
});

describe('courses and assignments', () => {
  it('a course shows its active learners only; assignments filter by completion, visibility and text', async () => {
    const course = await get(`/manager/courses/${w.course.id}/`, w.tokens.staff);
    expect(course.statusCode).toBe(200);
    const emails = course.json().learners.map((l: { email: string }) => l.email);
    expect(emails).toContain(w.users.learner.email);
    expect(emails).not.toContain(w.users.withdrawn.email);
    expect((await get(`/manager/courses/${w.course.id}/`, w.tokens.instructor)).statusCode).toBe(403);
    expect((await get(`/manager/courses/${w.otherOrgCourse.id}/`, w.tokens.staff)).statusCode).toBe(404);

    const created = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '관리자 목록 과제',
        description: 'd',
        is_directly_starting: 'true',
        progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
      }),
    });
    const id = created.json().id as number;
    await t.database.db
      .update(participations)
      .set({ attendedAt: new Date() })
      .where(eq(participations.assignmentId, id));
    const list = (q: string) => get(`/assignments/pages/?${q}`, w.tokens.staff);
    const running = (await list('complete=false&q=관리자')).json();
    expect(running.results.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(running.results[0]).toMatchObject({
      stage: 'ES',
      is_completed: false,
      course: { id: w.course.id },
      course_id: w.course.id,
    });
    expect((await list('complete=true&q=관리자')).json().results).toEqual([]);
    expect((await list('is_active=false&q=관리자')).json().results).toEqual([]);
    // The instructor's group filter applies only with integrated management.
    expect((await list(`course__instructor__group=${groupId}&q=관리자`)).json().count).toBe(1);
    expect((await list('complete=maybe')).statusCode).toBe(400);
    const detail = await get(`/manager/assignments/${id}/`, w.tokens.staff);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ learners_checked_count: 2, learners_count: 2 });
    expect(detail.json().progresses_summary.map((p: { stage: string }) => p.stage)).toEqual(['ES', 'PE']);
    expect((await get(`/manager/assignments/${id}/`, w.tokens.learner)).statusCode).toBe(403);
  });

  it('exports each filtered list as a workbook', async () => {
    for (const [path, sheet] of [
      ['/users/export/?profile__role=I', '사용자'],
      ['/courses/export/', '강의'],
      ['/assignments/export/?q=관리자', '과제'],
    ] as const) {
      const res = await get(path, w.tokens.staff);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]?.name).toBe(sheet);
      expect(book.worksheets[0]?.rowCount).toBeGreaterThanOrEqual(2);
    }
    const users = new ExcelJS.Workbook();
    await users.xlsx.load(
      (await get('/users/export/?profile__role=I', w.tokens.staff)).rawPayload as unknown as ArrayBuffer,
    );
    const roles = users.worksheets[0]!.getColumn(3).values.slice(2);
    expect(new Set(roles)).toEqual(new Set(['교수자']));
    // Stages by name in the page's language, not as codes (issue 36).
    for (const [lang, name] of [
      ['ko', '글쓰기'],
      ['en', 'Essay writing'],
    ] as const) {
      const book = new ExcelJS.Workbook();
      const res = await call(t, {
        method: 'GET',
        url: `/api/v1/assignments/export/?q=관리자`,
        token: w.tokens.staff,
        headers: { 'accept-language': lang },
      });
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).map(String);
      const column = header.indexOf(lang === 'ko' ? '단계' : 'Stage');
      expect(column, header.join(',')).toBeGreaterThan(0);
      expect(sheet.getColumn(column).values.slice(2)).toContain(name);
    }
    expect((await get('/users/export/', w.tokens.instructor)).statusCode).toBe(403);
  });
});
