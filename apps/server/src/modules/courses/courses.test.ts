import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, type TestApp, tamperedLink } from '../../../test/helpers';
import {
  assignmentFiles,
  assignments,
  courseFiles,
  courses,
  enrollments,
  files,
  performanceFiles,
  performances,
  postFiles,
  posts,
  stages,
} from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
const dataDir = mkdtempSync(join(tmpdir(), 'pw-courses-'));

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  w = await createCourseWorld(t);
});
afterAll(async () => t.close());

const pdf = Buffer.from('%PDF-1.4\n% test\n');

describe('opening a course', () => {
  it('creates the course with a unique 6-character code and its lecture-plan files', async () => {
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: '  논증적 글쓰기  ', description: '설명', is_instructor_learner: 'true' }, [
        { name: '강의계획서.pdf', content: pdf, type: 'application/pdf' },
      ]),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const course = (
      await call(t, { method: 'GET', url: `/api/v1/courses/${id}/`, token: w.tokens.instructor })
    ).json();
    expect(course).toMatchObject({
      name: '논증적 글쓰기',
      description: '설명',
      is_open: true,
      is_instructor_learner: true,
      is_instructor: true,
      learners_count: 0,
    });
    expect(course.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(course.files).toHaveLength(1);
    expect(course.files[0]).toMatchObject({ name: '강의계획서.pdf', size: pdf.length });

    // The signed link serves the bytes with a safe disposition; a tampered link does not.
    const file = await call(t, { method: 'GET', url: course.files[0].file });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%EA%B0%95");
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const tampered = await call(t, { method: 'GET', url: tamperedLink(course.files[0].file) });
    expect(tampered.statusCode).toBe(404);
    const otherHost = await call(t, { method: 'GET', url: course.files[0].file, host: 'other.peer.test' });
    expect(otherHost.statusCode).toBe(404);
    const expired = course.files[0].file.replace(/exp=\d+/, 'exp=1000');
    expect((await call(t, { method: 'GET', url: expired })).statusCode).toBe(404);
  });

  it('rejects a missing or too long name with translated messages and stores no file', async () => {
    const before = await t.database.db.$count(files);
    const form = multipart({ name: 'x'.repeat(51) }, [{ name: 'plan.pdf', content: pdf }]);
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      payload: form.payload,
      headers: { ...form.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.name).toEqual(['Enter at most 50 characters.']);
    const empty = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: ' ' }),
    });
    expect(empty.json().fields.name).toEqual(['필수 입력 항목입니다.']);
    expect(await t.database.db.$count(files)).toBe(before);
  });

  it('refuses files over 20 MB with 413 and files of other types with 400', async () => {
    const big = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: '큰 파일' }, [
        { name: 'big.pdf', content: Buffer.alloc(20 * 1024 * 1024 + 1, 1) },
      ]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'payload_too_large',
      detail: '최대 업로드 용량(20MB)을 초과했습니다.',
    });
    const exe = await call(t, {
      method: 'POST',
      url: '/api/v1/courses/',
      token: w.tokens.instructor,
      ...multipart({ name: '실행 파일' }, [{ name: 'run.exe', content: 'MZ' }]),
    });
    expect(exe.statusCode).toBe(400);
    expect(Object.keys(exe.json().fields)).toEqual(['files']);
    const names = await t.database.db.select({ name: courses.name }).from(courses);
    expect(names.map((n) => n.name)).not.toContain('큰 파일');
  });
});

