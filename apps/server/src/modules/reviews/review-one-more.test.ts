import { type MatchingPage, matchingPageSchema } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { enrollments, peerMatchings, stages } from '../../db/schema';
import {
  atPeerReview,
  base,
  FULL,
  learnerEnrollment,
  move,
  peer,
  review,
  saveReview,
  t,
  useReviewWorld,
  w,
} from './reviews.test-kit';

useReviewWorld();

const oneMore = (aid: number, token: string | undefined) =>
  call(t, { method: 'POST', url: `${base()}/${aid}/peer-reviews/one-more/`, token });

/** The peer-review stage runs from `hoursAgo` hours ago to `hoursLeft` hours from now; its reviews were given at its start. */
async function peerStageRuns(aid: number, hoursAgo: number, hoursLeft: number) {
  const now = Date.now();
  const startAt = new Date(now - hoursAgo * 3_600_000);
  await t.database.db
    .update(stages)
    .set({ startAt, endAt: new Date(now + hoursLeft * 3_600_000) })
    .where(and(eq(stages.assignmentId, aid), eq(stages.model, 'peerreview')));
  await t.database.db
    .update(peerMatchings)
    .set({ assignedAt: startAt })
    .where(eq(peerMatchings.assignmentId, aid));
}

const pairsOf = (aid: number) =>
  t.database.db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, aid));

async function assistantEnrollment() {
  const [row] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.assistant.id)));
  return row!.id;
}

/** The learner finishes the one review they were given. */
async function learnerFinishes(aid: number) {
  const mine = (await pairsOf(aid)).find(
    (p) => p.reviewerId === learnerEnrollment && p.targetId !== learnerEnrollment,
  );
  expect((await saveReview(aid, mine!.id, w.tokens.learner, FULL)).statusCode).toBe(200);
  return mine!;
}

