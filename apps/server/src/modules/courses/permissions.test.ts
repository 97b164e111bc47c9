import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTORS,
  type Actor,
  createCourseWorld,
  ESSAY_AND_PEER_REVIEW,
  multipart,
} from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';
import { comments, enrollments, files, participations, pollOptions, posts } from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
});
afterAll(async () => t.close());

type Request = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
type Row = { name: string; expected: Record<Actor, number>; prepare: (actor: Actor) => Promise<Request> };

// instructor, assistant, learner, withdrawn, outsider (other course), staff, anonymous, other organisation
const statuses = (...s: number[]) =>
  Object.fromEntries(ACTORS.map((a, i) => [a, s[i]])) as Record<Actor, number>;
const READ_MEMBERS = statuses(200, 200, 200, 403, 404, 404, 401, 404);
const MANAGERS = statuses(200, 200, 403, 403, 404, 404, 401, 404);

async function postBy(authorId: number, extra: Partial<typeof posts.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(posts)
    .values({ courseId: w.course.id, authorId, title: '글', content: '내용', ...extra })
    .returning();
  return row!;
}
let assignmentSeq = 0;
/** A fresh assignment (waiting to start) created through the API by the instructor. */
async function newAssignment() {
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
  return res.json() as { id: number };
}
/** A fresh assignment with one attachment (the zip route needs something to zip). */
async function assignmentWithAttachment() {
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
  return res.json() as { id: number };
}
/** A started assignment that the learner asked to join late: their participation awaits approval. */
async function awaitingApproval() {
  const a = await newAssignment();
  const base = `/api/v1/courses/${w.course.id}/assignments/${a.id}`;
  await call(t, { method: 'PATCH', url: `${base}/move-to-next-stage/`, token: w.tokens.instructor });
  const learner = await learnerEnrollment(w.course.id);
  await t.database.db
    .delete(participations)
    .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, learner.id)));
  await call(t, { method: 'POST', url: `${base}/late-participation/`, token: w.tokens.learner });
  return `${base}/participations/${learner.id}/approve/`;
}
async function learnerEnrollment(courseId: number) {
  const [row] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), eq(enrollments.userId, w.users.learner.id)));
  return row!;
}