describe('course page data', () => {
  it('shows the code to the instructor only', async () => {
    const forInstructor = (
      await call(t, { method: 'GET', url: `/api/v1/courses/${w.course.id}/`, token: w.tokens.instructor })
    ).json();
    const forLearner = (
      await call(t, { method: 'GET', url: `/api/v1/courses/${w.course.id}/`, token: w.tokens.learner })
    ).json();
    const forAssistant = (
      await call(t, { method: 'GET', url: `/api/v1/courses/${w.course.id}/`, token: w.tokens.assistant })
    ).json();
    expect(forInstructor.code).toBe(w.course.code);
    expect(forLearner.code).toBeNull();
    expect(forAssistant.code).toBeNull();
    expect(forLearner.learners_count).toBe(2);
  });

  it('role info and learner info describe the caller', async () => {
    const role = (
      await call(t, { method: 'GET', url: `/api/v1/courses/${w.course.id}/role/`, token: w.tokens.assistant })
    ).json();
    expect(role).toEqual({ course: w.course.id, is_instructor: false, is_assistant: true, is_learner: true });
    const info = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${w.course.id}/learner-info/`,
        token: w.tokens.learner,
      })
    ).json();
    expect(info).toEqual({ learner_code: 'L1', is_assistant: false });
  });

  it('lists every enrolment for the managers, withdrawn ones included', async () => {
    const res = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/learners/`,
      token: w.tokens.assistant,
    });
    expect(res.json().map((r: { code: string; is_active: boolean }) => [r.code, r.is_active])).toEqual([
      ['A1', true],
      ['L1', true],
      ['W1', false],
    ]);
  });

  it('a learner edits their own student ID, and it is validated', async () => {
    const course = await w.newCourse();
    const ok = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${course.id}/code-change/`,
      token: w.tokens.learner,
      payload: { code: '20241234' },
    });
    expect(ok.json()).toEqual({ code: '20241234' });
    const long = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${course.id}/code-change/`,
      token: w.tokens.learner,
      payload: { code: '9'.repeat(51) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('the side navigation and dashboard list opened and enrolled courses', async () => {
    const mine = (
      await call(t, { method: 'GET', url: '/api/v1/users/course/', token: w.tokens.learner })
    ).json();
    expect(mine.opened).toEqual([]);
    expect(mine.enrolled.map((c: { id: number }) => c.id)).toContain(w.course.id);
    const dashboard = (
      await call(t, { method: 'GET', url: '/api/v1/users/dashboard/', token: w.tokens.instructor })
    ).json();
    expect(dashboard.find((c: { id: number }) => c.id === w.course.id)).toMatchObject({
      role: 'instructor',
      assignments: [],
    });
    const withdrawn = (
      await call(t, { method: 'GET', url: '/api/v1/users/course/', token: w.tokens.withdrawn })
    ).json();
    expect(withdrawn.enrolled.map((c: { id: number }) => c.id)).not.toContain(w.course.id);
  });
});

describe('editing and deleting', () => {
  it('closing registration makes enrolment answer 403 course_closed', async () => {
    const course = await w.newCourse();
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${course.id}/`,
      token: w.tokens.assistant,
      ...multipart({ is_open: 'false' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_open).toBe(false);
    const enrol = await call(t, {
      method: 'POST',
      url: '/api/v1/enrolls/',
      token: w.tokens.outsider,
      payload: { code: 'X', course_code: course.code },
    });
    expect(enrol.statusCode).toBe(403);
    expect(enrol.json().code).toBe('course_closed');
  });

  it('files can be added and removed; removed bytes leave storage', async () => {
    const course = await w.newCourse();
    const added = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${course.id}/`,
      token: w.tokens.instructor,
      ...multipart({}, [
        { name: 'a.pdf', content: pdf },
        { name: 'b.mp4', content: 'video' },
      ]),
    });
    expect(added.json().files.map((f: { name: string }) => f.name)).toEqual(['a.pdf', 'b.mp4']);
    const first = added.json().files[0];
    const [row] = await t.database.db.select().from(files).where(eq(files.id, first.id));
    const path = join(dataDir, 'files', row!.storageKey);
    expect(existsSync(path)).toBe(true);
    const removed = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${course.id}/`,
      token: w.tokens.instructor,
      ...multipart({ delete_files: String(first.id) }),
    });
    expect(removed.json().files.map((f: { name: string }) => f.name)).toEqual(['b.mp4']);
    expect(existsSync(path)).toBe(false);
    // A file of another course cannot be removed through this one.
    const foreign = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${course.id}/`,
      token: w.tokens.instructor,
      ...multipart({ delete_files: '999999' }),
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('deleting a course removes its enrolments', async () => {
    const course = await w.newCourse();
    const res = await call(t, {
      method: 'DELETE',
      url: `/api/v1/courses/${course.id}/`,
      token: w.tokens.instructor,
    });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.$count(enrollments, eq(enrollments.courseId, course.id))).toBe(0);
    expect(
      (await call(t, { method: 'GET', url: `/api/v1/courses/${course.id}/`, token: w.tokens.instructor }))
        .statusCode,
    ).toBe(404);
  });
});

