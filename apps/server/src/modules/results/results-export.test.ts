import { brotliDecompressSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { enrollments, performances, reports, stages, users } from '../../db/schema';
import {
  first,
  get,
  learnerEnrollment,
  patchWeights,
  peerEnrollment,
  type Results,
  setWeights,
  t,
  useResultsWorld,
  w,
} from './results.test-kit';

useResultsWorld();
// The weights these tests read are set by the export test first (40 and 60, as the whole file once
// had them at this point); the kept answers test puts back whatever it found.

describe('export', () => {
  it('streams a workbook with one row per learner, the scores of each assignment and the converted score', async () => {
    await setWeights(40, 60);
    const res = await call(t, {
      method: 'GET',
      url: `/api/v1/courses/${w.course.id}/results/export/`,
      token: w.tokens.instructor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['과제 점수', '가중치']);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['학번', '이름', '이메일', '상태']);
    expect(header).toContain('결과 1차 합계');
    expect(header.at(-1)).toBe('환산 점수');
    expect(sheet.rowCount).toBe(1 + 3 + 1); // header, three learners, the withdrawn one
    const results = (await get(`/courses/${w.course.id}/results/`, w.tokens.instructor)).json() as Results;
    const codeColumn = 1;
    const conversionColumn = header.length;
    for (let i = 2; i <= sheet.rowCount; i++) {
      const code = sheet.getRow(i).getCell(codeColumn).value;
      const row = results.table.rows.find((r) => r.code === code);
      if (row) expect(sheet.getRow(i).getCell(conversionColumn).value).toBe(row.conversion_score);
    }
    const weights = book.worksheets[1]!;
    expect(weights.getRow(2).values).toEqual([undefined, '결과 1차', 40, 100]);
  });
});

/** The workbook's first sheet: its header and a row's values by header. */
async function workbook(lang: 'ko' | 'en') {
  const res = await call(t, {
    method: 'GET',
    url: `/api/v1/courses/${w.course.id}/results/export/`,
    token: w.tokens.instructor,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rowOf = (code: string) => {
    for (let i = 2; i <= sheet.rowCount; i++) {
      const values = (sheet.getRow(i).values as unknown[]).slice(1);
      if (values[0] === code) return Object.fromEntries(header.map((h, j) => [h, values[j] ?? null]));
    }
    throw new Error(`no row for ${code}`);
  };
  return { header, rowOf };
}

describe('export: the not-performed column the results page shows', () => {
  it('counts the stage tasks left undone, out of how many, and by stage, in ko and en', async () => {
    // The learner's essay of the first assignment, marked not done (as if never submitted).
    const [essay] = await t.database.db
      .select({ id: performances.id })
      .from(performances)
      .innerJoin(stages, eq(stages.id, performances.stageId))
      .where(
        and(
          eq(performances.enrollmentId, learnerEnrollment),
          eq(stages.assignmentId, first),
          eq(stages.model, 'essaywriting'),
        ),
      );
    await t.database.db
      .update(performances)
      .set({ isCompleted: false })
      .where(eq(performances.id, essay!.id));
    try {
      const ko = await workbook('ko');
      const conversion = ko.header.indexOf('환산 점수');
      expect(ko.header.slice(conversion - 4, conversion)).toEqual([
        '미수행',
        '전체 활동',
        '미수행 내역',
        '합계',
      ]);
      expect(ko.rowOf('L1')).toMatchObject({
        미수행: 1,
        '전체 활동': 4,
        '미수행 내역': '글쓰기 2개 중 1개, 동료평가 2개 중 0개',
      });
      expect(ko.rowOf('RP2')).toMatchObject({ 미수행: 0, '전체 활동': 4 });
      const en = await workbook('en');
      expect(en.header).toContain('Not performed');
      expect(en.rowOf('L1')).toMatchObject({
        'Not performed': 1,
        Tasks: 4,
        'Not performed, by stage': 'Essay writing 1 of 2, Peer review 0 of 2',
      });
    } finally {
      await t.database.db
        .update(performances)
        .set({ isCompleted: true })
        .where(eq(performances.id, essay!.id));
    }
  });
});

describe('kept answers', () => {
  it('the results are kept between requests, yet every saved change shows at the next request, by whatever path it was written', async () => {
    const url = `/courses/${w.course.id}/results/`;
    const read = async () => (await get(url, w.tokens.instructor)).json() as Results;
    const before = await read();
    expect(await read()).toEqual(before);
    const row = (r: Results) => r.table.rows.find((x) => x.pk === learnerEnrollment);

    // A learner's new name (written straight to the users table, as another service would).
    await t.database.db.update(users).set({ name: '새 이름' }).where(eq(users.id, w.users.learner.id));
    expect(row(await read())?.name).toBe('새 이름');

    // A withdrawal moves the learner among the withdrawn; coming back moves them again.
    await t.database.db
      .update(enrollments)
      .set({ isActive: false })
      .where(eq(enrollments.id, peerEnrollment));
    let now = await read();
    expect(now.table.withdrawn.map((x) => x.pk)).toContain(peerEnrollment);
    await t.database.db.update(enrollments).set({ isActive: true }).where(eq(enrollments.id, peerEnrollment));
    now = await read();
    expect(now.table.withdrawn.map((x) => x.pk)).not.toContain(peerEnrollment);

    // A stored score changed by a recomputation.
    const [report] = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.enrollmentId, learnerEnrollment), eq(reports.assignmentId, first)));
    await t.database.db
      .update(reports)
      .set({ scores: sql`jsonb_set(${reports.scores}, '{learner,scores,total}', '12.5'::jsonb)` })
      .where(eq(reports.id, report!.id));
    expect(row(await read())?.assignments.find((c) => c.pk === first)?.scores?.total).toBe(12.5);

    // New weights, through the API.
    await setWeights(20, 80);
    expect((await read()).weights.map((x) => x.weight)).toEqual([20, 80]);

    // Packed for a client that accepts it: the same answer.
    const packed = await call(t, {
      method: 'GET',
      url: `/api/v1${url}`,
      token: w.tokens.instructor,
      headers: { 'accept-encoding': 'br' },
    });
    expect(packed.headers['content-encoding']).toBe('br');
    expect(packed.headers.vary).toContain('Accept-Encoding');
    expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(brotliDecompressSync(packed.rawPayload).toString())).toEqual(await read());

    await t.database.db.update(reports).set({ scores: report!.scores }).where(eq(reports.id, report!.id));
    await t.database.db
      .update(users)
      .set({ name: w.users.learner.name })
      .where(eq(users.id, w.users.learner.id));
    expect((await patchWeights(before.weights.map(({ id, weight }) => ({ id, weight })))).statusCode).toBe(
      200,
    );
    // Everything back as it was: the same answer as at first.
    expect(await read()).toEqual(before);
  });
});
