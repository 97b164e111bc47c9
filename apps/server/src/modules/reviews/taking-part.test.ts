import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { courses, enrollments, participations, reports } from '../../db/schema';
import {
  atFeedback,
  base,
  FULL,
  learnerEnrollment,
  move,
  peer,
  performanceOf,
  saveReview,
  t,
  useReviewWorld,
  w,
} from './reviews.test-kit';

// Issue 36, item 1: in an assignment in which a member takes part as a learner, she has a
// learner's rights only. The world's assistant writes, reviews and is reviewed in the
// assignments of this file; the instructor takes part through her seat at the end.

useReviewWorld();

const get = (url: string, token: string | undefined) => call(t, { method: 'GET', url, token });
const patch = (url: string, token: string | undefined, payload: Record<string, unknown>) =>
  call(t, { method: 'PATCH', url, token, payload });

async function enrollmentOf(userId: number) {
  const [row] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, userId)));
  return row!;
}

/** The stored report of one enrolment in a completed assignment. */
async function reportOf(assignmentId: number, enrollmentId: number) {
  const [row] = await t.database.db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.assignmentId, assignmentId), eq(reports.enrollmentId, enrollmentId)));
  return row!.id;
}

/** An objection by this author to the first review of her essay (201). */
async function objectToFirstReview(assignmentId: number, token: string | undefined) {
  const [received] = (await performanceOf(assignmentId, token)).stage_object.targets as { id: number }[];
  const made = await call(t, {
    method: 'POST',
    url: `${base()}/${assignmentId}/objections/`,
    token,
    payload: { matching: received!.id, comment: '점수가 너무 낮습니다' },
  });
  expect(made.statusCode).toBe(201);
  return { matchingId: received!.id, objectionId: made.json().id as number };
}

const RAISE = { responses: [{ id: 0, edited_point: 6 }], instructor_comment: '올려 주세요' };
// A rejection: an acceptance must also carry the review's new points (issue 36, item 3).
const RULING = { accepted: false, reason: '받아들이지 않습니다' };

