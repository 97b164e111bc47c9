import { and, eq, ne } from 'drizzle-orm';
import { ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { assignments, comments, ltiGradeSends, peerMatchings, pollOptions } from '../../db/schema';
import { loadAssignment } from '../assignments/assignment-loader';
import {
  ASSIGNMENT_MANAGERS,
  assignmentSeq,
  assignmentWithAttachment,
  awaitingApproval,
  learnerEnrollment,
  MANAGERS,
  newAssignment,
  nextAssignmentSeq,
  postBy,
  READ_MEMBERS,
  type Row,
  statuses,
  t,
  w,
  withoutFirstAssistant,
} from './permissions.test-kit';

/** A started assignment (essay step) in which the learner takes part and the first assistant does not. */
async function startedAssignment() {
  const a = await newAssignment();
  const base = `/api/v1/courses/${w.course.id}/assignments/${a.id}`;
  await call(t, { method: 'PATCH', url: `${base}/move-to-next-stage/`, token: w.tokens.instructor });
  await withoutFirstAssistant(a.id);
  return { base, learner: (await learnerEnrollment(w.course.id)).id };
}
const extensionBody = (enrollmentId: number) => ({
  enrollments: [enrollmentId],
  stage: 'essaywriting',
  end_date: new Date(Date.now() + 3600_000).toISOString(),
  reason: 'matrix',
});
/** The URL of an extension the instructor just granted to the learner. */
async function grantedExtension() {
  const a = await startedAssignment();
  const res = await call(t, {
    method: 'POST',
    url: `${a.base}/extensions/`,
    token: w.tokens.instructor,
    payload: extensionBody(a.learner),
  });
  if (res.statusCode !== 201) throw new Error(`no extension: ${res.body}`);
  return `${a.base}/extensions/${res.json()[0].id}/`;
}

/**
 * An assignment at peer review where the learner's essay has no reviewer (its pairs removed): in
 * the fill-in queue, for a staff member to review it themselves (issue 33).
 */
async function queuedForFillIn() {
  const a = await startedAssignment();
  const work = (await call(t, { method: 'GET', url: `${a.base}/`, token: w.tokens.learner })).json();
  await call(t, {
    method: 'PATCH',
    url: `${a.base}/performances/${work.performance_id}/`,
    token: w.tokens.learner,
    payload: { stage_object: { content: { ops: [{ insert: '본문\n' }] } } },
  });
  const moved = await call(t, {
    method: 'PATCH',
    url: `${a.base}/move-to-next-stage/`,
    token: w.tokens.instructor,
  });
  if (moved.statusCode !== 200) throw new Error(`not at peer review: ${moved.body}`);
  const id = Number(a.base.split('/').at(-1));
  await t.database.db
    .delete(peerMatchings)
    .where(
      and(
        eq(peerMatchings.assignmentId, id),
        eq(peerMatchings.targetId, a.learner),
        ne(peerMatchings.reviewerId, a.learner),
      ),
    );
  return a;
}

// The rows of the permission matrix (permissions.test.ts): every course, enrolment, post, comment
// and assignment operation, how to make a request of it, and the status each kind of user gets.
// In every assignment the rows make, the second assistant takes part and the first does not.

export const rows: Row[] = [
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
    expected: statuses(204, 403, 403, 403, 403, 404, 404, 401, 404),
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
    expected: statuses(200, 200, 200, 200, 403, 404, 404, 401, 404),
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
    expected: statuses(201, 403, 403, 403, 403, 403, 201, 401, 201),
    prepare: async () => ({
      method: 'POST',
      url: '/api/v1/courses/',
      ...multipart({ name: '새 강의', description: '' }),
    }),
  },
  {
    name: 'POST enrol (a fresh course each time)',
    expected: statuses(406, 406, 406, 406, 403, 201, 201, 401, 404),
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
    expected: statuses(200, 403, 403, 403, 403, 404, 404, 401, 404),
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
    expected: statuses(201, 201, 201, 201, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/posts/`,
      ...multipart({ title: '질문', content: '내용' }),
    }),
  },
  {
    name: 'POST notice (managers only)',
    expected: statuses(201, 201, 201, 403, 403, 404, 404, 401, 404),
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
    expected: statuses(403, 403, 403, 200, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/posts/${(await postBy(w.users.learner.id)).id}/`,
      ...multipart({ title: '수정' }),
    }),
  },
  {
    name: "DELETE a learner's post (author or managers)",
    expected: statuses(204, 204, 204, 204, 403, 404, 404, 401, 404),
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
    expected: statuses(201, 201, 201, 201, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/posts/${(await postBy(w.users.instructor.id)).id}/comments/`,
      payload: { content: '댓글' },
    }),
  },
  {
    name: "DELETE a learner's comment (author or managers)",
    expected: statuses(204, 204, 204, 204, 403, 404, 404, 401, 404),
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
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/move-to-next-stage/`,
    }),
  },
  {
    // Release when ready: a completed, held assignment (completion set on the row; no reports needed).
    name: 'POST release-scores',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => {
      const { id } = await newAssignment();
      const shape = await loadAssignment(t.database.db, { assignmentId: id });
      await t.database.db
        .update(assignments)
        .set({ stepIndex: shape.steps.length, isReleaseHeld: true })
        .where(eq(assignments.id, id));
      return { method: 'POST', url: `/api/v1/courses/${w.course.id}/assignments/${id}/release-scores/` };
    },
  },
  {
    // LTI grade passback: resend a learner's grade that failed (a fresh failed row per actor).
    name: 'POST lti grade resend',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => {
      const { id } = await newAssignment();
      const learner = await learnerEnrollment(w.course.id);
      await t.database.db
        .insert(ltiGradeSends)
        .values({ assignmentId: id, userId: learner.userId, score: 80, status: 'failed', attempts: 9 });
      return {
        method: 'POST',
        url: `/api/v1/courses/${w.course.id}/assignments/${id}/lti/grades/${learner.id}/resend/`,
      };
    },
  },
  {
    name: 'GET management table',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/management/`,
    }),
  },
  {
    name: 'POST late-participation (learners)',
    expected: statuses(403, 200, 200, 200, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/late-participation/`,
    }),
  },
  {
    name: 'DELETE an assignment',
    expected: statuses(204, 204, 403, 403, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'DELETE',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/`,
    }),
  },
  {
    name: "GET /courses/ (the user's own courses)",
    expected: statuses(200, 200, 200, 200, 200, 200, 200, 401, 200),
    prepare: async () => ({ method: 'GET', url: '/api/v1/courses/' }),
  },
  {
    name: 'GET /courses/pages/ (staff only)',
    expected: statuses(403, 403, 403, 403, 403, 403, 200, 401, 403),
    prepare: async () => ({ method: 'GET', url: '/api/v1/courses/pages/' }),
  },
  {
    name: 'POST an assignment',
    expected: statuses(201, 201, 201, 403, 403, 404, 404, 401, 404),
    prepare: async () => {
      nextAssignmentSeq();
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
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => {
      nextAssignmentSeq();
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
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({ method: 'PATCH', url: await awaitingApproval() }),
  },
  {
    // Every member reads (a learner their own work, the managers everyone's closeness).
    name: 'GET calibration',
    expected: READ_MEMBERS,
    prepare: async () => ({ method: 'GET', url: `${(await startedAssignment()).base}/calibration/` }),
  },
  {
    // The finished essays to copy into an example: those who run the assignment only.
    name: 'GET calibration essays',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({ method: 'GET', url: `${(await startedAssignment()).base}/calibration/essays/` }),
  },
  {
    // Only a learner who takes part saves their own (here 400: the assignment has no example);
    // the managers 403 (calibration.test.ts: the stage rule, reveal and the examples' validation).
    name: 'PATCH calibration',
    expected: statuses(403, 403, 400, 400, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'PATCH',
      url: `${(await startedAssignment()).base}/calibration/`,
      payload: { example: 0, points: [1] },
    }),
  },
  {
    name: 'POST fill-in (a staff member reviews a queued essay)',
    expected: statuses(201, 201, 403, 403, 403, 404, 404, 401, 404),
    prepare: async () => {
      const a = await queuedForFillIn();
      return { method: 'POST', url: `${a.base}/fill-in/`, payload: { author: a.learner } };
    },
  },
  {
    name: 'GET extensions',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({ method: 'GET', url: `${(await startedAssignment()).base}/extensions/` }),
  },
  {
    name: 'POST extensions (grant)',
    expected: statuses(201, 201, 403, 403, 403, 404, 404, 401, 404),
    prepare: async () => {
      const a = await startedAssignment();
      return { method: 'POST', url: `${a.base}/extensions/`, payload: extensionBody(a.learner) };
    },
  },
  {
    name: 'PATCH an extension',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({
      method: 'PATCH',
      url: await grantedExtension(),
      payload: { end_date: new Date(Date.now() + 7200_000).toISOString() },
    }),
  },
  {
    name: 'DELETE an extension',
    expected: statuses(204, 204, 403, 403, 403, 404, 404, 401, 404),
    prepare: async () => ({ method: 'DELETE', url: await grantedExtension() }),
  },
  {
    name: 'PATCH attendance (those who take part: learners and assistants)',
    expected: statuses(403, 200, 200, 200, 403, 404, 404, 401, 404),
    prepare: async () => ({
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/attendance/`,
    }),
  },
  {
    name: 'GET stages-of-learners workbook',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await newAssignment()).id}/stages-of-learners/`,
    }),
  },
  {
    name: 'GET attachments zip',
    expected: ASSIGNMENT_MANAGERS,
    prepare: async () => ({
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${(await assignmentWithAttachment()).id}/attachments/`,
    }),
  },
  {
    name: 'GET /users/course/',
    expected: statuses(200, 200, 200, 200, 200, 200, 200, 401, 200),
    prepare: async () => ({ method: 'GET', url: '/api/v1/users/course/' }),
  },
  {
    name: 'GET /users/dashboard/',
    expected: statuses(200, 200, 200, 200, 200, 200, 200, 401, 200),
    prepare: async () => ({ method: 'GET', url: '/api/v1/users/dashboard/' }),
  },
];
