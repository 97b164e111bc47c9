import { matchingPageSchema } from '@pw/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { enrollments } from '../../db/schema';
import {
  atPeerReview,
  base,
  enrolLateJoiner,
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

useReviewWorld();

describe('late joiners', () => {
  /** A learner who joins during peer review (no essay) and is approved: their peer-review work. */
  async function approvedLateJoiner(aid: number) {
    const { user, token } = await enrolLateJoiner();
    const asked = await call(t, { method: 'POST', url: `${base()}/${aid}/late-participation/`, token });
    expect(asked.json().status).toBe(2);
    const [e] = await t.database.db.select().from(enrollments).where(eq(enrollments.userId, user.id));
    const approved = await call(t, {
      method: 'PATCH',
      url: `${base()}/${aid}/participations/${e!.id}/approve/`,
      token: w.tokens.instructor,
    });
    expect(approved.statusCode).toBe(200);
    const work = await performanceOf(aid, token);
    expect(work.model).toBe('peerreview');
    const targets = work.stage_object.targets as { is_self_review: boolean }[];
    return { enrollmentId: e!.id, peers: targets.filter((x) => !x.is_self_review).length };
  }

  it('a late joiner without an essay reviews nothing, and the matching page says why', async () => {
    const a = await atPeerReview(2);
    const joiner = await approvedLateJoiner(a.id);
    expect(joiner.peers).toBe(0);
    const page = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/matchings/`,
      token: w.tokens.instructor,
    });
    const row = (page.json().reviewers as { id: number; left_out: string | null }[]).find(
      (r) => r.id === joiner.enrollmentId,
    );
    expect(row?.left_out).toBe('no_essay');
  });

  it('when non-writers review, a late joiner gets essays to review from the engine', async () => {
    // Two reviewers per essay: the class's usual load is two reviews, so the late joiner gets work.
    const a = await atPeerReview(2, { nonWritersReview: true });
    expect((await approvedLateJoiner(a.id)).peers).toBeGreaterThanOrEqual(1);
  });
});

describe('the matching page', () => {
  it('shows real names to managers only and validates a reset, keeping reviews whose pair survives', async () => {
    const a = await atPeerReview();
    const page = await call(t, {
      method: 'GET',
      url: `${base()}/${a.id}/matchings/`,
      token: w.tokens.instructor,
    });
    expect(page.statusCode).toBe(200);
    // Sent without the schema: exactly the contract's shape, labelled JSON.
    expect(matchingPageSchema.parse(page.json())).toEqual(page.json());
    expect(page.headers['content-type']).toBe('application/json; charset=utf-8');
    const reviewers = page.json().reviewers as {
      id: number;
      name: string;
      targets: { matching_id: number; target: number }[];
    }[];
    expect(reviewers.map((r) => r.name)).toEqual(expect.arrayContaining(['assistant', 'learner', peer.name]));
    expect(
      (await call(t, { method: 'GET', url: `${base()}/${a.id}/matchings/`, token: w.tokens.learner }))
        .statusCode,
    ).toBe(403);

    const mine = reviewers.find((r) => r.id === learnerEnrollment)!;
    const kept = mine.targets[0]!;
    const [done] = (await performanceOf(a.id, w.tokens.learner)).stage_object.targets as { id: number }[];
    await saveReview(a.id, done!.id, w.tokens.learner, FULL);

    const reset = (matchings: unknown) =>
      call(t, {
        method: 'POST',
        url: `${base()}/${a.id}/matchings-reset/`,
        token: w.tokens.instructor,
        payload: { matchings } as Record<string, unknown>,
      });
    const self = await reset([{ reviewer: learnerEnrollment, target: learnerEnrollment }]);
    expect(self.statusCode).toBe(400);
    expect(Object.values(self.json().fields).flat()).toContain('자기 글을 동료평가로 배정할 수 없습니다.');
    const uncovered = await reset([{ reviewer: learnerEnrollment, target: kept.target }]);
    expect(uncovered.statusCode).toBe(400);
    expect(Object.values(uncovered.json().fields).flat()).toContain(
      '평가받는 모든 사람에게 평가자를 배정해야 합니다.',
    );
    const unknown = await reset([{ reviewer: 999_999, target: kept.target }]);
    expect(unknown.statusCode).toBe(400);

    // Every essay writer reviews every other: the learner's finished review survives.
    const ids = reviewers.filter((r) => (r as unknown as { has_essay: boolean }).has_essay).map((r) => r.id);
    const all = ids.flatMap((r) => ids.filter((x) => x !== r).map((x) => ({ reviewer: r, target: x })));
    const ok = await reset(all);
    expect(ok.statusCode).toBe(200);
    const after = (ok.json().reviewers as typeof reviewers).find((r) => r.id === learnerEnrollment)!;
    expect(after.targets).toHaveLength(2);
    expect(after.targets.find((x) => x.target === kept.target)).toMatchObject({
      matching_id: kept.matching_id,
      is_completed: true,
    });

    // Back to the automatic matching: the engine's pairs again, one reviewer per essay.
    const automatic = await reset(undefined as never);
    expect(automatic.statusCode).toBe(400);
    const auto = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/matchings-reset/`,
      token: w.tokens.instructor,
      payload: { automatic: true },
    });
    expect(auto.statusCode).toBe(200);
    const counts = new Map<number, number>();
    for (const r of auto.json().reviewers as { targets: { target: number }[] }[])
      for (const x of r.targets) counts.set(x.target, (counts.get(x.target) ?? 0) + 1);
    expect([...counts.values()].every((n) => n >= 1)).toBe(true);

    await move(a.id);
    expect((await reset(all)).statusCode).toBe(406);
  });
});
