import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call, tamperedLink } from '../../../test/helpers';
import { courses, enrollments, files } from '../../db/schema';
import { pdf, t, useCoursesWorld, w } from './courses.test-kit';

useCoursesWorld();

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
    const [own] = await t.database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.assistant.id)));
    expect(role).toEqual({
      course: w.course.id,
      is_instructor: false,
      is_assistant: true,
      is_learner: true,
      enrollment: own!.id,
      // An assistant who took part in no completed assignment reads the course results.
      reads_results: true,
    });
    // The instructor without a seat has no enrolment of her own (with one, it is her seat's).
    const instructor = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${w.course.id}/role/`,
        token: w.tokens.instructor,
      })
    ).json();
    expect(instructor).toMatchObject({
      is_instructor: true,
      is_learner: false,
      enrollment: null,
      reads_results: true,
    });
    const [seat] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: w.users.instructor.id, code: '', isInstructorSeat: true })
      .returning();
    const seated = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${w.course.id}/role/`,
        token: w.tokens.instructor,
      })
    ).json();
    expect(seated).toMatchObject({ is_instructor: true, enrollment: seat!.id });
    await t.database.db.delete(enrollments).where(eq(enrollments.id, seat!.id));
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
