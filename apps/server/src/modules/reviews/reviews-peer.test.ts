import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { reviewAudit } from '../../db/schema';
import {
  atPeerReview,
  base,
  expectAnonymous,
  FULL,
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

describe('peer review', () => {
  it('lists the reviews to do (peers first, self last), gates the self-review, completes, and stays anonymous', async () => {
    const a = await atPeerReview();
    const work = await performanceOf(a.id, w.tokens.learner);
    expect(work.model).toBe('peerreview');
    const targets = work.stage_object.targets as { id: number; is_self_review: boolean; label: number }[];
    expect(targets.map((x) => [x.is_self_review, x.label])).toEqual([
      [false, 1],
      [true, 0],
    ]);
    const other = targets[0]!;
    const self = targets[1]!;

    // The self-review waits for the peer reviews.
    const locked = await review(a.id, self.id, w.tokens.learner);
    expect(locked.statusCode).toBe(406);
    expect(locked.json()).toMatchObject({
      code: 'self_review_locked',
      detail: '동료의 글을 모두 평가한 뒤에 자기 평가를 할 수 있습니다.',
    });

    const opened = await review(a.id, other.id, w.tokens.learner);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      is_completed: false,
      is_self_review: false,
      editable: true,
      label: 1,
      target_essay: { plain_text: '에세이 본문\n', editor_type: 'Q' },
    });
    expect(
      opened.json().responses.map((r: { standard: { max_point: number } }) => r.standard.max_point),
    ).toEqual([6, 4]);
    const people = [
      { name: peer.name, email: peer.email, enrollmentId: peer.enrollmentId },
      { name: 'assistant', email: w.users.assistant.email, enrollmentId: 0 },
    ];
    expectAnonymous(work, people);
    expectAnonymous(opened.json(), people);

    // Rules: every standard, points within the scale, comments required.
    expect((await saveReview(a.id, other.id, w.tokens.learner, [FULL[0]])).statusCode).toBe(400);
    const over = await saveReview(a.id, other.id, w.tokens.learner, [FULL[0], { ...FULL[1], point: 5 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().fields['responses.1.point']).toEqual(['0에서 4 사이의 점수를 고르세요.']);
    const blank = await saveReview(a.id, other.id, w.tokens.learner, [
      FULL[0],
      { ...FULL[1], comment: '  ' },
    ]);
    expect(blank.statusCode).toBe(400);

    const saved = await saveReview(a.id, other.id, w.tokens.learner, FULL);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      is_completed: true,
      not_completed_list: [{ id: self.id, is_self_review: true }],
    });
    expectAnonymous(saved.json(), people);

    const selfOpen = await review(a.id, self.id, w.tokens.learner);
    expect(selfOpen.statusCode).toBe(200);
    const selfSaved = await saveReview(a.id, self.id, w.tokens.learner, FULL);
    expect(selfSaved.json().not_completed_list).toEqual([]);
    expect((await performanceOf(a.id, w.tokens.learner)).is_completed).toBe(true);
  });

  it('a review is its reviewer\u2019s only: others 404, anonymous 401; managers use the instructor view', async () => {
    const a = await atPeerReview();
    const [other] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const mid = other!.id;
    expect((await review(a.id, mid, peer.token)).statusCode).toBe(404);
    expect((await review(a.id, mid, w.tokens.instructor)).statusCode).toBe(404);
    expect((await review(a.id, mid, w.tokens.outsider)).statusCode).toBe(404);
    expect((await review(a.id, mid, undefined)).statusCode).toBe(401);
    expect((await review(a.id, mid, w.tokens.withdrawn)).statusCode).toBe(403);
    expect((await saveReview(a.id, mid, peer.token, FULL)).statusCode).toBe(404);
    const view = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/performances/peerreview-matching/${mid}/instructor/`,
      token: w.tokens.instructor,
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().reviewer_name).toBe('learner');
    const denied = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/performances/peerreview-matching/${mid}/instructor/`,
      token: w.tokens.learner,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('the instructor adjusts points with a reason; an unchanged point is stored as null; every change is audited', async () => {
    const a = await atPeerReview();
    const [other] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    await saveReview(a.id, other!.id, w.tokens.learner, FULL);
    const url = `${base()}/${a.id}/performances/peerreview-matching/${other!.id}/instructor/`;
    const noReason = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.instructor,
      payload: { responses: [{ id: 0, edited_point: 2 }], instructor_comment: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const adjusted = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.instructor,
      payload: {
        responses: [
          { id: 0, edited_point: 2 },
          { id: 1, edited_point: 3 },
        ],
        instructor_comment: '근거 없는 높은 점수',
      },
    });
    expect(adjusted.statusCode).toBe(200);
    expect(
      adjusted
        .json()
        .responses.map((r: { point: number; edited_point: number | null }) => [r.point, r.edited_point]),
    ).toEqual([
      [5, 2],
      [3, null],
    ]);
    const audit = await t.database.db.select().from(reviewAudit).where(eq(reviewAudit.matchingId, other!.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ kind: 'adjustment', reason: '근거 없는 높은 점수' });
  });

  it('reviews close with the peer-review step', async () => {
    const a = await atPeerReview();
    const [other] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    await move(a.id);
    const late = await saveReview(a.id, other!.id, w.tokens.learner, FULL);
    expect(late.statusCode).toBe(406);
    expect(late.json().code).toBe('review_not_open');
  });
});