describe('an assistant who takes part in an assignment', () => {
  it('reads no classmate’s report, no matching, no reviewer’s name; raises no point, rules on no objection, sets no score of her own', async () => {
    const a = await atFeedback();
    const assistant = await enrollmentOf(w.users.assistant.id);
    const token = w.tokens.assistant;
    const { matchingId, objectionId } = await objectToFirstReview(a.id, token);

    // The matching page and the instructor view name her own reviewers.
    expect((await get(`${base()}/${a.id}/matchings/`, token)).statusCode).toBe(403);
    expect((await get(`${base()}/${a.id}/matchings/`, w.tokens.instructor)).statusCode).toBe(200);
    const view = `${base()}/${a.id}/performances/peerreview-matching/${matchingId}/instructor/`;
    expect((await get(view, token)).statusCode).toBe(403);
    // She raises no point of a review of her own essay.
    expect((await patch(view, token, RAISE)).statusCode).toBe(403);
    // She reads her objection as its author, and does not rule on it.
    const objection = `${base()}/${a.id}/objections/${objectionId}/`;
    expect((await get(objection, token)).statusCode).toBe(200);
    expect((await patch(`${objection}ruling/`, token, RULING)).statusCode).toBe(403);
    // Nor does she run the assignment.
    expect((await get(`${base()}/${a.id}/management/`, token)).statusCode).toBe(403);
    expect((await get(`${base()}/${a.id}/scores/`, token)).statusCode).toBe(403);
    expect(
      (await call(t, { method: 'PATCH', url: `${base()}/${a.id}/move-to-next-stage/`, token })).statusCode,
    ).toBe(403);
    // The assignment tells her so, and gives her a learner's participation and work.
    const mine = (await get(`${base()}/${a.id}/`, token)).json();
    expect(mine).toMatchObject({ manages: false, participation: 1, performance_id: expect.any(Number) });
    expect(mine.editable).toBeUndefined();
    expect((await get(`${base()}/${a.id}/`, w.tokens.instructor)).json().manages).toBe(true);
    const listed = (await get(`${base()}/`, token)).json() as { id: number; manages: boolean }[];
    expect(listed.find((x) => x.id === a.id)?.manages).toBe(false);

    expect((await move(a.id)).json().status).toBe(2);
    // A classmate's report (name, scores, rank, essay): 404, as to any learner.
    const classmate = `${base()}/${a.id}/reports/${await reportOf(a.id, learnerEnrollment)}/`;
    expect((await get(classmate, token)).statusCode).toBe(404);
    expect((await get(classmate, w.tokens.instructor)).statusCode).toBe(200);
    // Her own report she reads, as a learner; its revision score and comment are not hers to set.
    const own = `${base()}/${a.id}/reports/${await reportOf(a.id, assistant.id)}/`;
    expect((await get(own, token)).json()).toMatchObject({ is_my_report: true });
    expect((await patch(own, token, { revisement_score: 10 })).statusCode).toBe(403);
    expect((await patch(own, token, { comment: { content: '훌륭함' } })).statusCode).toBe(403);
    expect((await patch(classmate, token, { revisement_score: 1 })).statusCode).toBe(403);
    // Her classmates' work is not hers to read either.
    const work = (await get(`${base()}/${a.id}/`, w.tokens.learner)).json().progresses[0].performance_id;
    expect((await get(`${base()}/${a.id}/performances/${work}/`, token)).statusCode).toBe(404);
    // The course results show everyone's scores in the assignment: not hers either.
    expect((await get(`/api/v1/courses/${w.course.id}/results/`, token)).statusCode).toBe(403);
    expect(
      (await get(`/api/v1/courses/${w.course.id}/enrolls/${learnerEnrollment}/personal-score/`, token))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/v1/courses/${w.course.id}/enrolls/${assistant.id}/personal-score/`, token)).statusCode,
    ).toBe(200);
  });

  it('keeps her assistant powers in an assignment she does not take part in', async () => {
    const b = await atFeedback();
    const assistant = await enrollmentOf(w.users.assistant.id);
    // She leaves this one (as if made an assistant after it started).
    await t.database.db
      .delete(participations)
      .where(and(eq(participations.assignmentId, b.id), eq(participations.enrollmentId, assistant.id)));
    const token = w.tokens.assistant;
    const { matchingId, objectionId } = await objectToFirstReview(b.id, w.tokens.learner);
    expect((await get(`${base()}/${b.id}/`, token)).json()).toMatchObject({
      manages: true,
      participation: 0,
    });
    expect((await get(`${base()}/${b.id}/matchings/`, token)).statusCode).toBe(200);
    const view = `${base()}/${b.id}/performances/peerreview-matching/${matchingId}/instructor/`;
    expect((await get(view, token)).statusCode).toBe(200);
    expect((await patch(view, token, RAISE)).statusCode).toBe(200);
    expect(
      (await patch(`${base()}/${b.id}/objections/${objectionId}/ruling/`, token, RULING)).statusCode,
    ).toBe(200);
    expect((await get(`${base()}/${b.id}/management/`, token)).statusCode).toBe(200);
    expect((await move(b.id)).json().status).toBe(2);
    const report = `${base()}/${b.id}/reports/${await reportOf(b.id, learnerEnrollment)}/`;
    expect((await get(report, token)).statusCode).toBe(200);
    expect((await patch(report, token, { revisement_score: 5 })).statusCode).toBe(200);
  });

  it('awaiting approval of a late request is taking part: she does not approve herself', async () => {
    const created = await call(t, {
      method: 'POST',
      url: `${base()}/`,
      token: w.tokens.instructor,
      ...multipart({
        name: '늦은 참여',
        description: 'd',
        is_directly_starting: 'true',
        progresses: JSON.stringify(ESSAY_AND_PEER_REVIEW),
      }),
    });
    expect(created.statusCode).toBe(201);
    const c = created.json() as { id: number };
    const assistant = await enrollmentOf(w.users.assistant.id);
    await t.database.db
      .delete(participations)
      .where(and(eq(participations.assignmentId, c.id), eq(participations.enrollmentId, assistant.id)));
    const token = w.tokens.assistant;
    // Not taking part: she runs it.
    expect((await get(`${base()}/${c.id}/management/`, token)).statusCode).toBe(200);
    const asked = await call(t, { method: 'POST', url: `${base()}/${c.id}/late-participation/`, token });
    expect(asked.json()).toEqual({ status: 2 });
    const approve = `${base()}/${c.id}/participations/${assistant.id}/approve/`;
    expect((await call(t, { method: 'PATCH', url: approve, token })).statusCode).toBe(403);
    expect((await get(`${base()}/${c.id}/management/`, token)).statusCode).toBe(403);
    expect((await call(t, { method: 'PATCH', url: approve, token: w.tokens.instructor })).statusCode).toBe(
      200,
    );
  });
});

describe('the instructor taking part through her seat', () => {
  it('keeps her powers over everyone else’s work but not over her own', async () => {
    await t.database.db.update(courses).set({ isInstructorLearner: true }).where(eq(courses.id, w.course.id));
    const [seat] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: w.users.instructor.id, code: '', isInstructorSeat: true })
      .returning();
    const token = w.tokens.instructor;
    const a = await atFeedbackWithSeat();
    const own = await objectToFirstReview(a.id, token);
    const theirs = await objectToFirstReview(a.id, w.tokens.learner);
    const viewOf = (mid: number) => `${base()}/${a.id}/performances/peerreview-matching/${mid}/instructor/`;
    const rulingOf = (oid: number) => `${base()}/${a.id}/objections/${oid}/ruling/`;
    // She is still the instructor: she reads the matchings and the reviews of her essay…
    expect((await get(`${base()}/${a.id}/matchings/`, token)).statusCode).toBe(200);
    expect((await get(viewOf(own.matchingId), token)).statusCode).toBe(200);
    expect((await get(`${base()}/${a.id}/`, token)).json()).toMatchObject({
      manages: true,
      participation: 1,
    });
    // …but does not raise their points, nor rule on her own objection.
    expect((await patch(viewOf(own.matchingId), token, RAISE)).statusCode).toBe(403);
    expect((await patch(rulingOf(own.objectionId), token, RULING)).statusCode).toBe(403);
    // Everyone else's work stays hers to judge.
    expect((await patch(viewOf(theirs.matchingId), token, RAISE)).statusCode).toBe(200);
    expect((await patch(rulingOf(theirs.objectionId), token, RULING)).statusCode).toBe(200);
    // An assistant who does not take part rules on the seat's objection.
    const assistant = await enrollmentOf(w.users.assistant.id);
    await t.database.db
      .delete(participations)
      .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, assistant.id)));
    expect((await patch(rulingOf(own.objectionId), w.tokens.assistant, RULING)).statusCode).toBe(200);

    expect((await move(a.id)).json().status).toBe(2);
    const ownReport = `${base()}/${a.id}/reports/${await reportOf(a.id, seat!.id)}/`;
    const learnerReport = `${base()}/${a.id}/reports/${await reportOf(a.id, learnerEnrollment)}/`;
    expect((await patch(ownReport, token, { revisement_score: 10 })).statusCode).toBe(403);
    expect((await patch(ownReport, token, { comment: { content: '잘했음' } })).statusCode).toBe(403);
    expect((await patch(learnerReport, token, { revisement_score: 5 })).statusCode).toBe(200);
  });
});

/** Like `atFeedback`, with the instructor's seat writing and reviewing beside the three learners. */
async function atFeedbackWithSeat() {
  const created = await call(t, {
    method: 'POST',
    url: `${base()}/`,
    token: w.tokens.instructor,
    ...multipart({
      name: '교수자 참여',
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify([
        { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: 1,
            max_review_score: 10,
            max_metacognition_score: 10,
            standards: [
              { question: '논지가 분명한가?', max_point: 6 },
              { question: '근거가 충분한가?', max_point: 4 },
            ],
          },
        },
        { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
        { model: 'revisement', stage_object: { max_revisement_score: 10 } },
      ]),
    }),
  });
  const a = created.json() as { id: number };
  const writers = [w.tokens.learner, peer.token, w.tokens.assistant, w.tokens.instructor];
  for (const token of writers) {
    const mine = (await get(`${base()}/${a.id}/`, token)).json();
    const saved = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/${mine.performance_id}/`,
      token,
      payload: { stage_object: { content: { ops: [{ insert: '에세이 본문\n' }] } } },
    });
    expect(saved.statusCode).toBe(200);
  }
  await move(a.id);
  for (const token of writers) {
    const targets = (await performanceOf(a.id, token)).stage_object.targets as { id: number }[];
    for (const x of targets) expect((await saveReview(a.id, x.id, token, FULL)).statusCode).toBe(200);
  }
  await move(a.id);
  return a;
}