const rows: Row[] = [
  {
    name: 'GET course',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/` }),
  },
  {
    name: 'PATCH course',
    expected: MANAGERS,
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/`,
      ...multipart({ name: '고친 이름' }),
    }),
  },
  {
    name: 'DELETE course',
    expected: statuses(204, 403, 403, 403, 404, 404, 401, 404),
    prepare: async () => ({ method: 'DELETE', url: `/api/v1/courses/${(await w.newCourse()).id}/` }),
  },
  {
    name: 'GET role',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/role/` }),
  },
  {
    name: 'GET learners',
    expected: MANAGERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/learners/` }),
  },
  {
    name: 'GET learners-count',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/learners-count/` }),
  },
  {
    name: 'GET learner-info',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/learner-info/` }),
  },
  {
    name: "PATCH code-change of a learner's student ID",
    expected: statuses(200, 200, 200, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/code-change/`,
      payload: { code: 'NEW-ID', enroll: (await learnerEnrollment(w.course.id)).id },
    }),
  },
  {
    name: 'GET last-assignment',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/last-assignment/` }),
  },
  {
    name: 'POST course (instructor accounts only)',
    expected: statuses(201, 403, 403, 403, 403, 201, 401, 201),
    prepare: async () => ({
      method: 'POST',
      url: '/api/v1/courses/',
      ...multipart({ name: '새 강의', description: '' }),
    }),
  },
  {
    name: 'POST enrol (a fresh course each time)',
    expected: statuses(406, 406, 406, 403, 201, 201, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: '/api/v1/enrolls/',
      payload: { code: 'S-1', course_code: (await w.newCourse()).code },
    }),
  },
  {
    name: 'PATCH enroll-change: withdraw a learner',
    expected: MANAGERS,
    prepare: async () => {
      const course = await w.newCourse();
      return {
        method: 'PATCH',
        url: `/api/v1/enrolls/${(await learnerEnrollment(course.id)).id}/enroll-change/`,
        payload: { is_active: false },
      };
    },
  },
  {
    name: 'PATCH enroll-change: make an assistant',
    expected: statuses(200, 403, 403, 403, 404, 404, 401, 404),
    prepare: async () => {
      const course = await w.newCourse();
      return {
        method: 'PATCH',
        url: `/api/v1/enrolls/${(await learnerEnrollment(course.id)).id}/enroll-change/`,
        payload: { is_assistant: true },
      };
    },
  },
  {
    name: 'GET posts',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/posts/` }),
  },
  {
    name: 'POST post',
    expected: statuses(201, 201, 201, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/posts/`,
      ...multipart({ title: '질문', content: '내용' }),
    }),
  },
  {
    name: 'POST notice (managers only)',
    expected: statuses(201, 201, 403, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/posts/`,
      ...multipart({ title: '공지', content: '내용', is_notice: 'true' }),
    }),
  },
  {
    name: 'GET post',
    expected: READ_MEMBERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/posts/${(await postBy(w.users.instructor.id)).id}/`,
    }),
  },
  {
    name: "PATCH a learner's post (author only)",
    expected: statuses(403, 403, 200, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/posts/${(await postBy(w.users.learner.id)).id}/`,
      ...multipart({ title: '수정' }),
    }),
  },
  {
    name: "DELETE a learner's post (author or managers)",
    expected: statuses(204, 204, 204, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'DELETE',
      url: `/api/v1/courses/${w.course.id}/posts/${(await postBy(w.users.learner.id)).id}/`,
    }),
  },
  {
    name: 'POST vote',
    expected: READ_MEMBERS,
    prepare: async () => {
      const post = await postBy(w.users.instructor.id);
      const [option] = await t.database.db
        .insert(pollOptions)
        .values([{ postId: post.id, content: 'A', position: 0 }])
        .returning();
      return {
        method: 'POST',
        url: `/api/v1/courses/${w.course.id}/posts/${post.id}/vote/`,
        payload: { option: option!.id },
      };
    },
  },
  {
    name: 'GET comments',
    expected: READ_MEMBERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/posts/${(await postBy(w.users.instructor.id)).id}/comments/`,
    }),
  },
  {
    name: 'POST comment',
    expected: statuses(201, 201, 201, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/posts/${(await postBy(w.users.instructor.id)).id}/comments/`,
      payload: { content: '댓글' },
    }),
  },
  {
    name: "DELETE a learner's comment (author or managers)",
    expected: statuses(204, 204, 204, 403, 404, 404, 401, 404),
    prepare: async () => {
      const post = await postBy(w.users.instructor.id);
      const [comment] = await t.database.db
        .insert(comments)
        .values({ postId: post.id, authorId: w.users.learner.id, content: 'c' })
        .returning();
      return { method: 'DELETE', url: `/api/v1/posts/${post.id}/comments/${comment!.id}/` };
    },
  },
  {
    name: 'GET assignments',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `/api/v1/courses/${w.course.id}/assignments/` }),
  },
  {
    name: 'GET an assignment',
    expected: READ_MEMBERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/`,
    }),
  },
  {
    name: 'PATCH move-to-next-stage',
    expected: MANAGERS,
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/move-to-next-stage/`,
    }),
  },
  {
    name: 'GET management table',
    expected: MANAGERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/management/`,
    }),
  },
  {
    name: 'POST late-participation (learners)',
    expected: statuses(403, 200, 200, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/late-participation/`,
    }),
  },
  {
    name: 'DELETE an assignment',
    expected: statuses(204, 204, 403, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'DELETE',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/`,
    }),
  },
  {
    name: "GET /courses/ (the user's own courses)",
    expected: statuses(200, 200, 200, 200, 200, 200, 401, 200),
    prepare: async () => ({ method: 'GET', url: '/api/v1/courses/' }),
  },
  {
    name: 'GET /courses/pages/ (staff only)',
    expected: statuses(403, 403, 403, 403, 403, 200, 401, 403),
    prepare: async () => ({ method: 'GET', url: '/api/v1/courses/pages/' }),
  },
  {
    name: 'POST an assignment',
    expected: statuses(201, 201, 403, 403, 404, 404, 401, 404),
    prepare: async () => {
      assignmentSeq += 1;
      return {
        method: 'POST',
        url: `/api/v1/courses/${w.course.id}/assignments/`,
        ...multipart({
          name: `matrix new ${assignmentSeq}`,
          description: 'd',
          progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
        }),
      };
    },
  },
  {
    name: 'PATCH an assignment',
    expected: MANAGERS,
    prepare: async () => {
      assignmentSeq += 1;
      return {
        method: 'PATCH',
        url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/`,
        ...multipart({
          name: `matrix edited ${assignmentSeq}`,
          description: 'd',
          progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
        }),
      };
    },
  },
  {
    name: 'PATCH approve a late participation',
    expected: MANAGERS,
    prepare: async () => ({ method: 'PATCH', url: await awaitingApproval() }),
  },
  {
    name: 'PATCH attendance (those who take part: learners and assistants)',
    expected: statuses(403, 200, 200, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/attendance/`,
    }),
  },
  {
    name: 'GET stages-of-learners workbook',
    expected: MANAGERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/stages-of-learners/`,
    }),
  },
  {
    name: 'GET attachments zip',
    expected: MANAGERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await assignmentWithAttachment()).id}/attachments/`,
    }),
  },
  {
    name: 'GET /users/course/',
    expected: statuses(200, 200, 200, 200, 200, 200, 401, 200),
    prepare: async () => ({ method: 'GET', url: '/api/v1/users/course/' }),
  },
  {
    name: 'GET /users/dashboard/',
    expected: statuses(200, 200, 200, 200, 200, 200, 401, 200),
    prepare: async () => ({ method: 'GET', url: '/api/v1/users/dashboard/' }),
  },
];

