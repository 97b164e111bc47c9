import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, ESSAY_AND_PEER_REVIEW, multipart } from '../test/factories';
import { buildTestApp, call, type TestApp } from '../test/helpers';
import { enrollments, participations, performances, stages, users } from './db/schema';
import { QUEUES } from './jobs/queues';

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
  // A route that notified people (creating, moving an assignment) queued a sweep of their mails:
  // let it finish first, so its statements are not counted as the read's.
  await t.app.jobs.settled([QUEUES.notificationMails]);
  // The host's organisation is cached for 10 s (plugins/tenancy.ts): on a loaded machine more than
  // that can pass between two reads, and the read that refreshes it makes one statement more. A
  // signed-out configuration read first refreshes it when due, and touches nothing else.
  expect((await call(t, { method: 'GET', url: '/api/v1/users/configuration/' })).statusCode).toBe(200);
  // Only the request's own statements (timers and sweeps run beside it on a busy machine).
  return t.database.queries.only(async () => {
    const before = t.database.queries.count;
    const res = await call(t, { method: 'GET', url, token });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return t.database.queries.count - before;
  });
}

describe('heavy reads make a fixed number of queries', () => {
  it('every list and dashboard of the course, the manager lists, the score page and the scores', async () => {
    const course = `/api/v1/courses/${w.course.id}`;
    const [seat] = await t.database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
    const instructor = w.tokens.instructor;
    const learner = w.tokens.learner;
    const staff = w.tokens.staff;
    const reads: [string, string | undefined][] = [
      [`${course}/assignments/${assignmentId}/management/`, instructor],
      [`${course}/assignments/${assignmentId}/stages-of-learners/`, instructor],
      [`${course}/assignments/${assignmentId}/scores/`, instructor],
      [`${course}/learners/`, instructor],
      [`${course}/results/`, instructor],
      [`${course}/enrolls/${seat!.id}/personal-score/`, instructor],
      [`${course}/assignments/`, instructor],
      [`${course}/assignments/weights/`, instructor],
      [`${course}/scores-by-learner/`, instructor],
      [`${course}/posts/`, instructor],
      ['/api/v1/courses/', instructor],
      ['/api/v1/users/course/', instructor],
      ['/api/v1/users/dashboard/', instructor],
      [`${course}/assignments/`, learner],
      [`${course}/scores-by-learner/`, learner],
      ['/api/v1/users/dashboard/', learner],
      ['/api/v1/users/pages/?page=1', staff],
      ['/api/v1/courses/pages/?page=1', staff],
      ['/api/v1/assignments/pages/?page=1', staff],
    ];
    const key = ([url, token]: [string, string | undefined]) =>
      `${token === learner ? 'learner' : token === staff ? 'staff' : 'instructor'} ${url}`;
    await addLearners(2);
    const small: number[] = [];
    for (const [url, token] of reads) small.push(await queriesOf(url, token));
    await addLearners(25);
    const large: number[] = [];
    for (const [url, token] of reads) large.push(await queriesOf(url, token));
    expect(Object.fromEntries(reads.map((r, i) => [key(r), large[i]]))).toEqual(
      Object.fromEntries(reads.map((r, i) => [key(r), small[i]])),
    );
    // And the counts are small: one request, a handful of statements (the score page before
    // completion runs the engine on the inputs it reads: 13).
    for (const [i, n] of small.entries()) expect(n, key(reads[i]!)).toBeLessThanOrEqual(13);
  });

  it('the results and the scores read only the scores kept beside each stored report', async () => {
    const created = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '완료된 과제',
        description: '설명',
        is_directly_starting: 'true',
        progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
      }),
    });
    const done = (created.json() as { id: number }).id;
    for (let step = 0; step < 2; step++) {
      const moved = await call(t, {
        method: 'PATCH',
        url: `/api/v1/courses/${w.course.id}/assignments/${done}/move-to-next-stage/`,
        token: w.tokens.instructor,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const course = `/api/v1/courses/${w.course.id}`;
    t.database.queries.texts = [];
    try {
      await queriesOf(`${course}/results/`);
      await queriesOf(`${course}/scores-by-learner/`, w.tokens.learner);
      const texts = t.database.queries.texts;
      const onReports = texts.filter((q) => /from "reports"/.test(q));
      expect(onReports.length).toBeGreaterThanOrEqual(2);
      // A stored report holds the class's averages and its lowest evaluators too (KBs each):
      // these pages read the learner's scores and the seat flag kept beside it as columns instead.
      for (const q of onReports) expect(q).not.toMatch(/"scores"/);
      for (const q of onReports) expect(q).toMatch(/"score_total"/);
      // Read again with nothing changed, the results and the completed score page are the kept
      // answers: the caller's session and membership, the assignment and its stages for the score
      // page, and the fingerprint.
      expect(await queriesOf(`${course}/results/`)).toBe(3);
      const built = await queriesOf(`${course}/assignments/${done}/scores/`);
      expect(await queriesOf(`${course}/assignments/${done}/scores/`)).toBe(5);
      expect(built).toBeGreaterThan(5);
    } finally {
      t.database.queries.texts = undefined;
    }
  });
});
