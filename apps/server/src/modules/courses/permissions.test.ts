import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type Actor, createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';
import { comments, enrollments, pollOptions, posts } from '../../db/schema';

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
  const progresses = [
    { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 2500, max_writing_score: 70 } },
    {
      model: 'peerreview',
      stage_object: {
        peer_count: 1,
        max_review_score: 15,
        max_metacognition_score: 15,
        standards: [{ question: 'q', max_point: 6 }],
      },
    },
  ];
  const res = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...multipart({
      name: `matrix ${assignmentSeq}`,
      description: 'd',
      progresses: JSON.stringify(progresses),
    }),
  });
  return res.json() as { id: number };
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

describe('permission matrix: every course, enrolment, post, comment and assignment endpoint × every kind of user', () => {
  it.each(rows)('$name', async (row) => {
    const unexpected: string[] = [];
    for (const actor of ACTORS) {
      const req = await row.prepare(actor);
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
});
