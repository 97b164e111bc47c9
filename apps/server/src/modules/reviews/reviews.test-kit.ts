import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCourseWorld } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments } from '../../db/schema';
import { peerReviewProgresses, startAtPeerReview } from '../assignments/assignments.test-kit';

// The world, the assignments at peer review or feedback and the calls the review tests share
// (one app and course per test file).

export let t: TestApp;
export let w: Awaited<ReturnType<typeof createCourseWorld>>;
/** A second plain learner of the course, who writes essays with the learner and the assistant. */
export let peer: { token: string; enrollmentId: number; email: string; name: string };
export let learnerEnrollment: number;

/** One app, one course world and a second learner for the test file that calls it. */
export function useReviewWorld() {
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createCourseWorld(t);
    const email = `reviewpeer-${Date.now()}@example.com`;
    const user = await createUser(t, w.org.id, { email, name: '동료학생' });
    const [e] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: user.id, code: 'RP1' })
      .returning();
    peer = { token: (await signInAs(t, email)) as string, enrollmentId: e!.id, email, name: '동료학생' };
    const [mine] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
    learnerEnrollment = mine!.id;
  });
  afterAll(async () => t.close());
}

/**
 * A learner who joins the course late (after the assignments made so far): enrolled, not yet
 * taking part in any of them. Later assignments count them among their participants.
 */
export async function enrolLateJoiner() {
  const email = `late-${Date.now()}@example.com`;
  const user = await createUser(t, w.org.id, { email, name: '늦은학생' });
  await t.database.db.insert(enrollments).values({ courseId: w.course.id, userId: user.id, code: 'LATE1' });
  const token = (await signInAs(t, email)) as string;
  return { user, token };
}

export const base = () => `/api/v1/courses/${w.course.id}/assignments`;
export const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });
let seq = 0;

/**
 * An assignment at peer review where the learner, the peer and the assistant wrote essays
 * (`nonWritersReview`: the peer stage lets learners without an essay review too).
 */
export async function atPeerReview(peerCount = 1, options: { nonWritersReview?: boolean } = {}) {
  seq += 1;
  return startAtPeerReview(t, w, {
    name: `평가 ${seq}`,
    progresses: peerReviewProgresses({
      peerCount,
      nonWritersReview: options.nonWritersReview ?? false,
      standards: [
        { question: '논지가 분명한가?', max_point: 6 },
        { question: '근거가 충분한가?', max_point: 4 },
      ],
      feedback: true,
    }),
    writers: [w.tokens.learner, peer.token, w.tokens.assistant] as string[],
    essay: () => '에세이 본문',
  });
}

export const move = (id: number) =>
  call(t, { method: 'PATCH', url: `${base()}/${id}/move-to-next-stage/`, token: w.tokens.instructor });

export async function performanceOf(aid: number, token: string | undefined) {
  const a = (await call(t, { method: 'GET', url: `${base()}/${aid}/`, token })).json();
  return (
    await call(t, { method: 'GET', url: `${base()}/${aid}/performances/${a.performance_id}/`, token })
  ).json();
}

export const review = (aid: number, mid: number, token: string | undefined) =>
  call(t, { method: 'GET', url: `${base()}/${aid}/performances/peerreview-matching/${mid}/`, token });
export const saveReview = (aid: number, mid: number, token: string | undefined, responses: unknown) =>
  call(t, {
    method: 'PATCH',
    url: `${base()}/${aid}/performances/peerreview-matching/${mid}/`,
    token,
    payload: { id: mid, responses } as Record<string, unknown>,
  });
export const FULL = [
  { id: 0, point: 5, comment: '주장이 선명합니다.' },
  { id: 1, point: 3, comment: '예시가 하나 더 있으면 좋겠습니다.' },
];

/** Every string and every key of a learner-facing answer: none may name the other party. */
export function expectAnonymous(
  body: unknown,
  others: { name: string; email: string; enrollmentId: number }[],
) {
  const text = JSON.stringify(body);
  for (const o of others) {
    expect(text).not.toContain(o.name);
    expect(text).not.toContain(o.email);
  }
  expect(text).not.toMatch(
    /"(reviewer|target|reviewer_id|target_id|enrollment|enrollment_id|user|user_id|email|code)"\s*:/,
  );
}

/**
 * At the feedback step, with every peer review done: the learner's, the peer's and the
 * assistant's reviews (reviewer 0, 1, 2) with the points `answers` gives them (FULL by default).
 */
export async function atFeedback(peerCount = 1, answers: (reviewer: number) => unknown = () => FULL) {
  const a = await atPeerReview(peerCount);
  for (const [n, token] of [w.tokens.learner, peer.token, w.tokens.assistant].entries()) {
    const targets = (await performanceOf(a.id, token)).stage_object.targets as { id: number }[];
    for (const x of targets) expect((await saveReview(a.id, x.id, token, answers(n))).statusCode).toBe(200);
  }
  await move(a.id);
  return a;
}