describe('review one more (allocation that heals itself)', () => {
  it('a finished learner takes over a review nobody opened by half the stage; the pair keeps the rules', async () => {
    const a = await atPeerReview(1);
    await peerStageRuns(a.id, 10, 8); // past half-way
    // Not before their own review is done.
    const early = await oneMore(a.id, w.tokens.learner);
    expect(early.statusCode).toBe(406);
    expect(early.json().code).toBe('one_more_not_finished');

    const mine = await learnerFinishes(a.id);
    const before = await pairsOf(a.id);
    // The matching page marks the two unopened reviews and lists their essays to fill in.
    const page = async () => {
      const res = await call(t, {
        method: 'GET',
        url: `${base()}/${a.id}/matchings/`,
        token: w.tokens.instructor,
      });
      expect(res.statusCode).toBe(200);
      expect(matchingPageSchema.parse(res.json())).toEqual(res.json());
      return res.json() as MatchingPage;
    };
    const first = await page();
    expect(first.stale_from).not.toBeNull();
    expect(first.reviewers.flatMap((r) => r.targets).filter((x) => x.is_stale)).toHaveLength(2);
    expect(first.fill_in.map((e) => [e.completed, e.coming, e.stale, e.missing])).toEqual([
      [0, 0, 1, 1],
      [0, 0, 1, 1],
    ]);
    const res = await oneMore(a.id, w.tokens.learner);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ moved: true });
    const after = await pairsOf(a.id);
    const taken = after.find((p) => p.id === res.json().id)!;
    // A review of someone else's essay that the learner did not review yet, taken from its reviewer.
    expect(taken.reviewerId).toBe(learnerEnrollment);
    expect(taken.targetId).not.toBe(learnerEnrollment);
    expect(taken.targetId).not.toBe(mine.targetId);
    expect(taken.movedFromId).not.toBeNull();
    const gone = before.find((p) => p.reviewerId === taken.movedFromId && p.targetId === taken.targetId);
    expect(gone).toBeDefined();
    expect(after.some((p) => p.id === gone!.id)).toBe(false);
    expect(after.length).toBe(before.length);
    // On the matching page: whose it was, and one essay left to fill in.
    const second = await page();
    const shown = second.reviewers.flatMap((r) => r.targets).find((x) => x.matching_id === taken.id);
    // Given just now: it has its own time to be opened, so it is not stale (nor moves on again).
    expect(shown).toMatchObject({ is_stale: false, is_completed: false });
    expect(shown?.moved_from).toMatch(/동료학생|assistant/);
    expect(second.fill_in).toHaveLength(1);
    expect(second.fill_in[0]?.author).not.toBe(taken.targetId);
    // The learner can open it, write it, and has work in the stage again until they do.
    expect((await review(a.id, taken.id, w.tokens.learner)).statusCode).toBe(200);
    expect((await saveReview(a.id, taken.id, w.tokens.learner, FULL)).statusCode).toBe(200);
    // The reviewer who lost it no longer sees it.
    const loserToken = taken.movedFromId === peer.enrollmentId ? peer.token : w.tokens.assistant;
    expect((await review(a.id, gone!.id, loserToken)).statusCode).toBe(404);
  });

  it('nothing moves before half the stage, nor a review its reviewer opened; no essay short: told so', async () => {
    const a = await atPeerReview(1);
    await peerStageRuns(a.id, 2, 8); // a fifth of the way
    await learnerFinishes(a.id);
    const res = await oneMore(a.id, w.tokens.learner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'one_more_not_needed',
      detail: '지금은 평가가 더 필요한 글이 없습니다. 도와주셔서 고맙습니다!',
    });

    // Past half-way, but both other reviewers opened theirs (opening is what counts).
    await peerStageRuns(a.id, 10, 8);
    const pairs = await pairsOf(a.id);
    for (const [token, enrollment] of [
      [peer.token, peer.enrollmentId],
      [w.tokens.assistant, await assistantEnrollment()],
    ] as const) {
      const theirs = pairs.find((p) => p.reviewerId === enrollment && p.targetId !== enrollment)!;
      expect((await review(a.id, theirs.id, token)).statusCode).toBe(200);
    }
    expect((await oneMore(a.id, w.tokens.learner)).statusCode).toBe(409);
    expect(await pairsOf(a.id)).toHaveLength(pairs.length);
  });

  it('two finished volunteers at once never take the same review', async () => {
    const a = await atPeerReview(1);
    await peerStageRuns(a.id, 10, 8);
    await learnerFinishes(a.id);
    const pairs = await pairsOf(a.id);
    const peers = pairs.find((p) => p.reviewerId === peer.enrollmentId && p.targetId !== peer.enrollmentId)!;
    expect((await saveReview(a.id, peers.id, peer.token, FULL)).statusCode).toBe(200);
    // Only the assistant's review is stale now.
    const answers = await Promise.all([oneMore(a.id, w.tokens.learner), oneMore(a.id, peer.token)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const after = await pairsOf(a.id);
    const keys = after.map((p) => `${p.reviewerId}:${p.targetId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(after.filter((p) => p.movedFromId !== null)).toHaveLength(1);
  });

  it('a stage moved by hand (no dates): reviews move 72 hours after peer review began', async () => {
    const a = await atPeerReview(1);
    await learnerFinishes(a.id);
    // Just begun: nothing is stale yet, and no essay is short.
    expect((await oneMore(a.id, w.tokens.learner)).statusCode).toBe(409);
    // Began 72 hours ago (its reviews were given then).
    await t.database.db
      .update(peerMatchings)
      .set({ assignedAt: new Date(Date.now() - 72 * 3_600_000) })
      .where(eq(peerMatchings.assignmentId, a.id));
    const res = await oneMore(a.id, w.tokens.learner);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ moved: true });
  });

  it('an essay that ends short of reviews: its report says how many were asked beside those received', async () => {
    const a = await atPeerReview(1);
    // Only the learner reviews; the essays the peer and the assistant were to review get none.
    const mine = await learnerFinishes(a.id);
    // Peer review → feedback with revision → complete.
    for (let i = 0; i < 2; i++) {
      const moved = await move(a.id);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const reportOf = async (token: string | undefined) => {
      const id = (await call(t, { method: 'GET', url: `${base()}/${a.id}/`, token })).json()
        .report_id as number;
      return (await call(t, { method: 'GET', url: `${base()}/${a.id}/reports/${id}/`, token })).json();
    };
    const own = await reportOf(w.tokens.learner);
    expect(own.reviews_asked).toBe(1);
    // The learner's essay was reviewed by whoever had it, and they did not review: none received.
    expect(own.peer_review_performance.reviewers).toHaveLength(0);
    expect(own.is_average_essay_writing_score).toBe(true);
    // The essay the learner reviewed got its one review.
    const reviewed =
      mine.targetId === peer.enrollmentId ? await reportOf(peer.token) : await reportOf(w.tokens.assistant);
    expect(reviewed.peer_review_performance.reviewers).toHaveLength(1);
    expect(reviewed.is_average_essay_writing_score).toBe(false);
  });

  it('only a learner of the course may ask', async () => {
    const a = await atPeerReview(1);
    expect((await oneMore(a.id, w.tokens.instructor)).statusCode).toBe(404);
    expect((await oneMore(a.id, undefined)).statusCode).toBe(401);
  });
});
