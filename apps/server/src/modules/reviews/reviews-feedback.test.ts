import { managementTableSchema } from '@pw/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { reviewAudit } from '../../db/schema';
import {
  atFeedback,
  base,
  enrolLateJoiner,
  expectAnonymous,
  learnerEnrollment,
  move,
  peer,
  performanceOf,
  t,
  useReviewWorld,
  w,
} from './reviews.test-kit';

useReviewWorld();
// These tests once ran after the late joiners test, and count on its state: a learner enrolled
// after the earlier assignments, who takes part in every later one without writing (the
// management table's four peer reviews owed, three done).
beforeAll(async () => {
  await enrolLateJoiner();
});

describe('feedback review and objections', () => {
  it('the author rates each review received (labelled, never named); the last rating names the revision', async () => {
    const a = await atFeedback();
    const work = await performanceOf(a.id, w.tokens.learner);
    expect(work.model).toBe('feedbackreview');
    const received = work.stage_object.targets as {
      id: number;
      matching: { reviewer_name: string };
      rating: unknown;
    }[];
    expect(received).toHaveLength(1);
    expect(received[0]!.matching.reviewer_name).toBe('평가자 1');
    expectAnonymous(work, [
      { name: peer.name, email: peer.email, enrollmentId: peer.enrollmentId },
      { name: 'assistant', email: w.users.assistant.email, enrollmentId: 0 },
    ]);
    const url = `${base()}/${a.id}/performances/feedbackreview-matching/${received[0]!.id}/`;
    const over = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { point: 6, comment: '좋아요' },
    });
    expect(over.statusCode).toBe(400);
    const zero = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { point: 0, comment: '좋아요' },
    });
    expect(zero.statusCode).toBe(400);
    expect(
      (await call(t, { method: 'PATCH', url, token: peer.token, payload: { point: 3, comment: 'x' } }))
        .statusCode,
    ).toBe(404);
    const rated = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { point: 4, comment: '도움이 됐어요' },
    });
    expect(rated.statusCode).toBe(200);
    const revision = (await call(t, { method: 'GET', url: `${base()}/${a.id}/`, token: w.tokens.learner }))
      .json()
      .progresses.find((p: { model: string }) => p.model === 'revisement').performance_id;
    expect(rated.json()).toEqual({
      id: received[0]!.id,
      point: 4,
      comment: '도움이 됐어요',
      revisement: revision,
    });
    expect((await performanceOf(a.id, w.tokens.learner)).stage_object.targets[0].rating).toEqual({
      point: 4,
      comment: '도움이 됐어요',
    });
  });

  it('the management table counts each learner\u2019s reviews owed and done and the ratings of the reviews received', async () => {
    const a = await atFeedback();
    type Cell = {
      short: string;
      finished: number;
      total: number;
      is_completed: boolean;
      performance_id: number | null;
    };
    type Table = {
      headers: { short: string; performances: number; finished_performances: number }[];
      rows: Cell[][];
      names: { pk: number }[];
    };
    const table = async () =>
      (
        await call(t, { method: 'GET', url: `${base()}/${a.id}/management/`, token: w.tokens.instructor })
      ).json() as Table;
    const cellsOf = (x: Table, enrollmentId: number) =>
      x.rows[x.names.findIndex((n) => n.pk === enrollmentId)]!;
    const before = await table();
    // Sent without its schema on the way out: it is exactly the contract's shape, no key more.
    expect(managementTableSchema.parse(before)).toEqual(before);
    const mine = cellsOf(before, learnerEnrollment);
    // Essay written (with its work linked); one peer and the self-review done; one review received, not rated.
    expect(mine.map((c) => c.short)).toEqual(['ES', 'PE', 'FE']);
    expect(mine[0]).toMatchObject({ finished: 1, total: 1, is_completed: true });
    expect(mine[0]!.performance_id).toEqual(expect.any(Number));
    expect(mine[1]).toMatchObject({ finished: 2, total: 2, is_completed: true });
    expect(mine[2]).toMatchObject({ finished: 0, total: 1, is_completed: false });
    expect(before.headers[1]).toMatchObject({ short: 'PE', performances: 4, finished_performances: 3 });
    expect(before.headers[2]).toMatchObject({ short: 'FE', performances: 4, finished_performances: 0 });

    const received = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const rated = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/feedbackreview-matching/${received[0]!.id}/`,
      token: w.tokens.learner,
      payload: { point: 4, comment: '도움이 됐어요' },
    });
    expect(rated.statusCode).toBe(200);
    const after = await table();
    expect(cellsOf(after, learnerEnrollment)[2]).toMatchObject({ finished: 1, total: 1, is_completed: true });
    expect(cellsOf(after, peer.enrollmentId)[2]).toMatchObject({
      finished: 0,
      total: 1,
      is_completed: false,
    });
    expect(after.headers[2]).toMatchObject({ short: 'FE', performances: 4, finished_performances: 1 });
  });

  it('objection lifecycle: one per review, by its author, edited and withdrawn while pending, ruled with a reason and audited', async () => {
    const a = await atFeedback();
    const [received] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const create = (token: string | undefined, matching = received!.id) =>
      call(t, {
        method: 'POST',
        url: `${base()}/${a.id}/objections/`,
        token,
        payload: { matching, comment: '점수가 너무 낮습니다' },
      });
    expect((await create(peer.token)).statusCode).toBe(404);
    const made = await create(w.tokens.learner);
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'pending', ruling_reason: null });
    // The instructor is told, and the text names neither side.
    const filed = async (token: string | undefined) =>
      (await call(t, { method: 'GET', url: '/api/v1/notifications/?page_size=100', token }))
        .json()
        .results.filter(
          (n: { kind: string; link: string }) =>
            n.kind === 'objection_filed' && n.link.endsWith(`/assignments/${a.id}`),
        );
    const [toInstructor] = await filed(w.tokens.instructor);
    expect(toInstructor.link).toBe(`/courses/${w.course.id}/instructor/assignments/${a.id}`);
    // The world's assistant takes part in this assignment (as every active member of the course
    // does from its start), so she has a learner's rights in it and is not told; an assistant who
    // runs an assignment is (notifications.test.ts: the same staff news).
    expect(await filed(w.tokens.assistant)).toHaveLength(0);
    expect(await filed(w.tokens.learner)).toHaveLength(0);
    for (const person of [w.users.learner, w.users.assistant, w.users.instructor])
      expect(`${toInstructor.title} ${toInstructor.body}`).not.toContain(person.name);
    expect((await create(w.tokens.learner)).statusCode).toBe(406);
    const oid = made.json().id;
    const url = `${base()}/${a.id}/objections/${oid}/`;
    expect((await call(t, { method: 'GET', url, token: peer.token })).statusCode).toBe(404);
    expect((await call(t, { method: 'GET', url, token: w.tokens.instructor })).statusCode).toBe(200);
    const edited = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      payload: { comment: '두 번째 기준을 다시 봐 주세요' },
    });
    expect(edited.json().comment).toBe('두 번째 기준을 다시 봐 주세요');
    const table = (
      await call(t, { method: 'GET', url: `${base()}/${a.id}/management/`, token: w.tokens.instructor })
    ).json();
    expect(table.names.length).toBeGreaterThan(0);

    const ruling = `${url}ruling/`;
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: ruling,
          token: w.tokens.learner,
          payload: { accepted: false, reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: ruling,
          token: w.tokens.instructor,
          payload: { accepted: true, reason: '' },
        })
      ).statusCode,
    ).toBe(400);
    const ruled = await call(t, {
      method: 'PATCH',
      url: ruling,
      token: w.tokens.instructor,
      payload: {
        accepted: true,
        reason: '기준 2의 점수를 올립니다',
        responses: [
          { id: 0, edited_point: null },
          { id: 1, edited_point: 4 },
        ],
      },
    });
    expect(ruled.json()).toMatchObject({ status: 'accepted', ruling_reason: '기준 2의 점수를 올립니다' });
    // Its author is told it was answered; the reviewer is not.
    const answered = async (token: string | undefined) =>
      (await call(t, { method: 'GET', url: '/api/v1/notifications/?page_size=100', token }))
        .json()
        .results.filter(
          (n: { kind: string; link: string }) =>
            n.kind === 'objection_answered' && n.link.includes(`/assignments/${a.id}/`),
        );
    expect(await answered(w.tokens.learner)).toHaveLength(1);
    expect(await answered(peer.token)).toHaveLength(0);
    // The learner sees the ruling on the review; a ruled objection is final.
    const seen = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets[0].matching.objection;
    expect(seen).toMatchObject({ status: 'accepted', ruling_reason: '기준 2의 점수를 올립니다' });
    expect(
      (await call(t, { method: 'PATCH', url, token: w.tokens.learner, payload: { comment: '또' } }))
        .statusCode,
    ).toBe(406);
    expect((await call(t, { method: 'DELETE', url, token: w.tokens.learner })).statusCode).toBe(406);
    const audit = await t.database.db
      .select()
      .from(reviewAudit)
      .where(eq(reviewAudit.matchingId, received!.id));
    expect(audit.map((x) => x.kind)).toEqual(['adjustment', 'objection_ruling']);
  });

  it('a pending objection can be withdrawn; none can be filed after the feedback step', async () => {
    const a = await atFeedback();
    const [received] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    const made = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/objections/`,
      token: w.tokens.learner,
      payload: { matching: received!.id, comment: '이의' },
    });
    const url = `${base()}/${a.id}/objections/${made.json().id}/`;
    expect((await call(t, { method: 'DELETE', url, token: w.tokens.learner })).statusCode).toBe(204);
    expect((await call(t, { method: 'GET', url, token: w.tokens.learner })).statusCode).toBe(404);
    await move(a.id);
    const closed = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/objections/`,
      token: w.tokens.learner,
      payload: { matching: received!.id, comment: '늦은 이의' },
    });
    expect(closed.statusCode).toBe(406);
    expect(closed.json().code).toBe('objection_not_open');
  });
});