describe('enrolment', () => {
  it('enrols with the course code (any letter case) and a student ID', async () => {
    const course = await w.newCourse();
    const res = await call(t, {
      method: 'POST',
      url: '/api/v1/enrolls/',
      token: w.tokens.outsider,
      payload: { code: '2024-77', course_code: ` ${course.code.toLowerCase()} ` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ course: course.id });
    const again = await call(t, {
      method: 'POST',
      url: '/api/v1/enrolls/',
      token: w.tokens.outsider,
      payload: { code: '2024-77', course_code: course.code },
    });
    expect(again.statusCode).toBe(406);
  });

  it('unknown code 404; missing fields 400 with the spec messages', async () => {
    const unknown = await call(t, {
      method: 'POST',
      url: '/api/v1/enrolls/',
      token: w.tokens.outsider,
      payload: { code: '1', course_code: 'NOPE99' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('course_not_found');
    const missing = await call(t, {
      method: 'POST',
      url: '/api/v1/enrolls/',
      token: w.tokens.outsider,
      payload: { code: '', course_code: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      code: ['필수 입력 항목입니다.'],
      course_code: ['강의 코드를 입력하세요.'],
    });
  });

  it('a withdrawn learner cannot re-enrol and loses access; re-admitting restores it', async () => {
    const course = await w.newCourse();
    const enrollment = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${course.id}/learners/`,
        token: w.tokens.instructor,
      })
    )
      .json()
      .find((r: { code: string }) => r.code === 'L1');
    const withdraw = await call(t, {
      method: 'PATCH',
      url: `/api/v1/enrolls/${enrollment.id}/enroll-change/`,
      token: w.tokens.assistant,
      payload: { is_active: false },
    });
    expect(withdraw.json()).toEqual({ is_active: false, is_assistant: false });
    for (const url of [
      `/api/v1/courses/${course.id}/`,
      `/api/v1/courses/${course.id}/posts/`,
      `/api/v1/courses/${course.id}/role/`,
    ]) {
      const res = await call(t, { method: 'GET', url, token: w.tokens.learner });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('course_withdrawn');
    }
    const reenrol = await call(t, {
      method: 'POST',
      url: '/api/v1/enrolls/',
      token: w.tokens.learner,
      payload: { code: 'L1', course_code: course.code },
    });
    expect(reenrol.statusCode).toBe(403);
    await call(t, {
      method: 'PATCH',
      url: `/api/v1/enrolls/${enrollment.id}/enroll-change/`,
      token: w.tokens.instructor,
      payload: { is_active: true },
    });
    expect(
      (await call(t, { method: 'GET', url: `/api/v1/courses/${course.id}/`, token: w.tokens.learner }))
        .statusCode,
    ).toBe(200);
  });

  it('withdrawing an assistant ends assistant status; an assistant cannot withdraw another assistant', async () => {
    const course = await w.newCourse();
    const list = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${course.id}/learners/`,
        token: w.tokens.instructor,
      })
    ).json();
    const learnerRow = list.find((r: { code: string }) => r.code === 'L1');
    const assistantRow = list.find((r: { code: string }) => r.code === 'A1');
    await call(t, {
      method: 'PATCH',
      url: `/api/v1/enrolls/${learnerRow.id}/enroll-change/`,
      token: w.tokens.instructor,
      payload: { is_assistant: true },
    });
    const byAssistant = await call(t, {
      method: 'PATCH',
      url: `/api/v1/enrolls/${learnerRow.id}/enroll-change/`,
      token: w.tokens.assistant,
      payload: { is_active: false },
    });
    expect(byAssistant.statusCode).toBe(403);
    const byInstructor = await call(t, {
      method: 'PATCH',
      url: `/api/v1/enrolls/${assistantRow.id}/enroll-change/`,
      token: w.tokens.instructor,
      payload: { is_active: false },
    });
    expect(byInstructor.json()).toEqual({ is_active: false, is_assistant: false });
    const empty = await call(t, {
      method: 'PATCH',
      url: `/api/v1/enrolls/${learnerRow.id}/enroll-change/`,
      token: w.tokens.instructor,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('deleting a course or an assignment', () => {
  /** A stored file (bytes on disk and its row); returns its id and path. */
  async function storedFile(name: string) {
    const saved = await t.app.storage.save('test', Readable.from([Buffer.from(`bytes of ${name}`)]));
    const [row] = await t.database.db
      .insert(files)
      .values({
        organisationId: w.course.organisationId,
        storageKey: saved.key,
        originalName: name,
        contentType: 'application/pdf',
        size: saved.size,
      })
      .returning();
    return { id: row!.id, path: join(dataDir, 'files', saved.key) };
  }

  /** A course with one file in each place a file can hang: itself, a post, an assignment, a learner's work. */
  async function courseWithFiles() {
    const course = await w.newCourse('파일이 많은 강의');
    const [enrollment] = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.courseId, course.id))
      .limit(1);
    const [post] = await t.database.db
      .insert(posts)
      .values({ courseId: course.id, authorId: w.users.instructor.id, title: '공지', content: '내용' })
      .returning();
    const [assignment] = await t.database.db
      .insert(assignments)
      .values({ courseId: course.id, name: '과제', description: '설명' })
      .returning();
    const [stage] = await t.database.db
      .insert(stages)
      .values({ assignmentId: assignment!.id, position: 0, model: 'essaywriting', settings: {} })
      .returning();
    const [performance] = await t.database.db
      .insert(performances)
      .values({ stageId: stage!.id, enrollmentId: enrollment!.id })
      .returning();
    const own = await storedFile('plan.pdf');
    const ofPost = await storedFile('post.pdf');
    const ofAssignment = await storedFile('task.pdf');
    const work = await storedFile('essay.pdf');
    await t.database.db.insert(courseFiles).values({ courseId: course.id, fileId: own.id });
    await t.database.db.insert(postFiles).values({ postId: post!.id, fileId: ofPost.id });
    await t.database.db
      .insert(assignmentFiles)
      .values({ assignmentId: assignment!.id, fileId: ofAssignment.id });
    await t.database.db.insert(performanceFiles).values({ performanceId: performance!.id, fileId: work.id });
    return { course, assignment: assignment!, own, ofPost, ofAssignment, work };
  }

  const gone = async (file: { id: number; path: string }) =>
    (await t.database.db.$count(files, eq(files.id, file.id))) === 0 && !existsSync(file.path);

  it('deleting a course removes its files and those of its posts, assignments and learners (rows and bytes)', async () => {
    const c = await courseWithFiles();
    for (const f of [c.own, c.ofPost, c.ofAssignment, c.work]) expect(await gone(f)).toBe(false);
    const res = await call(t, {
      method: 'DELETE',
      url: `/api/v1/courses/${c.course.id}/`,
      token: w.tokens.instructor,
    });
    expect(res.statusCode).toBeLessThan(300);
    for (const f of [c.own, c.ofPost, c.ofAssignment, c.work]) expect(await gone(f)).toBe(true);
  });

  it("deleting an assignment removes its attachments and the learners' work (rows and bytes), nothing else", async () => {
    const c = await courseWithFiles();
    const res = await call(t, {
      method: 'DELETE',
      url: `/api/v1/courses/${c.course.id}/assignments/${c.assignment.id}/`,
      token: w.tokens.instructor,
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await gone(c.ofAssignment)).toBe(true);
    expect(await gone(c.work)).toBe(true);
    expect(await gone(c.own)).toBe(false);
    expect(await gone(c.ofPost)).toBe(false);
  });
});
