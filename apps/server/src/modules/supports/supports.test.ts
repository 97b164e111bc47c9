import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  createOrganisation,
  createUser,
  signInAs,
  type TestApp,
} from '../../../test/helpers';
import { courses, enrollments, supportInquiries } from '../../db/schema';
import { QUEUES } from '../../jobs/queues';

let t: TestApp;
let orgId: number;
let learnerToken: string;
let staffToken: string;
let ownCourseId: number;
let otherCourseId: number;
const dataDir = mkdtempSync(join(tmpdir(), 'pw-support-'));

beforeAll(async () => {
  // No SMTP configured: mail goes to DATA_DIR/outbox as .eml files.
  t = await buildTestApp({ DATA_DIR: dataDir });
  orgId = (
    await createOrganisation(t, { subdomain: null, name: 'Support U', supportEmail: 'help@school.example' })
  ).id;
  const learner = await createUser(t, orgId, { email: 'asker@example.com', name: '질문자' });
  const prof = await createUser(t, orgId, { email: 'prof-s@example.com', role: 'I' });
  await createUser(t, orgId, { email: 'staff-s@example.com', isStaff: true });
  const [own, other] = await t.database.db
    .insert(courses)
    .values([
      { organisationId: orgId, instructorId: prof.id, name: '내 강의', code: 'OWN001' },
      { organisationId: orgId, instructorId: prof.id, name: '남의 강의', code: 'OTH001' },
    ])
    .returning();
  ownCourseId = own!.id;
  otherCourseId = other!.id;
  await t.database.db.insert(enrollments).values({ courseId: ownCourseId, userId: learner.id, code: 'S1' });
  learnerToken = await signInAs(t, 'asker@example.com');
  staffToken = await signInAs(t, 'staff-s@example.com');
});
afterAll(async () => t.close());

describe('POST /supports/', () => {
  it('requires authentication', async () => {
    expect(
      (await call(t, { method: 'POST', url: '/api/v1/supports/', payload: { content: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('requires content', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/supports/',
      token: learnerToken,
      payload: { content: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.content).toEqual(['필수 입력 항목입니다.']);
  });

  it('refuses a course the user does not belong to', async () => {
    const before = await t.database.db.$count(supportInquiries);
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/supports/',
      token: learnerToken,
      payload: { content: '질문', course: otherCourseId },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['course']);
    expect(await t.database.db.$count(supportInquiries)).toBe(before);
  });

  it('stores the inquiry and mails it to the organisation support address (outbox without SMTP)', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/supports/',
      token: learnerToken,
      payload: { content: '과제 제출이 안 돼요', course: ownCourseId },
    });
    expect(res.statusCode).toBe(201);
    // Mailed through the job queue, once.
    await t.app.jobs.settled([QUEUES.mail]);
    const files = (await readdir(join(dataDir, 'outbox'))).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await readFile(join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(mail).toMatch(/^To: help@school\.example/m);
    expect(mail).toContain('asker@example.com');
  });
});

describe('GET /supports/', () => {
  it('requires authentication', async () => {
    expect((await call(t, { method: 'GET', url: '/api/v1/supports/' })).statusCode).toBe(401);
  });

  it('is for staff only', async () => {
    const res = await call(t, { method: 'GET', url: '/api/v1/supports/', token: learnerToken });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('권한이 없습니다.');
  });

  it('lists the organisation inquiries, newest first, in the list envelope', async () => {
    await call(t, {
      method: 'POST',
      url: '/api/v1/supports/',
      token: learnerToken,
      payload: { content: '두 번째 질문' },
    });
    const other = await createOrganisation(t, { subdomain: 'elsewhere' });
    await createUser(t, other.id, { email: 'x@elsewhere.example' });
    const otherToken = await signInAs(t, 'x@elsewhere.example', 'elsewhere.peer.test');
    await call(t, {
      method: 'POST',
      url: '/api/v1/supports/',
      host: 'elsewhere.peer.test',
      token: otherToken,
      payload: { content: '다른 기관' },
    });

    const res = await call(t, { method: 'GET', url: '/api/v1/supports/?page_size=1', token: staffToken });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({
      content: '두 번째 질문',
      course: null,
      user: { email: 'asker@example.com' },
    });
    expect(body.next).toBe('/api/v1/supports/?page_size=1&page=2');
    expect(body.previous).toBeNull();
    const page2 = (await call(t, { method: 'GET', url: body.next, token: staffToken })).json();
    expect(page2.results[0]).toMatchObject({
      content: '과제 제출이 안 돼요',
      course: { id: ownCourseId, name: '내 강의' },
    });
  });
});
