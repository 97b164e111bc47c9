import { type MatchingPage, matchingPageSchema, PARTICIPATION_STATUS } from '@pw/contract';
import { scoreAssignment } from '@pw/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { enrollments, participations, peerMatchings } from '../../db/schema';
import { scoringInput } from '../reports/compute-reports';
import {
  base,
  delta,
  expectAnonymous,
  FULL,
  learnerEnrollment,
  move,
  peer,
  performanceOf,
  review,
  saveReview,
  t,
  useReviewWorld,
  w,
} from './reviews.test-kit';

useReviewWorld();

let seq = 0;

/**
 * An assignment at peer review asking two reviews per essay where only the learner and the peer
 * wrote (each can be reviewed by one classmate only: both essays are in the fill-in queue, one
 * review short). The assistant runs it: they do not take part (their participation set to none).
 */
async function shortOfReviews(calibration: unknown[] = []) {
  seq += 1;
  const created = await call(t, {
    method: 'POST',
    url: `${base()}/`,
    token: w.tokens.instructor,
    ...multipart({
      name: `채우기 ${seq}`,
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify([
        { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: 2,
            non_writers_review: false,
            max_review_score: 10,
            max_metacognition_score: 10,
            standards: [
              { question: '논지가 분명한가?', max_point: 6 },
              { question: '근거가 충분한가?', max_point: 4 },
            ],
            calibration,
          },
        },
        { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
        { model: 'revisement', stage_object: { max_revisement_score: 10 } },
      ]),
    }),
  });
  expect(created.statusCode).toBe(201);
  const a = created.json() as { id: number };
  const assistant = await assistantEnrollment();
  await t.database.db
    .update(participations)
    .set({ status: PARTICIPATION_STATUS.none })
    .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, assistant)));
  for (const token of [w.tokens.learner, peer.token]) {
    const mine = (await call(t, { method: 'GET', url: `${base()}/${a.id}/`, token })).json();
    const res = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/${mine.performance_id}/`,
      token,
      payload: { stage_object: { content: delta('에세이 본문') } },
    });
    expect(res.statusCode).toBe(200);
  }
  expect((await move(a.id)).statusCode).toBe(200);
  return a;
}

async function assistantEnrollment() {
  const [row] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.assistant.id)));
  return row!.id;
}

const fillIn = (aid: number, token: string | undefined, author: unknown, courseId = w.course.id) =>
  call(t, {
    method: 'POST',
    url: `/api/v1/courses/${courseId}/assignments/${aid}/fill-in/`,
    token,
    payload: { author } as Record<string, unknown>,
  });

async function page(aid: number, token = w.tokens.instructor): Promise<MatchingPage> {
  const res = await call(t, { method: 'GET', url: `${base()}/${aid}/matchings/`, token });
  expect(res.statusCode).toBe(200);
  expect(matchingPageSchema.parse(res.json())).toEqual(res.json());
  return res.json() as MatchingPage;
}

const pairsOf = (aid: number) =>
  t.database.db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, aid));

describe('staff fill-in (issue 33, item 2)', () => {
  it('the instructor reviews a queued essay with a seat made for it; the essay leaves the queue', async () => {
    const a = await shortOfReviews();
    const before = await page(a.id);
    expect(before.fill_in.map((e) => [e.author, e.missing]).sort()).toEqual(
      [
        [learnerEnrollment, 1],
        [peer.enrollmentId, 1],
      ].sort(),
    );
    const res = await fillIn(a.id, w.tokens.instructor, learnerEnrollment);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    // The instructor's seat: an enrolment never listed as a learner, taking part in nothing.
    const [seat] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.instructor.id)));
    expect(seat?.isInstructorSeat).toBe(true);
    // The seat makes her no learner of the course (it writes fill-in reviews, nothing else).
    const role = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/role/`,
      token: w.tokens.instructor,
    });
    expect(role.json()).toMatchObject({ is_instructor: true, is_learner: false });
    // Out of the course's learner list and count.
    const learners = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/learners/`,
      token: w.tokens.instructor,
    });
    expect(learners.json().map((r: { id: number }) => r.id)).not.toContain(seat!.id);
    const count = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/learners-count/`,
      token: w.tokens.instructor,
    });
    expect(count.json()).toEqual({ count: 3 }); // the assistant, the learner and the peer
    const pair = (await pairsOf(a.id)).find((p) => p.id === id)!;
    expect(pair).toMatchObject({ reviewerId: seat!.id, targetId: learnerEnrollment, isStaffFillIn: true });
    expect(pair.openedAt).not.toBeNull();
    const after = await page(a.id);
    expect(after.fill_in.map((e) => e.author)).toEqual([peer.enrollmentId]);
    expect(after.staff_reviews).toEqual([
      {
        matching_id: id,
        reviewer_name: 'instructor',
        target: learnerEnrollment,
        name: 'learner',
        is_completed: false,
        is_mine: true,
      },
    ]);
    // The assistant sees it too, as not theirs.
    expect((await page(a.id, w.tokens.assistant)).staff_reviews[0]?.is_mine).toBe(false);
    // Not a reviewer of the matching: no row, no target in anyone's row.
    expect(after.reviewers.map((r) => r.id)).not.toContain(seat!.id);
    expect(after.reviewers.flatMap((r) => r.targets).map((x) => x.matching_id)).not.toContain(id);
    // The review page as a learner's: the essay without its author's name.
    const read = await review(a.id, id, w.tokens.instructor);
    expect(read.statusCode).toBe(200);
    expect(read.json().target_essay.plain_text).toContain('에세이 본문');
    expectAnonymous(read.json(), [{ name: 'learner', email: w.users.learner.email, enrollmentId: 0 }]);
    const saved = await saveReview(a.id, id, w.tokens.instructor, FULL);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await page(a.id)).staff_reviews[0]?.is_completed).toBe(true);
    // Nobody else reads or writes it: the author, the assistant.
    expect((await review(a.id, id, w.tokens.learner)).statusCode).toBe(404);
    expect((await review(a.id, id, w.tokens.assistant)).statusCode).toBe(404);
    expect((await saveReview(a.id, id, w.tokens.assistant, FULL)).statusCode).toBe(404);
    // Gone from the queue: again, or anyone else → 409 with the translated message.
    const again = await fillIn(a.id, w.tokens.instructor, learnerEnrollment);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'fill_in_not_needed',
      detail:
        '이 글은 더 이상 평가가 필요하지 않거나 이미 평가하고 있습니다. 매칭 페이지를 새로 고쳐 주세요.',
    });
    expect((await fillIn(a.id, w.tokens.assistant, learnerEnrollment)).statusCode).toBe(409);
    // A matching save keeps the staff review (it is not among the reviewers it replaces).
    const matchings = after.reviewers.flatMap((r) =>
      r.targets.map((x) => ({ reviewer: r.id, target: x.target })),
    );
    const reset = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/matchings-reset/`,
      token: w.tokens.instructor,
      payload: { matchings },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await pairsOf(a.id)).some((p) => p.id === id)).toBe(true);
  });

  it('an assistant fills in with their own enrolment; their review is an anchor and they are no learner in the scores', async () => {
    const a = await shortOfReviews();
    const assistant = await assistantEnrollment();
    const res = await fillIn(a.id, w.tokens.assistant, peer.enrollmentId);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    expect((await pairsOf(a.id)).find((p) => p.id === id)).toMatchObject({
      reviewerId: assistant,
      targetId: peer.enrollmentId,
      isStaffFillIn: true,
    });
    expect((await review(a.id, id, w.tokens.assistant)).statusCode).toBe(200);
    expect((await saveReview(a.id, id, w.tokens.assistant, FULL)).statusCode).toBe(200);
    // The learners write theirs; the assistant is still no participant.
    for (const [token, enrollment] of [
      [w.tokens.learner, learnerEnrollment],
      [peer.token, peer.enrollmentId],
    ] as const) {
      const mine = (await pairsOf(a.id)).find(
        (p) => p.reviewerId === enrollment && p.targetId !== enrollment,
      )!;
      expect((await saveReview(a.id, mine.id, token, FULL)).statusCode).toBe(200);
    }
    const input = await scoringInput(t.database.db, a.id);
    expect(input.anchorReviewerIds).toEqual([String(assistant)]);
    expect(input.learners.map((l) => l.id).sort()).toEqual(
      [String(learnerEnrollment), String(peer.enrollmentId)].sort(),
    );
    expect(input.reviews.some((r) => r.reviewerId === String(assistant) && r.isCompleted)).toBe(true);
    const result = scoreAssignment(input);
    expect(result.memberCount).toBe(2);
    expect(result.learners.map((l) => l.learnerId)).not.toContain(String(assistant));
    expect(result.lowestEvaluatorIds).not.toContain(String(assistant));

    // At the feedback step the author sees the assistant's review as "Reviewer n", never named.
    expect((await move(a.id)).statusCode).toBe(200);
    const work = await performanceOf(a.id, peer.token);
    const received = work.stage_object.targets as { id: number; matching: { reviewer_name: string } }[];
    expect(received).toHaveLength(2);
    expect(received.map((x) => x.matching.reviewer_name).sort()).toEqual(['평가자 1', '평가자 2']);
    expectAnonymous(work, [
      { name: 'assistant', email: w.users.assistant.email, enrollmentId: assistant },
      { name: 'learner', email: w.users.learner.email, enrollmentId: learnerEnrollment },
    ]);
    // Peer review is over: no more filling in, and the seat's review is read-only.
    expect((await fillIn(a.id, w.tokens.assistant, learnerEnrollment)).statusCode).toBe(406);
    expect((await saveReview(a.id, id, w.tokens.assistant, FULL)).statusCode).toBe(406);
  });

  it('with calibration examples set, staff save their fill-in review and its passage comments without calibrating', async () => {
    const a = await shortOfReviews([
      { title: '예시', text: '교수자가 쓴 예시 글입니다.', points: [4, 2], explanations: ['분명함', '보통'] },
    ]);
    const res = await fillIn(a.id, w.tokens.instructor, learnerEnrollment);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const saved = await saveReview(a.id, id, w.tokens.instructor, FULL);
    expect(saved.statusCode, saved.body).toBe(200);
    const anchors = await call(t, {
      method: 'PUT',
      url: `${base()}/${a.id}/performances/peerreview-matching/${id}/anchors/`,
      token: w.tokens.instructor,
      payload: { anchors: [{ index: 4, length: 2, quote: '본문', comment: '이 부분을 더 풀어 주세요.' }] },
    });
    expect(anchors.statusCode, anchors.body).toBe(200);
    expect(anchors.json().anchors).toHaveLength(1);
    // A learner of the same assignment still calibrates first.
    const learnerPair = (await pairsOf(a.id)).find((p) => p.reviewerId === peer.enrollmentId);
    expect(learnerPair).toBeDefined();
    const refused = await saveReview(a.id, learnerPair?.id ?? 0, peer.token, FULL);
    expect(refused.statusCode).toBe(406);
    expect(refused.json().code).toBe('calibration_first');
  });

  it('only the course’s instructor and assistants running it: learners 403, others 404; bad input 400', async () => {
    const a = await shortOfReviews();
    const learner = await fillIn(a.id, w.tokens.learner, peer.enrollmentId);
    expect(learner.statusCode).toBe(403);
    expect((await fillIn(a.id, w.tokens.staff, peer.enrollmentId)).statusCode).toBe(404);
    expect((await fillIn(a.id, w.tokens.outsider, peer.enrollmentId)).statusCode).toBe(404);
    expect((await fillIn(a.id, undefined, peer.enrollmentId)).statusCode).toBe(401);
    // Another course's staff through their own course's path: the assignment is not there.
    expect((await fillIn(a.id, w.tokens.staff, peer.enrollmentId, w.otherCourse.id)).statusCode).toBe(404);
    const bad = await fillIn(a.id, w.tokens.instructor, 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields?.author).toBeDefined();
    expect((await fillIn(a.id, w.tokens.instructor, -3)).statusCode).toBe(400);
    // An author not in the queue (no essay there): 409, nothing made.
    expect((await fillIn(a.id, w.tokens.instructor, 999_999)).statusCode).toBe(409);
    expect((await pairsOf(a.id)).some((p) => p.isStaffFillIn)).toBe(false);
  });

  it('two staff members at once on an essay one review short: one review, no pair twice', async () => {
    const a = await shortOfReviews();
    const answers = await Promise.all([
      fillIn(a.id, w.tokens.instructor, learnerEnrollment),
      fillIn(a.id, w.tokens.assistant, learnerEnrollment),
      fillIn(a.id, w.tokens.assistant, learnerEnrollment),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    // The instructor's seat (made by the first test) took no part in this later assignment.
    const [seat] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.instructor.id)));
    const seatTakesPart = await t.database.db
      .select()
      .from(participations)
      .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, seat!.id)));
    expect(seatTakesPart).toEqual([]);
    const pairs = await pairsOf(a.id);
    expect(pairs.filter((p) => p.targetId === learnerEnrollment && p.isStaffFillIn)).toHaveLength(1);
    const keys = pairs.map((p) => `${p.reviewerId}:${p.targetId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
