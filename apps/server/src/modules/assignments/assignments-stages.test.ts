import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { assignments, participations, peerMatchings, performances, stages } from '../../db/schema';
import { create, progresses, t, useAssignmentWorld, w } from './assignments.test-kit';
import { advanceDueAssignments } from './stage-runner';

// Moving through the stages, by hand and by the scheduler.

useAssignmentWorld();

describe('moving through the stages', () => {
  it('starts directly, matches finished essays on entering peer review, completes, then refuses with 406', async () => {
    const a = (await create({ is_directly_starting: true })).json();
    expect(a).toMatchObject({ status: 1, current_stage: { stage: 'ES' } });
    const parts = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.assignmentId, a.id));
    expect(parts).toHaveLength(2); // the assistant and the learner; the withdrawn learner is left out
    // Both participants finish their essay.
    const [essay] = await t.database.db
      .select()
      .from(stages)
      .where(and(eq(stages.assignmentId, a.id), eq(stages.model, 'essaywriting')));
    // Their essays opened with the stage; both finish them.
    const opened = await t.database.db
      .update(performances)
      .set({ isCompleted: true })
      .where(eq(performances.stageId, essay!.id))
      .returning();
    expect(opened.map((p) => p.enrollmentId).sort()).toEqual(parts.map((p) => p.enrollmentId).sort());

    const move = (token = w.tokens.instructor) =>
      call(t, {
        method: 'PATCH',
        url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/move-to-next-stage/`,
        token,
      });
    expect((await move(w.tokens.learner)).statusCode).toBe(403);
    // The world's assistant takes part in the assignment: she does not move it.
    expect((await move(w.tokens.assistant)).statusCode).toBe(403);
    const pe = await move();
    expect(pe.json().current_stage.stage).toBe('PE');
    const pairs = await t.database.db
      .select()
      .from(peerMatchings)
      .where(eq(peerMatchings.assignmentId, a.id));
    const peer = pairs.filter((p) => p.reviewerId !== p.targetId);
    const self = pairs.filter((p) => p.reviewerId === p.targetId);
    expect(peer).toHaveLength(2); // each of the two reviews the other
    expect(self).toHaveLength(2);
    const co = await move();
    expect(co.json()).toMatchObject({ status: 2, current_stage: { stage: 'CO' } });
    expect(co.json().editable.locked).toBe(true);
    const done = await move();
    expect(done.statusCode).toBe(406);
    expect(done.json().detail).toBe('완료된 과제입니다.');
  });

  it('an edit waits for a stage move holding the assignment: the stage started meanwhile keeps its settings', async () => {
    const a = (await create()).json();
    const url = `/api/v1/courses/${w.course.id}/assignments/${a.id}/`;
    const changedEssay = progresses();
    changedEssay[0] = {
      ...changedEssay[0]!,
      stage_object: { limit_type: 'W', max_length: 800, max_writing_score: 70 },
    } as (typeof changedEssay)[0];
    let edit: ReturnType<typeof call> | undefined;
    // A stage move in progress: it holds the assignment row and starts the essay.
    await t.database.db.transaction(async (tx) => {
      await tx.select().from(assignments).where(eq(assignments.id, a.id)).for('update');
      await tx.update(assignments).set({ stepIndex: 0 }).where(eq(assignments.id, a.id));
      edit = call(t, {
        method: 'PATCH',
        url,
        token: w.tokens.instructor,
        ...multipart({ name: a.name, description: 'd', progresses: JSON.stringify(changedEssay) }),
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    const res = await edit!;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields['progresses.essaywriting']).toHaveLength(1);
    const after = await call(t, { url, token: w.tokens.instructor });
    expect(after.json().progresses[0].stage_object.max_length).toBe(2500);
  });

  it('moves only from the stage the confirmation showed: a double click advances once, a stale one is 409', async () => {
    const a = (await create()).json();
    const url = `/api/v1/courses/${w.course.id}/assignments/${a.id}/move-to-next-stage/`;
    const move = (expected: string, lang = 'ko') =>
      call(t, {
        method: 'PATCH',
        url,
        token: w.tokens.instructor,
        payload: { expected_stage: expected },
        headers: { 'accept-language': lang },
      });
    const both = await Promise.all([move('PR'), move('PR')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stale = both.find((r) => r.statusCode === 409)!;
    expect(stale.json()).toMatchObject({ code: 'stage_changed' });
    expect(stale.json().detail).toContain('과제 단계가 이미 바뀌었습니다');
    const now = await call(t, {
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/`,
      token: w.tokens.instructor,
    });
    expect(now.json().current_stage.stage).toBe('ES');
    const english = await move('PR', 'en');
    expect(english.statusCode).toBe(409);
    expect(english.json().detail).toMatch(/^The stage has already changed/);
    expect((await move('ES')).json().current_stage.stage).toBe('PE');
    expect((await move('XX')).statusCode).toBe(400);
  });

  it('two concurrent renames to one name: one is saved, the other is 406, never 500', async () => {
    const x = (await create()).json();
    const y = (await create()).json();
    for (let i = 0; i < 4; i++) {
      const name = `동시 이름 ${i}`;
      const answers = await Promise.all(
        [x, y].map((a) =>
          call(t, {
            method: 'PATCH',
            url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/`,
            token: w.tokens.instructor,
            ...multipart({ name, description: 'd', progresses: JSON.stringify(progresses()) }),
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 406]);
      expect(answers.find((r) => r.statusCode === 406)!.json()).toMatchObject({
        code: 'duplicate_assignment',
        detail: '이미 존재하는 과제 이름입니다.',
      });
    }
  });

  it('locks essay settings once the essay starts but keeps later stages editable', async () => {
    const a = (await create({ is_directly_starting: true })).json();
    const url = `/api/v1/courses/${w.course.id}/assignments/${a.id}/`;
    const changedEssay = progresses();
    changedEssay[0] = {
      ...changedEssay[0]!,
      stage_object: { limit_type: 'W', max_length: 800, max_writing_score: 70 },
    } as (typeof changedEssay)[0];
    const locked = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.instructor,
      ...multipart({ name: a.name, description: 'd', progresses: JSON.stringify(changedEssay) }),
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().fields['progresses.essaywriting']).toEqual([
      '이 단계의 설정은 더 이상 바꿀 수 없습니다.',
    ]);
    const changedPeer = progresses({ peerCount: 2 });
    const ok = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.instructor,
      ...multipart({ name: a.name, description: '새 설명', progresses: JSON.stringify(changedPeer) }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().progresses[1].stage_object.peer_count).toBe(2);
    expect(ok.json().description).toBe('새 설명');
  });
});

describe('automatic advance', () => {
  it('advances at the boundary second, exactly once per step', async () => {
    const a = (await create({ is_auto_schedule: true }, progresses({ dates: true }))).json();
    const startAt = new Date(a.progresses[0].start_date);
    const row = async () =>
      (await t.database.db.select().from(assignments).where(eq(assignments.id, a.id)))[0]!;
    await advanceDueAssignments(t.database.db, new Date(startAt.getTime() - 1000));
    expect((await row()).stepIndex).toBe(-1);
    expect((await advanceDueAssignments(t.database.db, startAt))[a.id]).toBe(1);
    expect((await row()).stepIndex).toBe(0);
    expect((await advanceDueAssignments(t.database.db, startAt))[a.id]).toBeUndefined();
    // After everything has ended the assignment is complete, having passed through every step.
    const end = new Date(a.progresses[1].end_date);
    await advanceDueAssignments(t.database.db, new Date(end.getTime() + 1000));
    expect((await row()).stepIndex).toBe(2);
    expect((await row()).nextTransitionAt).toBeNull();
    const viewed = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/`,
        token: w.tokens.learner,
      })
    ).json();
    expect(viewed.status).toBe(2);
  });

  it('two scheduler passes at the same moment (two server processes on PostgreSQL) advance it exactly once', async () => {
    const a = (await create({ is_auto_schedule: true }, progresses({ dates: true }))).json();
    const end = new Date(new Date(a.progresses[1].end_date).getTime() + 1000).toISOString();
    const url = t.database.url;
    // On PostgreSQL: two real processes. On PGlite (one connection, in process): two concurrent passes.
    const run = () =>
      url
        ? new Promise<Record<number, number>>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              ['--import', 'tsx', join(__dirname, '../../../test/advance-once.ts')],
              {
                env: { ...process.env, TEST_DB_URL: url, ADVANCE_AT: end },
              },
            );
            let out = '';
            child.stdout.on('data', (c: Buffer) => {
              out += c.toString();
            });
            child.on('exit', (code) =>
              code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`exit ${code}`)),
            );
          })
        : advanceDueAssignments(t.database.db, new Date(end));
    // Other due assignments of earlier tests are advanced too; count this one's steps by its position.
    const before = (await t.database.db.select().from(assignments).where(eq(assignments.id, a.id)))[0]!
      .stepIndex;
    const [x, y] = await Promise.all([run(), run()]);
    const after = (await t.database.db.select().from(assignments).where(eq(assignments.id, a.id)))[0]!;
    expect(after.stepIndex).toBe(2);
    expect(before).toBe(-1);
    // This assignment needed 3 transitions (ES, PE, CO); between them the two passes made them once.
    const mine = await t.database.db.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, a.id));
    expect(mine).toHaveLength(0); // nobody finished an essay, so nothing to match — and nothing doubled
    expect((x[a.id] ?? 0) + (y[a.id] ?? 0)).toBe(3);
    const pairs = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.assignmentId, a.id));
    expect(pairs).toHaveLength(2);
  });
});