/**
 * Operations proven by the role tests of their own module rather than this matrix (they are not
 * reached through a course): each names the file whose "requires authentication / wrong role"
 * tests cover it.
 */
const ELSEWHERE: Record<string, string> = {
  'GET /api/v1/users/configuration/': 'accounts.test.ts (public)',
  'GET /api/v1/users/configurations/': 'accounts.test.ts (public)',
  'POST /api/v1/users/sign-up/': 'accounts.test.ts (public)',
  'POST /api/v1/users/sign-in/': 'accounts.test.ts (public)',
  'POST /api/v1/users/sign-out/': 'accounts.test.ts',
  'GET /api/v1/users/login-check/': 'accounts.test.ts',
  'GET /api/v1/users/is-staff/': 'accounts.test.ts',
  'GET /api/v1/users/profile/': 'profile.test.ts',
  'PATCH /api/v1/users/profile/': 'profile.test.ts',
  'POST /api/v1/users/password-change/': 'profile.test.ts',
  'GET /api/v1/users/standard-scores/': 'profile.test.ts',
  'POST /api/v1/supports/': 'supports.test.ts',
  'GET /api/v1/supports/': 'supports.test.ts (staff only)',
  // Owner, instructor, assistant, another learner, withdrawn, another course, anonymous.
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/':
    'performances.test.ts (who may read and write)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/':
    'performances.test.ts (who may read and write)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/{pid}/late-essay/':
    'performances.test.ts (stage rules)',
  // Reviewer, author, other learner, instructor, assistant, withdrawn, another course, anonymous.
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/':
    'reviews.test.ts (peer review)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/':
    'reviews.test.ts (peer review)',
  'GET /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/instructor/':
    'reviews.test.ts (peer review)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/peerreview-matching/{mid}/instructor/':
    'reviews.test.ts (peer review)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/performances/feedbackreview-matching/{mid}/':
    'reviews.test.ts (feedback review)',
  'POST /api/v1/courses/{id}/assignments/{aid}/objections/': 'reviews.test.ts (objections)',
  'GET /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/': 'reviews.test.ts (objections)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/': 'reviews.test.ts (objections)',
  'DELETE /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/': 'reviews.test.ts (objections)',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/objections/{oid}/ruling/': 'reviews.test.ts (objections)',
  'GET /api/v1/courses/{id}/assignments/{aid}/matchings/': 'reviews.test.ts (the matching page)',
  'POST /api/v1/courses/{id}/assignments/{aid}/matchings-reset/': 'reviews.test.ts (the matching page)',
  // Own report after completion, others 404; managers any; learners 403 on the score page.
  'GET /api/v1/courses/{id}/assignments/{aid}/reports/{rid}/': 'reports.test.ts',
  'PATCH /api/v1/courses/{id}/assignments/{aid}/reports/{rid}/': 'reports.test.ts',
  'GET /api/v1/courses/{id}/assignments/{aid}/scores/': 'reports.test.ts',
  // Instructor and assistants; learners 403 (their own personal score only), outsiders 404.
  'GET /api/v1/courses/{id}/results/': 'results.test.ts',
  'GET /api/v1/courses/{id}/results/export/': 'results.test.ts',
  'GET /api/v1/courses/{id}/assignments/weights/': 'results.test.ts (weights)',
  'PATCH /api/v1/courses/{id}/assignments/weights/': 'results.test.ts (weights: the instructor only)',
  'GET /api/v1/courses/{id}/enrolls/{eid}/personal-score/': 'results.test.ts (personal score)',
  'GET /api/v1/courses/{id}/scores-by-learner/': 'results.test.ts (my score)',
  // Staff of the organisation only: instructor and learner 403, anonymous 401, another organisation 404.
  'GET /api/v1/users/pages/': 'manager.test.ts',
  'GET /api/v1/users/': 'manager.test.ts',
  'GET /api/v1/users/export/': 'manager.test.ts',
  'GET /api/v1/users/{userId}/': 'manager.test.ts',
  'POST /api/v1/users/': 'manager.test.ts',
  'PATCH /api/v1/users/{userId}/': 'manager.test.ts',
  'GET /api/v1/courses/export/': 'manager.test.ts',
  'GET /api/v1/manager/courses/{id}/': 'manager.test.ts',
  'GET /api/v1/assignments/pages/': 'manager.test.ts',
  'GET /api/v1/assignments/export/': 'manager.test.ts',
  'GET /api/v1/manager/assignments/{id}/': 'manager.test.ts',
};

