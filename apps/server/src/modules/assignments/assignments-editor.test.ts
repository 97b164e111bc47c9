import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { assignments, files } from '../../db/schema';
import { create, inDays, progresses, t, useAssignmentWorld, w } from './assignments.test-kit';

// Creating assignments, the editor's rules, and what the browser found.

useAssignmentWorld();

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
