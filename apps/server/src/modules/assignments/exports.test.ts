import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, FILE_STORES, type TestApp } from '../../../test/helpers';
import { files, participations, performanceFiles, performances, stages } from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

const progresses = [
  { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 2500, max_writing_score: 60 } },
  { model: 'questionwriting', stage_object: { quizs: [{ quiz: '가장 어려웠던 점은?' }] } },
  {
    model: 'peerreview',
    stage_object: {
      peer_count: 1,
      max_review_score: 10,
      max_metacognition_score: 10,
      standards: [{ question: '논지', max_point: 6 }],
    },
  },
  { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 10 } },
  { model: 'revisement', stage_object: { max_revisement_score: 10 } },
];

async function startedAssignment(name: string) {
  const res = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...multipart(
      { name, description: 'd', is_directly_starting: 'true', progresses: JSON.stringify(progresses) },
      [{ name: '안내문.pdf', content: '%PDF-1.4 guide' }],
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

// The zip reads the files from either store: the local folder and an S3 bucket (s3rver).
describe.each(FILE_STORES)('exports (%s store)', (store) => {
  beforeAll(async () => {
    t = await buildTestApp({}, { store });
    w = await createCourseWorld(t);
  });
  afterAll(async () => t.close());

  it('the stages-of-learners spreadsheet has one sheet per stage with safe names and a row per learner', async () => {
    const a = await startedAssignment('보고서: 1차/초안? [최종]');
    const res = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/stages-of-learners/`,
      token: w.tokens.instructor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1] ?? '')).toBe(
      '보고서_ 1차_초안_ _최종_.xlsx',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['1. 글쓰기', '2. 동료평가', '3. 피드백 평가']);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, '학번', '이름', '참여', '완료', '완료 수', '전체 수']);
    expect(sheet.rowCount).toBe(3); // header + assistant + learner
    expect(sheet.getRow(2).getCell(1).value).toBe('A1');
    // The header is bold; the data cells (sharing one plain style) are not, and numbers stay numbers.
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).not.toBe(true);
    expect(typeof sheet.getRow(2).getCell(6).value).toBe('number');
    expect(
      (
        await call(t, {
          method: 'GET',
          url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/stages-of-learners/`,
          token: w.tokens.learner,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('the attachments zip holds the assignment files and every learner file, by learner and stage', async () => {
    const a = await startedAssignment('첨부 모음');
    const [essay] = await t.database.db.select().from(stages).where(eq(stages.assignmentId, a.id));
    const [part] = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.assignmentId, a.id));
    const [perf] = await t.database.db
      .update(performances)
      .set({ isCompleted: true })
      .where(and(eq(performances.stageId, essay!.id), eq(performances.enrollmentId, part!.enrollmentId)))
      .returning();
    const stored = await t.app.storage.save(
      String(w.org.id),
      (await import('node:stream')).Readable.from([Buffer.from('video bytes')]),
    );
    const [file] = await t.database.db
      .insert(files)
      .values({
        organisationId: w.org.id,
        storageKey: stored.key,
        originalName: 'essay.mp4',
        contentType: 'video/mp4',
        size: stored.size,
      })
      .returning();
    await t.database.db.insert(performanceFiles).values({ performanceId: perf!.id, fileId: file!.id });

    const res = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${a.id}/attachments/`,
      token: w.tokens.instructor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files)
      .filter((n) => !zip.files[n]?.dir)
      .sort();
    expect(names).toEqual(['A1 assistant/ES/essay.mp4', 'assignment/안내문.pdf']);
    expect(await zip.file('assignment/안내문.pdf')?.async('string')).toBe('%PDF-1.4 guide');
    expect(await zip.file('A1 assistant/ES/essay.mp4')?.async('string')).toBe('video bytes');
  });

  it('an assignment without any file answers no_attachments (404) in the error shape, not an empty zip', async () => {
    const res = await call(t, {
      method: 'POST',
      url: `/api/v1/courses/${w.course.id}/assignments/`,
      token: w.tokens.instructor,
      ...multipart({ name: '첨부 없음', description: 'd', progresses: JSON.stringify(progresses) }),
    });
    expect(res.statusCode).toBe(201);
    const empty = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/assignments/${res.json().id}/attachments/`,
      token: w.tokens.instructor,
      headers: { 'accept-language': 'en' },
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.headers['content-type']).toMatch(/^application\/json/);
    expect(empty.headers['content-disposition']).toBeUndefined();
    expect(empty.json()).toEqual({ code: 'no_attachments', detail: 'This assignment has no attachments.' });
  });
});