type OpenApi = { paths: Record<string, Record<string, unknown>> };
/** `GET /api/v1/courses/{id}/` → a matcher for concrete URLs of that operation. */
const operationsOf = (doc: OpenApi) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({
      key: `${method.toUpperCase()} ${path}`,
      matches: (m: string, url: string) =>
        m === method.toUpperCase() &&
        new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url.split('?')[0] ?? ''),
    })),
  );
const covered = new Set<string>();

describe('permission matrix: every course, enrolment, post, comment and assignment endpoint × every kind of user', () => {
  it.each(rows)('$name', async (row) => {
    const operations = operationsOf(t.app.swagger() as unknown as OpenApi);
    const unexpected: string[] = [];
    for (const actor of ACTORS) {
      const req = await row.prepare(actor);
      const operation = operations.find((o) => o.matches(req.method, req.url));
      if (operation) covered.add(operation.key);
      else unexpected.push(`${req.method} ${req.url} is not an operation of the OpenAPI document`);
      const res = await call(t, { ...req, token: w.tokens[actor], host: w.hostOf(actor) } as Parameters<
        typeof call
      >[1]);
      if (res.statusCode !== row.expected[actor])
        unexpected.push(
          `${actor}: ${res.statusCode} (expected ${row.expected[actor]}) ${res.body.slice(0, 120)}`,
        );
    }
    expect(unexpected).toEqual([]);
  });

  it('has a row for every operation of the OpenAPI document (or names the suite that covers it)', () => {
    const all = operationsOf(t.app.swagger() as unknown as OpenApi).map((o) => o.key);
    expect(all.length).toBeGreaterThan(40);
    const missing = all.filter((key) => !covered.has(key) && !(key in ELSEWHERE));
    expect(missing).toEqual([]);
    // And the exemptions are real operations, so none outlives its route.
    expect(Object.keys(ELSEWHERE).filter((key) => !all.includes(key))).toEqual([]);
  });
});

describe('a caller who may not act is refused before the form is read', () => {
  // Services read a multipart form only once their permission checks pass: a refused caller
  // gets 403/404 (never 400 for the form's faults) and none of the files they sent is stored.
  it.each([
    { actor: 'learner', status: 403, method: 'POST', url: () => '/api/v1/courses/' },
    { actor: 'learner', status: 403, method: 'PATCH', url: () => `/api/v1/courses/${w.course.id}/` },
    { actor: 'outsider', status: 404, method: 'PATCH', url: () => `/api/v1/courses/${w.course.id}/` },
    {
      actor: 'learner',
      status: 403,
      method: 'POST',
      url: () => `/api/v1/courses/${w.course.id}/assignments/`,
    },
    {
      actor: 'outsider',
      status: 404,
      method: 'POST',
      url: () => `/api/v1/courses/${w.course.id}/assignments/`,
    },
    { actor: 'withdrawn', status: 403, method: 'POST', url: () => `/api/v1/courses/${w.course.id}/posts/` },
    {
      actor: 'outsider',
      status: 404,
      method: 'PATCH',
      url: async () => `/api/v1/courses/${w.course.id}/posts/${(await postBy(w.users.learner.id)).id}/`,
    },
    {
      actor: 'outsider',
      status: 404,
      method: 'PATCH',
      url: () => `/api/v1/courses/${w.course.id}/assignments/1/performances/1/`,
    },
  ])('$method $actor → $status', async (c) => {
    const name = `refused-${c.actor}-${c.method}-${Math.random().toString(36).slice(2)}.pdf`;
    const res = await call(t, {
      method: c.method as 'POST' | 'PATCH',
      url: await c.url(),
      token: w.tokens[c.actor as Actor],
      // Broken fields (a name far too long, progresses that are not JSON) and a file.
      ...multipart({ name: 'x'.repeat(5000), progresses: '{', title: '' }, [
        { name, content: '%PDF-1.4\n', type: 'application/pdf' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(c.status);
    expect(await t.database.db.select().from(files).where(eq(files.originalName, name))).toEqual([]);
  });

  it('a JSON save of work is refused (404) before its stage_object is judged', async () => {
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/1/performances/1/`,
      token: w.tokens.outsider,
      payload: { stage_object: 'not json', version: -1 },
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});
