import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';
import {
  assignments,
  enrollments,
  files,
  participations,
  peerMatchings,
  performances,
  stages,
} from '../../db/schema';
import { advanceDueAssignments } from './stage-runner';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
});
afterAll(async () => t.close());

const inDays = (days: number, hour = 9) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

function progresses(opts: { dates?: boolean; scores?: [number, number, number]; peerCount?: number } = {}) {
  const [writing, review, meta] = opts.scores ?? [70, 15, 15];
  const dates = (from: number, to: number) =>
    opts.dates ? { start_date: inDays(from), end_date: inDays(to, 14) } : {};
  return [
    {
      model: 'essaywriting',
      stage_object: { limit_type: 'L', max_length: 2500, max_writing_score: writing },
      ...dates(1, 3),
    },
    {
      model: 'peerreview',
      stage_object: {
        peer_count: opts.peerCount ?? 1,
        max_review_score: review,
        max_metacognition_score: meta,
        standards: [{ question: '논지가 분명한가?', max_point: 6 }],
      },
      ...dates(4, 6),
    },
  ];
}

let seq = 0;
function assignmentForm(fields: Record<string, unknown> = {}, progressList: unknown = progresses()) {
  seq += 1;
  return multipart({
    name: `과제 ${seq}`,
    description: '기술과 글쓰기에 관한 논증적 에세이',
    ...(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) as Record<string, string>),
    progresses: JSON.stringify(progressList),
  });
}

async function create(
  fields: Record<string, unknown> = {},
  progressList: unknown = progresses(),
  token = w.tokens.instructor,
) {
  return call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token,
    ...assignmentForm(fields, progressList),
  });
}

