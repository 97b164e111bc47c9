import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld } from '../../../test/factories';
import { buildTestApp, call, createUser, type TestApp } from '../../../test/helpers';
import { enrollments } from '../../db/schema';
import { CODE_GUESS_LIMITS } from './enrolls.service';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
});
afterAll(async () => t.close());

const enrol = (token: string | undefined, courseCode: string) =>
  call(t, {
    method: 'POST',
    url: '/api/v1/enrolls/',
    token,
    payload: { code: 'S-1', course_code: courseCode },
  });

describe('POST /enrolls/ and guessed course codes', () => {
  it('after too many wrong codes the user gets 429 with the wait, even for the right code; others are not affected', async () => {
    for (let i = 0; i < CODE_GUESS_LIMITS.perUser; i++) {
      expect((await enrol(w.tokens.outsider, `NOPE${i}`)).statusCode).toBe(404);
    }
    const blocked = await enrol(w.tokens.outsider, w.course.code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_code_attempts' });
    expect(blocked.json().detail).toMatch(/^잘못된 강의 코드를 너무 많이 입력했습니다\. .* 15분 후에/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The learner (another account, same address) still gets the plain answers.
    expect((await enrol(w.tokens.learner, 'NOPE')).statusCode).toBe(404);
  });
});

describe('PATCH /enrolls/{id}/enroll-change/ under concurrency', () => {
  it('a withdrawal and "make assistant" at the same moment never leave a withdrawn learner active or an assistant', async () => {
    for (let i = 0; i < 6; i++) {
      const user = await createUser(t, w.course.organisationId, {
        email: `race-${i}-${Date.now()}@example.com`,
      });
      const [enrollment] = await t.database.db
        .insert(enrollments)
        .values({ courseId: w.course.id, userId: user.id, code: `R${i}` })
        .returning();
      const change = (payload: Record<string, boolean>) =>
        call(t, {
          method: 'PATCH',
          url: `/api/v1/enrolls/${enrollment!.id}/enroll-change/`,
          token: w.tokens.instructor,
          payload,
        });
      const [withdraw, promote] = await Promise.all([
        change({ is_active: false }),
        change({ is_assistant: true }),
      ]);
      expect(withdraw.statusCode).toBe(200);
      expect(promote.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, enrollment!.id));
      expect({ active: row!.isActive, assistant: row!.isAssistant }).toEqual({
        active: false,
        assistant: false,
      });
    }
  });
});
