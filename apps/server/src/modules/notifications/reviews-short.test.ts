import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { peerMatchings } from '../../db/schema';
import {
  base,
  delta,
  move,
  newAssignment,
  peer,
  save,
  t,
  useWorkWorld,
  w,
  workOf,
} from '../performances/performances.test-kit';

// A learner whose essay ends peer review with fewer reviews than asked is told so (issue 33,
// item 2): at the move out of peer review, once per learner and assignment.

useWorkWorld();

const shortOf = async (token: string, aid: number) =>
  (await call(t, { method: 'GET', url: '/api/v1/notifications/', token }))
    .json()
    .results.filter(
      (n: { kind: string; link: string }) =>
        n.kind === 'reviews_short' && n.link.includes(`/assignments/${aid}/`),
    ) as { title: string; body: string }[];

describe('fewer peer reviews than asked', () => {
  it('tells the learner whose essay was not reviewed, at the move out of peer review, once', async () => {
    const a = await newAssignment({ maxLength: 100 }); // one reviewer per essay
    await move(a.id); // essay
    for (const token of [w.tokens.learner, peer.token]) {
      const pid = await workOf(a.id, token, 'essaywriting');
      expect(
        (await save(a.id, pid, token, { stage_object: { content: delta('제때 쓴 글') } })).statusCode,
      ).toBe(200);
    }
    expect((await move(a.id)).statusCode).toBe(200); // peer review
    // The learner reviews the peer's essay; the peer reviews nobody.
    const pairs = await t.database.db
      .select()
      .from(peerMatchings)
      .where(eq(peerMatchings.assignmentId, a.id));
    const theirs = pairs.find((p) => p.targetId === peer.enrollmentId && p.reviewerId !== p.targetId);
    expect(theirs).toBeDefined();
    const reviewed = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/peerreview-matching/${theirs!.id}/`,
      token: w.tokens.learner,
      payload: { responses: [{ id: 0, point: 5, comment: '좋은 글입니다. 근거가 분명합니다.' }] },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    // While peer review runs nobody is told.
    expect(await shortOf(w.tokens.learner as string, a.id)).toEqual([]);
    expect((await move(a.id)).statusCode).toBe(200); // feedback: peer review is over
    const told = await shortOf(w.tokens.learner as string, a.id);
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toContain('1개 중 0개');
    expect(told[0]?.body).toContain('반 평균');
    // The peer got what was asked: not told.
    expect(await shortOf(peer.token, a.id)).toEqual([]);
    // Later moves tell no one again.
    await move(a.id);
    await move(a.id);
    expect(await shortOf(w.tokens.learner as string, a.id)).toHaveLength(1);
  });
});
