import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { participations, performances } from '../../db/schema';
import {
  assignmentAs,
  base,
  delta,
  get,
  move,
  newAssignment,
  peer,
  save,
  t,
  useWorkWorld,
  w,
  workOf,
} from './performances.test-kit';

// Where a learner's work is found, and who may read and write it.

useWorkWorld();

describe('discoverable work', () => {
  it('performances open with their stage and the assignment points the learner to them', async () => {
    const a = await newAssignment();
    const before = await assignmentAs(a.id, w.tokens.learner);
    expect(before.performance_id).toBeNull();
    expect(before.progresses.every((p: { performance_id: unknown }) => p.performance_id === null)).toBe(true);
    await move(a.id);
    const during = await assignmentAs(a.id, w.tokens.learner);
    const essay = during.progresses.find((p: { model: string }) => p.model === 'essaywriting');
    const question = during.progresses.find((p: { model: string }) => p.model === 'questionwriting');
    const review = during.progresses.find((p: { model: string }) => p.model === 'peerreview');
    expect(during.performance_id).toBe(essay.performance_id);
    expect(essay.performance_id).toEqual(expect.any(Number));
    expect(question.performance_id).toEqual(expect.any(Number));
    expect(review.performance_id).toBeNull();
    expect(during.report_id).toBeNull();
    // Managers get no performance ids of their own.
    const managed = await assignmentAs(a.id, w.tokens.instructor);
    expect(managed.performance_id).toBeUndefined();
  });

  it('a late joiner gets the work of every started step when approved', async () => {
    const a = await newAssignment();
    await t.database.db.delete(participations).where(and(eq(participations.enrollmentId, peer.enrollmentId)));
    await move(a.id);
    await t.database.db
      .delete(participations)
      .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, peer.enrollmentId)));
    await t.database.db.delete(performances).where(eq(performances.enrollmentId, peer.enrollmentId));
    const asked = await call(t, {
      method: 'POST',
      url: `${base()}/${a.id}/late-participation/`,
      token: peer.token,
    });
    expect(asked.json().status).toBe(2);
    expect(await workOf(a.id, peer.token, 'essaywriting')).toBeNull();
    const approved = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/participations/${peer.enrollmentId}/approve/`,
      token: w.tokens.instructor,
    });
    expect(approved.statusCode).toBe(200);
    expect(await workOf(a.id, peer.token, 'essaywriting')).toEqual(expect.any(Number));
    expect(await workOf(a.id, peer.token, 'questionwriting')).toEqual(expect.any(Number));
  });
});

describe('who may read and write', () => {
  it('the owner and the instructor read (an assistant taking part does not); everyone else gets 404 (or 401, 403 withdrawn)', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    const mine = await get(a.id, pid, w.tokens.learner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      id: pid,
      is_mine: true,
      editable: true,
      stage: 'ES',
      model: 'essaywriting',
    });
    expect(mine.json().owner_name).toBeUndefined();
    const seen = await get(a.id, pid, w.tokens.instructor);
    expect(seen.json()).toMatchObject({ is_mine: false, editable: false, owner_name: 'learner' });
    // The world's assistant takes part in the assignment: a learner there, the work is not hers.
    expect((await get(a.id, pid, w.tokens.assistant)).statusCode).toBe(404);
    expect((await get(a.id, pid, peer.token)).statusCode).toBe(404);
    expect((await get(a.id, pid, w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(a.id, pid, w.tokens.staff)).statusCode).toBe(404);
    expect((await get(a.id, pid, undefined)).statusCode).toBe(401);
    expect((await get(a.id, pid, w.tokens.withdrawn)).statusCode).toBe(403);
    // The right id under another assignment or course names nothing.
    const other = await newAssignment();
    expect((await get(other.id, pid, w.tokens.learner)).statusCode).toBe(404);
    const elsewhere = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.otherCourse.id}/assignments/${a.id}/performances/${pid}/`,
      token: w.tokens.learner,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('only the owner saves: the instructor gets 403, another learner 404, and nothing changes', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    expect(
      (await save(a.id, pid, w.tokens.instructor, { stage_object: { content: delta('교수') } })).statusCode,
    ).toBe(403);
    expect(
      (await save(a.id, pid, peer.token, { stage_object: { content: delta('남의 글') } })).statusCode,
    ).toBe(404);
    expect((await save(a.id, pid, undefined, { stage_object: { content: delta('익명') } })).statusCode).toBe(
      401,
    );
    const stored = (await get(a.id, pid, w.tokens.learner)).json();
    expect(stored).toMatchObject({ is_completed: false, version: 0, stage_object: { plain_text: '' } });
  });
});
