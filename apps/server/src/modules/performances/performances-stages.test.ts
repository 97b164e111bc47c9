import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { participations, peerMatchings, performances } from '../../db/schema';
import {
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

// The stage rules of saving, and saves at the stage boundary.

useWorkWorld();

describe('stage rules', () => {
  it('the essay closes with the writing step; a missing essay can be sent late and is marked', async () => {
    const a = await newAssignment();
    await move(a.id);
    const mine = await workOf(a.id, w.tokens.learner, 'essaywriting');
    const theirs = await workOf(a.id, peer.token, 'essaywriting');
    expect(
      (await save(a.id, mine, w.tokens.learner, { stage_object: { content: delta('제때') } })).statusCode,
    ).toBe(200);
    // Late essay is not open while the writing step runs.
    expect(
      (await save(a.id, theirs, peer.token, { stage_object: { content: delta('이름') } }, true)).statusCode,
    ).toBe(406);
    await move(a.id); // peer review
    const closed = await save(a.id, theirs, peer.token, { stage_object: { content: delta('늦은 글') } });
    expect(closed.statusCode).toBe(406);
    expect(closed.json().code).toBe('essay_not_open');
    const late = await save(a.id, theirs, peer.token, { stage_object: { content: delta('늦은 글') } }, true);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ is_late: true, is_completed: true, stage_object: { late: true } });
    expect(late.json().late_time).toEqual(expect.any(String));
    // A learner who submitted on time cannot re-open their essay through the late route.
    expect(
      (await save(a.id, mine, w.tokens.learner, { stage_object: { content: delta('다시') } }, true))
        .statusCode,
    ).toBe(406);
    // The management table shows the late essay.
    const table = (
      await call(t, { method: 'GET', url: `${base()}/${a.id}/management/`, token: w.tokens.instructor })
    ).json();
    const row = table.names.find((n: { pk: number }) => n.pk === peer.enrollmentId);
    expect(row).toMatchObject({ is_essay_late: true, essay_late_time: expect.any(String) });
  });

  it('the revision opens only in the feedback-and-revision step, starting from the essay', async () => {
    const a = await newAssignment({ maxLength: 100 });
    await move(a.id);
    const essay = await workOf(a.id, w.tokens.learner, 'essaywriting');
    await save(a.id, essay, w.tokens.learner, { stage_object: { content: delta('초고') } });
    await move(a.id); // PE
    await move(a.id); // FE (+ revision)
    const rid = await workOf(a.id, w.tokens.learner, 'revisement');
    const r = (await get(a.id, rid, w.tokens.learner)).json();
    expect(r).toMatchObject({
      model: 'revisement',
      editable: true,
      stage_object: { essay: { id: essay, plain_text: '초고\n' } },
    });
    const revised = await save(a.id, rid, w.tokens.learner, {
      stage_object: { content: delta('고쳐 쓴 글'), retrospective: '논지를 분명히 했다' },
      version: 0,
    });
    expect(revised.statusCode).toBe(200);
    expect(revised.json().stage_object).toMatchObject({
      plain_text: '고쳐 쓴 글\n',
      retrospective: '논지를 분명히 했다',
    });
    await move(a.id); // complete
    const closed = await save(a.id, rid, w.tokens.learner, { stage_object: { content: delta('너무 늦음') } });
    expect(closed.statusCode).toBe(406);
    expect(closed.json()).toMatchObject({
      code: 'revision_not_open',
      detail: '수정은 퇴고 기간에만 가능합니다.',
    });
    expect((await get(a.id, rid, w.tokens.learner)).json()).toMatchObject({ editable: false });
  });

  it('a learner no longer taking part cannot save', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, peer.token, 'essaywriting');
    await t.database.db
      .update(participations)
      .set({ status: 2 })
      .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, peer.enrollmentId)));
    const res = await save(a.id, pid, peer.token, { stage_object: { content: delta('x') } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_participating');
  });

  it('bad bodies get 400 and change nothing', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    for (const body of [
      { stage_object: { content: 'text' } },
      { stage_object: { responses: [{ id: 0, response: 'x' }] } },
      { stage_object: { content: delta('a') }, version: -1 },
      { stage_object: { editor_type: 'HTML' } },
    ]) {
      const res = await save(a.id, pid, w.tokens.learner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('validation_failed');
    }
    const bad = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/${pid}/`,
      token: w.tokens.learner,
      ...multipart({ stage_object: '{not json' }),
    });
    expect(bad.statusCode).toBe(400);
    expect((await get(a.id, pid, w.tokens.learner)).json()).toMatchObject({
      version: 0,
      is_completed: false,
    });
  });
});

describe('the stage boundary', () => {
  it('a save that arrives while a stage move holds the assignment waits for it and is judged by the new stage', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, peer.token, 'essaywriting');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // A stand-in for a stage move: the assignment row locked for update, the step moved on, and
    // the commit held until the save has arrived.
    const moving = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from assignments where id = ${a.id} for update`);
      locked();
      await held;
      await tx.execute(sql`update assignments set step_index = step_index + 1 where id = ${a.id}`);
    });
    await isLocked;
    let settled = false;
    const saving = save(a.id, pid, peer.token, { stage_object: { content: delta('늦은 저장') } }).finally(
      () => {
        settled = true;
      },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    release();
    await moving;
    const saved = await saving;
    expect(saved.statusCode).toBe(406);
    expect(saved.json().code).toBe('essay_not_open');
    const [row] = await t.database.db.select().from(performances).where(eq(performances.id, pid));
    expect(row?.isCompleted).toBe(false);
    expect(row?.version).toBe(0);
  });

  it('an essay saved as the stage moves to peer review is either in the matching or refused', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await newAssignment();
      await move(a.id);
      const pid = await workOf(a.id, peer.token, 'essaywriting');
      const [saved] = await Promise.all([
        save(a.id, pid, peer.token, { stage_object: { content: delta(`경계 ${round}`) } }),
        move(a.id),
      ]);
      const matched = await t.database.db
        .select()
        .from(peerMatchings)
        .where(and(eq(peerMatchings.assignmentId, a.id), eq(peerMatchings.targetId, peer.enrollmentId)));
      if (saved.statusCode === 200) expect(matched.length).toBeGreaterThan(0);
      else {
        expect(saved.statusCode).toBe(406);
        expect(saved.json().code).toBe('essay_not_open');
        expect(matched).toEqual([]);
        expect((await get(a.id, pid, peer.token)).json().is_completed).toBe(false);
      }
    }
  });
});