describe('creating assignments', () => {
  it('creates a waiting assignment with its stages and the default split', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const a = res.json();
    expect(a).toMatchObject({
      status: 0,
      current_stage: { stage: 'PR' },
      is_waiting_next_stage: false,
      is_public: true,
    });
    expect(a.progresses.map((p: { model: string; stage: string }) => [p.model, p.stage])).toEqual([
      ['essaywriting', 'ES'],
      ['peerreview', 'PE'],
    ]);
    expect(a.editable.locked).toBe(false);
  });

  it('checks every editor rule with its message', async () => {
    const bad = await create({}, progresses({ scores: [70, 15, 10] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.scores).toEqual(['점수의 합계가 100이어야 합니다. (현재 95점)']);
    const limits = await create({}, [
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 20001, max_writing_score: 4 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 7,
          max_review_score: 15,
          max_metacognition_score: 15,
          standards: [{ question: 'q'.repeat(101), max_point: 2 }],
        },
      },
    ]);
    expect(limits.statusCode).toBe(400);
    expect(Object.keys(limits.json().fields).sort()).toEqual([
      'progresses.0.stage_object.max_length',
      'progresses.0.stage_object.max_writing_score',
      'progresses.1.stage_object.peer_count',
      'progresses.1.stage_object.standards.0.max_point',
      'progresses.1.stage_object.standards.0.question',
    ]);
    const order = await create({}, [progresses()[1], progresses()[0]]);
    expect(order.json().fields.progresses).toEqual(['단계의 순서가 올바르지 않습니다.']);
    const noDescription = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/`,
      token: w.tokens.instructor,
      ...multipart({ name: '설명 없음', description: '', progresses: JSON.stringify(progresses()) }),
    });
    expect(noDescription.json().fields.description).toEqual(['필수 입력 항목입니다.']);
  });

  it('refuses a duplicate name in the same course with 406', async () => {
    const first = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/`,
      token: w.tokens.instructor,
      ...multipart({ name: '중복', description: 'd', progresses: JSON.stringify(progresses()) }),
    });
    expect(first.statusCode).toBe(201);
    const again = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/`,
      token: w.tokens.assistant,
      ...multipart({ name: '중복', description: 'd', progresses: JSON.stringify(progresses()) }),
    });
    expect(again.statusCode).toBe(406);
    expect(again.json().code).toBe('duplicate_assignment');
  });

  it('an automatic schedule needs every date, none in the past, in order', async () => {
    const missing = await create({ is_auto_schedule: true });
    expect(missing.json().fields['schedule.0']).toEqual([
      '자동 진행에는 모든 단계의 시작과 종료 일시가 필요합니다.',
    ]);
    const past = progresses({ dates: true });
    past[0] = { ...past[0]!, start_date: inDays(-2) } as (typeof past)[0];
    const res = await create({ is_auto_schedule: true }, past);
    expect(res.json().fields['schedule.0']).toEqual(['지난 일시로 설정할 수 없습니다.']);
    const ok = await create({ is_auto_schedule: true }, progresses({ dates: true }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().next_start_date).toBe(new Date(inDays(1)).toISOString());
  });

  it('learners cannot create assignments and never see private ones', async () => {
    expect((await create({}, progresses(), w.tokens.learner)).statusCode).toBe(403);
    const hidden = (await create({ is_public: false })).json();
    const list = (
      await call(t, {
        method: 'GET',
        url: `/api/v1/courses/${w.course.id}/assignments/`,
        token: w.tokens.learner,
      })
    ).json();
    expect(list.map((a: { id: number }) => a.id)).not.toContain(hidden.id);
    const direct = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${hidden.id}/`,
      token: w.tokens.learner,
    });
    expect(direct.statusCode).toBe(404);
    const outsider = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/`,
      token: w.tokens.outsider,
    });
    expect(outsider.statusCode).toBe(404);
  });
});

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
    const pe = await move(w.tokens.assistant);
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

describe('"start directly" starts inside the creating transaction', () => {
  // Both modes start differently: a manual assignment moves one step, an automatic one catches
  // up with its schedule (whose first stage "start directly" sets to now).
  const modes = [
    { label: 'manual', fields: {}, list: () => progresses() },
    { label: 'automatic', fields: { is_auto_schedule: true }, list: () => progresses({ dates: true }) },
  ];
  const run = (statement: string) => t.database.db.execute(sql.raw(statement));

  it('no committed state of a new assignment is "created but not started"', async () => {
    // Runs at each commit (a deferred constraint trigger) and notes where the new assignment stands then.
    await run('create table test_committed_steps (assignment_id integer, step_index integer)');
    await run(`create function test_note_committed_step() returns trigger language plpgsql as $$
      begin
        insert into test_committed_steps select id, step_index from assignments where id = new.id;
        return null;
      end $$`);
    await run(`create constraint trigger test_note_committed_step after insert or update on assignments
      deferrable initially deferred for each row when (new.name like 'committed %')
      execute function test_note_committed_step()`);
    try {
      for (const mode of modes) {
        const res = await create(
          { ...mode.fields, is_directly_starting: true, name: `committed ${mode.label}` },
          mode.list(),
        );
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().current_stage.stage, mode.label).toBe('ES');
        const seen = (await run(
          `select step_index from test_committed_steps where assignment_id = ${Number(res.json().id)}`,
        )) as unknown as { rows: { step_index: number }[] };
        const steps = seen.rows.map((r) => r.step_index);
        expect(steps.length, mode.label).toBeGreaterThan(0);
        // A start committed apart from the creation would show the waiting (-1) assignment first.
        expect(steps, mode.label).toEqual(steps.map(() => 0));
      }
    } finally {
      await run('drop trigger test_note_committed_step on assignments');
      await run('drop function test_note_committed_step');
      await run('drop table test_committed_steps');
    }
  });

  it('a start that fails leaves no assignment behind (its stages go with it) and no attachment', async () => {
    await run(`create function test_refuse_start() returns trigger language plpgsql as $$
      begin raise exception 'the test refuses this start'; end $$`);
    await run(`create trigger test_refuse_start before update of step_index on assignments for each row
      when (new.name like 'unstartable %' and new.step_index <> old.step_index)
      execute function test_refuse_start()`);
    try {
      for (const mode of modes) {
        const name = `unstartable ${mode.label}`;
        const res = await call(t, {
          method: 'POST',
          url: `/api/v1/courses/${w.course.id}/assignments/`,
          token: w.tokens.instructor,
          ...multipart(
            {
              name,
              description: '시작하지 못하는 과제',
              ...Object.fromEntries(Object.entries(mode.fields).map(([k, v]) => [k, String(v)])),
              is_directly_starting: 'true',
              progresses: JSON.stringify(mode.list()),
            },
            [{ name: `${mode.label}-guide.pdf`, content: '%PDF-1.4\n', type: 'application/pdf' }],
          ),
        });
        expect(res.statusCode, mode.label).toBe(500);
        const left = await t.database.db.select().from(assignments).where(eq(assignments.name, name));
        expect(left, mode.label).toEqual([]);
        const guide = await t.database.db
          .select({ id: files.id })
          .from(files)
          .where(eq(files.originalName, `${mode.label}-guide.pdf`));
        expect(guide, mode.label).toEqual([]);
      }
    } finally {
      await run('drop trigger test_refuse_start on assignments');
      await run('drop function test_refuse_start');
    }
    // The same assignment starts once nothing refuses it.
    const ok = await create({ is_directly_starting: true, name: 'unstartable manual' });
    expect(ok.json().current_stage.stage).toBe('ES');
  });
});

describe('participation', () => {
  it('a late joiner asks, waits for approval, then takes part; attendance is recorded once', async () => {
    const a = (await create({ is_directly_starting: true })).json();
    // The outsider enrols in this course after the assignment started.
    const [enrol] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: w.users.outsider.id, code: 'LATE' })
      .returning();
    const base = `/api/v1/courses/${w.course.id}/assignments/${a.id}`;
    const seen = (await call(t, { method: 'GET', url: `${base}/`, token: w.tokens.outsider })).json();
    expect(seen.participation).toBe(0);
    const ask = await call(t, {
      method: 'POST',
      url: `${base}/late-participation/`,
      token: w.tokens.outsider,
    });
    expect(ask.json()).toEqual({ status: 2 });
    const table = (
      await call(t, { method: 'GET', url: `${base}/management/`, token: w.tokens.instructor })
    ).json();
    expect(table.names.find((n: { pk: number }) => n.pk === enrol!.id)).toMatchObject({
      status: 2,
      is_late: { enrollment_id: enrol!.id },
    });
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: `${base}/participations/${enrol!.id}/approve/`,
          token: w.tokens.learner,
        })
      ).statusCode,
    ).toBe(403);
    const approve = await call(t, {
      method: 'PATCH',
      url: `${base}/participations/${enrol!.id}/approve/`,
      token: w.tokens.assistant,
    });
    expect(approve.json()).toEqual({ status: 1 });
    const attend = await call(t, { method: 'PATCH', url: `${base}/attendance/`, token: w.tokens.outsider });
    expect(attend.json()).toEqual({ is_completed: true, status: 1 });
    await t.database.db.delete(enrollments).where(eq(enrollments.id, enrol!.id));
  });
});

describe('the management table', () => {
  /** Rows the app reads from `table` while `act` runs, by column name (watches the database driver). */
  async function rowsReadFrom(table: string, act: () => Promise<unknown>) {
    type Result = { rows: unknown[]; fields: { name: string }[] };
    const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => Promise<Result> } })
      .$client;
    const own = Object.hasOwn(client, 'query');
    const original = client.query;
    const seen: Record<string, unknown>[] = [];
    client.query = async (...args: unknown[]) => {
      const result = await original.apply(client, args);
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
      if (text.includes(`from "${table}"`)) {
        for (const row of result.rows) {
          seen.push(
            Array.isArray(row)
              ? Object.fromEntries(result.fields.map((f, i) => [f.name, row[i]]))
              : (row as Record<string, unknown>),
          );
        }
      }
      return result;
    };
    try {
      await act();
    } finally {
      if (own) client.query = original;
      else delete (client as { query?: unknown }).query;
    }
    return seen;
  }

  it('is sent as JSON (its own serializer must still name the type, or it is never compressed)', async () => {
    const a = (await create({ is_directly_starting: true })).json();
    const res = await call(t, {
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/management/`,
      token: w.tokens.instructor,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toHaveProperty('names');
  });

  it("shows only this assignment's work: a learner in two assignments, done and late in the other", async () => {
    const mine = (await create({ is_directly_starting: true })).json();
    const other = (await create({ is_directly_starting: true })).json();
    const [learner] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
    const stageIdsOf = async (assignmentId: number) =>
      (
        await t.database.db
          .select({ id: stages.id })
          .from(stages)
          .where(eq(stages.assignmentId, assignmentId))
      ).map((s) => s.id);
    const mineStages = await stageIdsOf(mine.id);
    const otherStages = await stageIdsOf(other.id);
    // In the other assignment the learner finished the essay, late; in this one nothing yet.
    const finished = await t.database.db
      .update(performances)
      .set({ isCompleted: true, isLate: true, lateAt: new Date() })
      .where(and(inArray(performances.stageId, otherStages), eq(performances.enrollmentId, learner!.id)))
      .returning();
    expect(finished).toHaveLength(1);

    const tableOf = async (assignmentId: number) => {
      const res = await call(t, {
        url: `/api/v1/courses/${w.course.id}/assignments/${assignmentId}/management/`,
        token: w.tokens.instructor,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const learnerOf = (table: { names: { pk: number }[]; rows: unknown[][] }) => {
      const i = table.names.findIndex((n) => n.pk === learner!.id);
      return { name: table.names[i], cells: table.rows[i] };
    };
    const read = await rowsReadFrom('performances', async () => {
      const table = await tableOf(mine.id);
      expect(table.headers[0]).toMatchObject({ short: 'ES', performances: 2, finished_performances: 0 });
      expect(learnerOf(table).cells?.[0]).toMatchObject({
        short: 'ES',
        finished: 0,
        total: 1,
        is_completed: false,
      });
      expect(learnerOf(table).name).toMatchObject({ is_essay_late: false, essay_late_time: null });
    });
    // The table reads this assignment's performances and no other's. (The cells above match work
    // by stage, so they would stay right even if the query read every assignment's: only this
    // check fails when the query loses its stage filter.)
    expect(read.length).toBeGreaterThan(0);
    expect(read.map((r) => r.stage_id).filter((id) => !mineStages.includes(id as number))).toEqual([]);

    const theirs = await tableOf(other.id);
    expect(theirs.headers[0]).toMatchObject({ short: 'ES', performances: 2, finished_performances: 1 });
    expect(learnerOf(theirs).cells?.[0]).toMatchObject({ finished: 1, total: 1, is_completed: true });
    expect(learnerOf(theirs).name).toMatchObject({
      is_essay_late: true,
      essay_late_time: expect.any(String),
    });
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

describe('dashboard', () => {
  it('course boxes list the assignments a user may see, with their status and stage', async () => {
    const shown = (await create({ is_directly_starting: true })).json();
    const hidden = (await create({ is_public: false })).json();
    const forLearner = (
      await call(t, { method: 'GET', url: '/api/v1/users/dashboard/', token: w.tokens.learner })
    ).json();
    const box = forLearner.find((b: { id: number }) => b.id === w.course.id);
    const ids = box.assignments.map((a: { id: number }) => a.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(box.assignments.find((a: { id: number }) => a.id === shown.id)).toMatchObject({
      status: 1,
      stage: 'ES',
      is_waiting_next_stage: false,
    });
    const forInstructor = (
      await call(t, { method: 'GET', url: '/api/v1/users/dashboard/', token: w.tokens.instructor })
    ).json();
    const all = forInstructor
      .find((b: { id: number }) => b.id === w.course.id)
      .assignments.map((a: { id: number }) => a.id);
    expect(all).toContain(hidden.id);
  });
});

describe('regressions found in the browser', () => {
  it('an assignment in peer review can be saved with its settings unchanged (key order does not matter)', async () => {
    const list = progresses();
    const a = (await create({ is_directly_starting: true }, list)).json();
    await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/move-to-next-stage/`,
      token: w.tokens.instructor,
    });
    // Send the peer settings with their keys in another order than the schema's.
    const reordered = list.map((p) =>
      p.model === 'peerreview'
        ? { ...p, stage_object: Object.fromEntries(Object.entries(p.stage_object).reverse()) }
        : p,
    );
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/`,
      token: w.tokens.instructor,
      ...multipart({ name: a.name, description: '설명만 바꿈', progresses: JSON.stringify(reordered) }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().current_stage.stage).toBe('PE');
  });

  it('an automatic assignment that starts directly is running at once', async () => {
    const res = await create(
      { is_auto_schedule: true, is_directly_starting: true },
      progresses({ dates: true }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 1, current_stage: { stage: 'ES' } });
  });

  it('last-assignment names the newest assignment the member can see', async () => {
    const latest = (await create()).json();
    const hidden = (await create({ is_public: false })).json();
    const forInstructor = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/last-assignment/`,
      token: w.tokens.instructor,
    });
    expect(forInstructor.json()).toEqual({ id: hidden.id });
    const forLearner = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/last-assignment/`,
      token: w.tokens.learner,
    });
    expect(forLearner.json()).toEqual({ id: latest.id });
  });
});

describe('the remaining editor rules', () => {
  it('questions, feedback scale, revision without feedback, overlapping and reversed dates', async () => {
    const [essay, peer] = progresses({ scores: [60, 10, 10] });
    const res = await create({}, [
      essay,
      { model: 'questionwriting', stage_object: { quizs: [{ quiz: 'q'.repeat(101) }] } },
      peer,
      { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 11 } },
      { model: 'revisement', stage_object: { max_revisement_score: 10 } },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      'progresses.1.stage_object.quizs.0.quiz': ['100자 이하로 입력하세요.'],
      'progresses.3.stage_object.max_point': ['피드백 점수는 2에서 10 사이로 입력하세요.'],
    });
    const noFeedback = await create({}, [
      essay,
      peer,
      { model: 'revisement', stage_object: { max_revisement_score: 20 } },
    ]);
    expect(noFeedback.json().fields.progresses).toEqual(['고쳐쓰기 단계에는 피드백 평가 단계가 필요합니다.']);
    const overlap = progresses({ dates: true });
    overlap[1] = { ...overlap[1]!, start_date: inDays(2) } as (typeof overlap)[1];
    const overlapping = await create({ is_auto_schedule: true }, overlap);
    expect(overlapping.json().fields['schedule.1']).toEqual(['앞 단계가 끝나기 전에 시작할 수 없습니다.']);
    const reversed = progresses({ dates: true });
    reversed[0] = { ...reversed[0]!, end_date: inDays(1, 8) } as (typeof reversed)[0];
    const backwards = await create({ is_auto_schedule: true }, reversed);
    expect(backwards.json().fields['schedule.0']).toEqual(['종료 일시는 시작 일시보다 뒤여야 합니다.']);
  });

  it('a completed assignment cannot be edited', async () => {
    const a = (await create({ is_directly_starting: true })).json();
    const url = `/api/v1/courses/${w.course.id}/assignments/${a.id}/`;
    await call(t, { method: 'PATCH', url: `${url}move-to-next-stage/`, token: w.tokens.instructor });
    await call(t, { method: 'PATCH', url: `${url}move-to-next-stage/`, token: w.tokens.instructor });
    const res = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.instructor,
      ...multipart({ name: a.name, description: 'late change', progresses: JSON.stringify(progresses()) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.non_field_errors).toEqual(['완료된 과제는 수정할 수 없습니다.']);
  });
});
