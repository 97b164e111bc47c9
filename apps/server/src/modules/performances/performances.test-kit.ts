import { performanceSchema } from '@pw/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments } from '../../db/schema';

// The world, the assignment with every writing stage and the calls the performance tests share
// (one app and course per test file).

export let t: TestApp;
export let w: Awaited<ReturnType<typeof createCourseWorld>>;
/** A second plain learner of the course (the world's assistant is also a learner, but a manager). */
export let peer: { token: string; enrollmentId: number };

/** One app, one course world and a second learner for the test file that calls it. */
export function useWorkWorld() {
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createCourseWorld(t);
    const user = await createUser(t, w.org.id, { email: `peer-${Date.now()}@example.com`, name: 'peer' });
    const [e] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: user.id, code: 'P1' })
      .returning();
    peer = { token: (await signInAs(t, user.email)) as string, enrollmentId: e!.id };
  });
  afterAll(async () => t.close());
}

let seq = 0;
export const base = () => `/api/v1/courses/${w.course.id}/assignments`;

/** An assignment with every writing stage: essay (10 letters), two questions, peer review, feedback, revision. */
export async function newAssignment(opts: { limitType?: 'L' | 'W'; maxLength?: number } = {}) {
  seq += 1;
  const res = await call(t, {
    method: 'POST',
    url: `${base()}/`,
    token: w.tokens.instructor,
    ...multipart({
      name: `글쓰기 ${seq}`,
      description: '설명',
      progresses: JSON.stringify([
        {
          model: 'essaywriting',
          stage_object: {
            limit_type: opts.limitType ?? 'L',
            max_length: opts.maxLength ?? 10,
            max_writing_score: 60,
          },
        },
        { model: 'questionwriting', stage_object: { quizs: [{ quiz: '첫 질문' }, { quiz: '둘째 질문' }] } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: 1,
            max_review_score: 10,
            max_metacognition_score: 10,
            standards: [{ question: '논지', max_point: 6 }],
          },
        },
        { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
        { model: 'revisement', stage_object: { max_revisement_score: 10 } },
      ]),
    }),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

export const move = (id: number, token = w.tokens.instructor) =>
  call(t, { method: 'PATCH', url: `${base()}/${id}/move-to-next-stage/`, token });

export async function assignmentAs(id: number, token: string | undefined) {
  return (await call(t, { method: 'GET', url: `${base()}/${id}/`, token })).json();
}

/** The learner's performance id of a stage model, as the assignment response gives it. */
export async function workOf(id: number, token: string | undefined, model: string): Promise<number> {
  const a = await assignmentAs(id, token);
  return a.progresses.find((p: { model: string }) => p.model === model).performance_id;
}

export const get = (id: number, pid: number, token: string | undefined) =>
  call(t, { method: 'GET', url: `${base()}/${id}/performances/${pid}/`, token });

export const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

/** A save; every accepted answer is exactly the contract's shape (some are sent without the schema). */
export async function save(id: number, pid: number, token: string | undefined, body: unknown, late = false) {
  const res = await call(t, {
    method: 'PATCH',
    url: `${base()}/${id}/performances/${pid}/${late ? 'late-essay/' : ''}`,
    token,
    payload: body as Record<string, unknown>,
  });
  if (res.statusCode === 200) {
    expect(performanceSchema.parse(res.json())).toEqual(res.json());
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  }
  return res;
}
