import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { files } from '../../db/schema';
import {
  base,
  delta,
  get,
  move,
  newAssignment,
  save,
  t,
  useWorkWorld,
  w,
  workOf,
} from './performances.test-kit';

// Writing the essay and answering the questions.

useWorkWorld();

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
