import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import {
  ACTORS,
  type Actor,
  createCourseWorld,
  ESSAY_AND_PEER_REVIEW,
  multipart,
} from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';
import { enrollments, participations, posts } from '../../db/schema';

// The world, the expected-status helpers and the fixtures the permission tests share (one app and
// course world per test file).

export let t: TestApp;
export let w: Awaited<ReturnType<typeof createCourseWorld>>;

/** One app and one course world for the test file that calls it. */
export function usePermissionWorld() {
  beforeAll(async () => {
    t = await buildTestApp();
    w = await createCourseWorld(t, { assistantTakingPart: true });
  });
  afterAll(async () => t.close());
}

export type Request = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
export type Row = {
  name: string;
  expected: Record<Actor, number>;
  prepare: (actor: Actor) => Promise<Request>;
};

// instructor, assistant (who does not take part in the row's assignment), assistant who takes part
// in it, learner, withdrawn, outsider (other course), staff, anonymous, other organisation
export const statuses = (...s: number[]) =>
  Object.fromEntries(ACTORS.map((a, i) => [a, s[i]])) as Record<Actor, number>;
export const READ_MEMBERS = statuses(200, 200, 200, 200, 403, 404, 404, 401, 404);
export const MANAGERS = statuses(200, 200, 200, 403, 403, 404, 404, 401, 404);
/** Those who run one assignment: an assistant who takes part in it has a learner's rights there (403). */
export const ASSIGNMENT_MANAGERS = statuses(200, 200, 403, 403, 403, 404, 404, 401, 404);

export async function postBy(authorId: number, extra: Partial<typeof posts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ courseId: w.course.id, authorId, title: '글', content: '내용', ...extra })
    .returning();
  return row!;
}
export let assignmentSeq = 0;
/** Counts one more assignment made by these tests (their names stay apart). */
export function nextAssignmentSeq() {
  assignmentSeq += 1;
}
/**
 * The second assistant takes part in an assignment from its start (she asks before it starts);
 * the first does not.
 */
async function joinedByAssistantTakingPart(a: { id: number }) {
  const res = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/late-participation/`,
    token: w.tokens.assistantTakingPart,
  });
  if (res.statusCode !== 200) throw new Error(`assistant2 could not join: ${res.body}`);
  return a;
}

/** Every active learner joins an assignment when it starts: the first assistant then leaves it. */
export async function withoutFirstAssistant(assignmentId: number) {
  const [row] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.assistant.id)));
  await t.database.db
    .delete(participations)
    .where(and(eq(participations.assignmentId, assignmentId), eq(participations.enrollmentId, row!.id)));
}

/** A fresh assignment (waiting to start) created through the API by the instructor; assistant 2 takes part. */
export async function newAssignment() {
  assignmentSeq += 1;
  const res = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...multipart({
      name: `matrix ${assignmentSeq}`,
      description: 'd',
      progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
    }),
  });
  return joinedByAssistantTakingPart(res.json() as { id: number });
}
/** A fresh assignment with one attachment (the zip route needs something to zip). */
export async function assignmentWithAttachment() {
  assignmentSeq += 1;
  const res = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...multipart(
      {
        name: `matrix ${assignmentSeq}`,
        description: 'd',
        progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
      },
      [{ name: 'guide.pdf', content: '%PDF-1.4\n', type: 'application/pdf' }],
    ),
  });
  return joinedByAssistantTakingPart(res.json() as { id: number });
}
/** A started assignment that the learner asked to join late: their participation awaits approval. */
export async function awaitingApproval() {
  const a = await newAssignment();
  const base = `/api/v1/courses/${w.course.id}/assignments/${a.id}`;
  await call(t, { method: 'PATCH', url: `${base}/move-to-next-stage/`, token: w.tokens.instructor });
  await withoutFirstAssistant(a.id);
  const learner = await learnerEnrollment(w.course.id);
  await t.database.db
    .delete(participations)
    .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, learner.id)));
  await call(t, { method: 'POST', url: `${base}/late-participation/`, token: w.tokens.learner });
  return `${base}/participations/${learner.id}/approve/`;
}
export async function learnerEnrollment(courseId: number) {
  const [row] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, w.users.learner.id)));
  return row!;
}
