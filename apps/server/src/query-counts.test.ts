import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, ESSAY_AND_PEER_REVIEW, multipart } from '../test/factories';
import { buildTestApp, call, type TestApp } from '../test/helpers';
import { enrollments, participations, performances, stages, users } from './db/schema';

// Issue 18: the heavy reads make a fixed number of queries, whatever the class size. Each read is
// counted with 2 learners and again with 25 more; a query per learner would show as a difference.

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let assignmentId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const created = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...multipart({
      name: '쿼리 수',
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
    }),
  });
  expect(created.statusCode, created.body).toBe(201);
  assignmentId = (created.json() as { id: number }).id;
});
afterAll(async () => t.close());

/** `n` more learners in the course, taking part, each with a finished essay. */
async function addLearners(n: number) {
  const db = t.database.db;
  const tag = randomBytes(3).toString('hex');
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        organisationId: w.org.id,
        email: `q${i}-${tag}@example.com`,
        name: `학습자 ${i}`,
        passwordHash: '',
      })),
    )
    .returning({ id: users.id });
  const seats = await db
    .insert(enrollments)
    .values(people.map((p, i) => ({ courseId: w.course.id, userId: p.id, code: `Q${tag}${i}` })))
    .returning({ id: enrollments.id });
  await db.insert(participations).values(seats.map((e) => ({ assignmentId, enrollmentId: e.id, status: 1 })));
  const [essay] = await db
    .select({ id: stages.id })
    .from(stages)
    .where(and(eq(stages.assignmentId, assignmentId), eq(stages.model, 'essaywriting')));
  await db
    .insert(performances)
    .values(seats.map((e) => ({ stageId: essay!.id, enrollmentId: e.id, isCompleted: true })));
}

async function queriesOf(url: string, token = w.tokens.instructor) {
  const before = t.database.queries.count;
  const res = await call(t, { method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  return t.database.queries.count - before;
}

describe('heavy reads make a fixed number of queries', () => {
  it('the management table, its export, the learners, course results and the course lists', async () => {
    const course = `/api/v1/courses/${w.course.id}`;
    const urls = [
      `${course}/assignments/${assignmentId}/management/`,
      `${course}/assignments/${assignmentId}/stages-of-learners/`,
      `${course}/learners/`,
      `${course}/results/`,
      `${course}/assignments/`,
      '/api/v1/courses/',
    ];
    await addLearners(2);
    const small: number[] = [];
    for (const url of urls) small.push(await queriesOf(url));
    await addLearners(25);
    const large: number[] = [];
    for (const url of urls) large.push(await queriesOf(url));
    expect(Object.fromEntries(urls.map((u, i) => [u, large[i]]))).toEqual(
      Object.fromEntries(urls.map((u, i) => [u, small[i]])),
    );
    // And the counts are small: one request, a handful of statements.
    for (const [i, n] of small.entries()) expect(n, urls[i]).toBeLessThanOrEqual(12);
  });
});
