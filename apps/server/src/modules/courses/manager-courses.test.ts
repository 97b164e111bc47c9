import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld } from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';
import { assignments, stages } from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const [a, b] = await t.database.db
    .insert(assignments)
    .values([
      { courseId: w.course.id, name: 'done', description: 'd', stepIndex: 2 },
      { courseId: w.course.id, name: 'running', description: 'd', stepIndex: 0 },
    ])
    .returning();
  for (const x of [a!, b!]) {
    await t.database.db.insert(stages).values([
      { assignmentId: x.id, position: 0, model: 'essaywriting', settings: {} },
      { assignmentId: x.id, position: 1, model: 'peerreview', settings: {} },
    ]);
  }
});
afterAll(async () => t.close());

describe('GET /courses/pages/ (manager area)', () => {
  it('requires authentication and staff', async () => {
    expect((await call(t, { method: 'GET', url: '/api/v1/courses/pages/' })).statusCode).toBe(401);
    expect(
      (await call(t, { method: 'GET', url: '/api/v1/courses/pages/', token: w.tokens.instructor }))
        .statusCode,
    ).toBe(403);
  });

  it("lists the organisation's courses with their counts, 10 a page by default", async () => {
    const res = await call(t, { method: 'GET', url: '/api/v1/courses/pages/', token: w.tokens.staff });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    const course = body.results.find((c: { id: number }) => c.id === w.course.id);
    expect(course).toMatchObject({
      name: '테스트 강의',
      instructor_name: 'instructor',
      learners_count: 2,
      assignments_count: 2,
      completed_assignments_count: 1,
      code: w.course.code,
    });
    expect(body.results.map((c: { id: number }) => c.id)).not.toContain(w.otherOrgCourse.id);
  });

  it('searches course names, instructor names and codes, safely', async () => {
    const byName = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/pages/?q=${encodeURIComponent('다른')}`,
        token: w.tokens.staff,
      })
    ).json();
    expect(byName.results.map((c: { id: number }) => c.id)).toEqual([w.otherCourse.id]);
    const byInstructor = (
      await call(t, { method: 'GET', url: '/api/v1/courses/pages/?q=instruct', token: w.tokens.staff })
    ).json();
    expect(byInstructor.results.map((c: { id: number }) => c.id)).toEqual([w.course.id]);
    const wildcard = (
      await call(t, { method: 'GET', url: '/api/v1/courses/pages/?q=%25', token: w.tokens.staff })
    ).json();
    expect(wildcard.count).toBe(0);
    const paged = (
      await call(t, { method: 'GET', url: '/api/v1/courses/pages/?page_size=1', token: w.tokens.staff })
    ).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toBe('/api/v1/courses/pages/?page_size=1&page=2');
  });
});
