import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { t, useCoursesWorld, w } from './courses.test-kit';

useCoursesWorld();

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
