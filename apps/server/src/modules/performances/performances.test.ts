import { performanceSchema } from '@pw/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments, files, participations, peerMatchings, performances } from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
/** A second plain learner of the course (the world's assistant is also a learner, but a manager). */
let peer: { token: string; enrollmentId: number };

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const user = await createUser(t, w.org.id, { email: `peer-${Date.now()}@example.com`, name: 'peer' });
  const [e] = await t.database.db
    .insert(enrollments)
    .values({ courseId: w.course.id, userId: user.id, code: 'P1' })
    .returning();
  peer = { token: (await signInAs(t, user.email)) as string, enrollmentId: e!.id };
});
afterAll(async () => t.close());

let seq = 0;
const base = () => `/api/v1/courses/${w.course.id}/assignments`;

/** An assignment with every writing stage: essay (10 letters), two questions, peer review, feedback, revision. */
async function newAssignment(opts: { limitType?: 'L' | 'W'; maxLength?: number } = {}) {
  seq += 1;
  const res = await call(t, {
    method: 'POST',
    url: `${base()}/`,
    token: w.tokens.instructor,
    ...multipart({
      name: `글쓰기 ${seq}`,
      description: '설명',
      progresses: JSON.stringify([
        {
          model: 'essaywriting',
          stage_object: {
            limit_type: opts.limitType ?? 'L',
            max_length: opts.maxLength ?? 10,
            max_writing_score: 60,
          },
        },
        { model: 'questionwriting', stage_object: { quizs: [{ quiz: '첫 질문' }, { quiz: '둘째 질문' }] } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: 1,
            max_review_score: 10,
            max_metacognition_score: 10,
            standards: [{ question: '논지', max_point: 6 }],
          },
        },
        { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
        { model: 'revisement', stage_object: { max_revisement_score: 10 } },
      ]),
    }),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

const move = (id: number, token = w.tokens.instructor) =>
  call(t, { method: 'PATCH', url: `${base()}/${id}/move-to-next-stage/`, token });

async function assignmentAs(id: number, token: string | undefined) {
  return (await call(t, { method: 'GET', url: `${base()}/${id}/`, token })).json();
}

/** The learner's performance id of a stage model, as the assignment response gives it. */
async function workOf(id: number, token: string | undefined, model: string): Promise<number> {
  const a = await assignmentAs(id, token);
  return a.progresses.find((p: { model: string }) => p.model === model).performance_id;
}

const get = (id: number, pid: number, token: string | undefined) =>
  call(t, { method: 'GET', url: `${base()}/${id}/performances/${pid}/`, token });

const delta = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

/** A save; every accepted answer is exactly the contract's shape (some are sent without the schema). */
async function save(id: number, pid: number, token: string | undefined, body: unknown, late = false) {
  const res = await call(t, {
    method: 'PATCH',
    url: `${base()}/${id}/performances/${pid}/${late ? 'late-essay/' : ''}`,
    token,
    payload: body as Record<string, unknown>,
  });
  if (res.statusCode === 200) {
    expect(performanceSchema.parse(res.json())).toEqual(res.json());
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  }
  return res;
}

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
  it('the owner, the instructor and assistants read; everyone else gets 404 (or 401, 403 withdrawn)', async () => {
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
    expect((await get(a.id, pid, w.tokens.assistant)).statusCode).toBe(200);
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

describe('writing the essay', () => {
  it('saves and completes it, bumps the version, counts letters on the server and refuses above the limit', async () => {
    const a = await newAssignment({ maxLength: 10 });
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    const ok = await save(a.id, pid, w.tokens.learner, {
      stage_object: { content: delta('가나다라마 바사아😀'), plain_text: 'ignored', editor_type: 'Q' },
      version: 0,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      is_completed: true,
      version: 1,
      stage_object: {
        plain_text: '가나다라마 바사아😀\n',
        editor_type: 'Q',
        max_length: 10,
        limit_type: 'L',
      },
    });
    // The essay answer names the learner's question performance.
    expect(ok.json().stage_object.extra.question).toBe(
      await workOf(a.id, w.tokens.learner, 'questionwriting'),
    );
    const over = await save(a.id, pid, w.tokens.learner, {
      stage_object: { content: delta('가나다라마바사아자차카') },
      version: 1,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'essay_too_long' });
    expect(over.json().detail).toContain('10');
    const stored = (await get(a.id, pid, w.tokens.learner)).json();
    expect(stored).toMatchObject({ version: 1, stage_object: { plain_text: '가나다라마 바사아😀\n' } });
  });

  it('counts words split on whitespace when the limit is in words', async () => {
    const a = await newAssignment({ limitType: 'W', maxLength: 3 });
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    expect(
      (await save(a.id, pid, w.tokens.learner, { stage_object: { content: delta('one  두울\tthree') } }))
        .statusCode,
    ).toBe(200);
    const over = await save(a.id, pid, w.tokens.learner, {
      stage_object: { content: delta('one two three four') },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('essay_too_long');
  });

  it('a save from an older version is refused with 409 and the newer work, never overwriting it', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    expect(
      (await save(a.id, pid, w.tokens.learner, { stage_object: { content: delta('첫 탭') }, version: 0 }))
        .statusCode,
    ).toBe(200);
    const stale = await save(a.id, pid, w.tokens.learner, {
      stage_object: { content: delta('둘째 탭') },
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'performance_stale',
      current: { version: 1, stage_object: { plain_text: '첫 탭\n' } },
    });
    expect((await get(a.id, pid, w.tokens.learner)).json().stage_object.plain_text).toBe('첫 탭\n');
  });

  it('two tabs saving the same version at once: one is stored, the other gets 409', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    const [x, y] = await Promise.all([
      save(a.id, pid, w.tokens.learner, { stage_object: { content: delta('탭 하나') }, version: 0 }),
      save(a.id, pid, w.tokens.learner, { stage_object: { content: delta('탭 둘') }, version: 0 }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const winner = x.statusCode === 200 ? '탭 하나\n' : '탭 둘\n';
    expect((await get(a.id, pid, w.tokens.learner)).json()).toMatchObject({
      version: 1,
      stage_object: { plain_text: winner },
    });
  });

  it('stores only harmless rich text: script stays text, unsafe links and embeds are dropped', async () => {
    const a = await newAssignment({ maxLength: 500 });
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    const res = await save(a.id, pid, w.tokens.learner, {
      stage_object: {
        content: {
          ops: [
            { insert: '<script>alert(1)</script>' },
            { insert: 'link', attributes: { link: 'javascript:alert(1)', bold: true, onclick: 'alert(1)' } },
            { insert: { image: 'javascript:alert(1)' } },
            { insert: 'ok', attributes: { link: 'https://example.com' } },
            { insert: '\n' },
          ],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().stage_object.content).toEqual({
      ops: [
        { insert: '<script>alert(1)</script>' },
        { insert: 'link', attributes: { bold: true } },
        { insert: 'ok', attributes: { link: 'https://example.com' } },
        { insert: '\n' },
      ],
    });
  });

  it('takes pdf and mp4 attachments by multipart (not other types, not above 20 MB) and removes them', async () => {
    const a = await newAssignment();
    await move(a.id);
    const pid = await workOf(a.id, w.tokens.learner, 'essaywriting');
    const url = `${base()}/${a.id}/performances/${pid}/`;
    const withPdf = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      ...multipart({ stage_object: JSON.stringify({ content: delta('첨부') }), version: '0' }, [
        { name: '자료.pdf', content: '%PDF-1.4 test', type: 'application/pdf' },
      ]),
    });
    expect(withPdf.statusCode, withPdf.body).toBe(200);
    const file = withPdf.json().stage_object.files[0];
    expect(file).toMatchObject({ name: '자료.pdf' });
    const png = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      ...multipart({ stage_object: '{}' }, [{ name: 'x.png', content: 'png', type: 'image/png' }]),
    });
    expect(png.statusCode).toBe(400);
    const big = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      ...multipart({ stage_object: '{}' }, [
        { name: 'big.mp4', content: Buffer.alloc(20 * 1024 * 1024 + 1), type: 'video/mp4' },
      ]),
    });
    expect(big.statusCode).toBe(413);
    const after = (await get(a.id, pid, w.tokens.learner)).json();
    expect(after.stage_object.files).toHaveLength(1);
    const removed = await call(t, {
      method: 'PATCH',
      url,
      token: w.tokens.learner,
      ...multipart({ stage_object: JSON.stringify({ delFile: true, fileId: file.id }) }),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().stage_object.files).toEqual([]);
    expect(await t.database.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
    // Someone else's file id cannot be removed through this performance.
    const foreign = await save(a.id, pid, w.tokens.learner, {
      stage_object: { delFile: true, fileId: 2_000_000 },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers the questions only in the writing period, one answer per question', async () => {
    const a = await newAssignment();
    await move(a.id);
    const qid = await workOf(a.id, w.tokens.learner, 'questionwriting');
    const q = (await get(a.id, qid, w.tokens.learner)).json();
    expect(q.stage_object.responses).toEqual([
      { id: 0, quiz: '첫 질문', response: '' },
      { id: 1, quiz: '둘째 질문', response: '' },
    ]);
    const answered = await save(a.id, qid, w.tokens.learner, {
      stage_object: { responses: [{ id: 1, response: '답' }] },
    });
    expect(answered.json().stage_object.responses[1]).toEqual({ id: 1, quiz: '둘째 질문', response: '답' });
    expect(
      (await save(a.id, qid, w.tokens.learner, { stage_object: { responses: [{ id: 2, response: 'x' }] } }))
        .statusCode,
    ).toBe(400);
    await move(a.id);
    const closed = await save(a.id, qid, w.tokens.learner, {
      stage_object: { responses: [{ id: 0, response: '늦음' }] },
    });
    expect(closed.statusCode).toBe(406);
    expect(closed.json()).toMatchObject({
      code: 'questions_not_open',
      detail: '질문은 글쓰기 기간에만 작성할 수 있습니다.',
    });
  });
});

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
