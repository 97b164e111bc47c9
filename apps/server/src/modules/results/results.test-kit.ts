import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCourseWorld, ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments } from '../../db/schema';

// The world and the two completed assignments the results tests share (one app, course and pair
// of assignments per test file, made in the same steps for every file).

export let t: TestApp;
export let w: Awaited<ReturnType<typeof createCourseWorld>>;
export let peerToken: string;
export let learnerEnrollment: number;
export let peerEnrollment: number;
/** The two completed assignments, in the order they were made. */
export let first: number;
export let second: number;

export const get = (url: string, token: string | undefined) =>
  call(t, { method: 'GET', url: `/api/v1${url}`, token });
export const patchWeights = (weights: { id: number; weight: number }[], token = w.tokens.instructor) =>
  call(t, {
    method: 'PATCH',
    url: `/api/v1/courses/${w.course.id}/assignments/weights/`,
    token,
    payload: { weights },
  });

/** The instructor weighs the first and the second assignment (accepted). */
export async function setWeights(firstWeight: number, secondWeight: number) {
  const res = await patchWeights([
    { id: first, weight: firstWeight },
    { id: second, weight: secondWeight },
  ]);
  expect(res.statusCode).toBe(200);
}

/** An essay-and-peer-review assignment taken by the learner, the peer and the assistant to completion. */
export async function completed(name: string, points: number[], fields: Record<string, string> = {}) {
  const base = `/api/v1/courses/${w.course.id}/assignments`;
  const created = await call(t, {
    method: 'POST',
    url: `${base}/`,
    token: w.tokens.instructor,
    ...multipart({
      name,
      description: '설명',
      is_directly_starting: 'true',
      ...fields,
      progresses: JSON.stringify(
        ESSAY_AND_PEER_REVIEW.map((s) =>
          s.model === 'peerreview' ? { ...s, stage_object: { ...s.stage_object, peer_count: 2 } } : s,
        ),
      ),
    }),
  });
  expect(created.statusCode).toBe(201);
  const id = (created.json() as { id: number }).id;
  const tokens = [w.tokens.learner, peerToken, w.tokens.assistant] as string[];
  for (const token of tokens) {
    const mine = (await get(`/courses/${w.course.id}/assignments/${id}/`, token)).json();
    const saved = await call(t, {
      method: 'PATCH',
      url: `${base}/${id}/performances/${mine.performance_id}/`,
      token,
      payload: { stage_object: { content: { ops: [{ insert: `${name} 에세이\n` }] } } },
    });
    expect(saved.statusCode).toBe(200);
  }
  const move = () =>
    call(t, { method: 'PATCH', url: `${base}/${id}/move-to-next-stage/`, token: w.tokens.instructor });
  expect((await move()).statusCode).toBe(200);
  for (const [n, token] of tokens.entries()) {
    const mine = (await get(`/courses/${w.course.id}/assignments/${id}/`, token)).json();
    const work = (
      await get(`/courses/${w.course.id}/assignments/${id}/performances/${mine.performance_id}/`, token)
    ).json();
    for (const target of work.stage_object.targets as { id: number }[]) {
      const saved = await call(t, {
        method: 'PATCH',
        url: `${base}/${id}/performances/peerreview-matching/${target.id}/`,
        token,
        payload: { responses: [{ id: 0, point: points[n] ?? 3, comment: '의견' }] },
      });
      expect(saved.statusCode).toBe(200);
    }
  }
  expect((await move()).statusCode).toBe(200);
  return id;
}

export type Results = {
  chart: { id: number; total_avg: number }[];
  weights: { id: number; weight: number }[];
  table: {
    headers: { pk: number; name: string; max_total: number }[];
    rows: {
      pk: number;
      name: string;
      code: string;
      total: number;
      conversion_score: number;
      assignments: { pk: number; report: number | null; scores: { total: number } | null }[];
      not_performed: { unit: string; not_performed: number; total: number }[];
    }[];
    withdrawn: { pk: number }[];
  };
};

/** One app, one course world with a second learner, and two assignments completed by all three. */
export function useResultsWorld() {
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createCourseWorld(t);
    const email = `resultpeer-${Date.now()}@example.com`;
    const user = await createUser(t, w.org.id, { email, name: '결과동료' });
    const [peer] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: user.id, code: 'RP2' })
      .returning();
    peerEnrollment = peer!.id;
    peerToken = (await signInAs(t, email)) as string;
    const [me] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
    learnerEnrollment = me!.id;
    first = await completed('결과 1차', [5, 2, 4]);
    second = await completed('결과 2차', [3, 6, 1]);
  });
  afterAll(async () => t.close());
}
