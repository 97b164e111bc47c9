import { brotliDecompressSync } from 'node:zlib';
import { courseResultsSchema } from '@pw/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { assignmentWeights, enrollments, reports, users } from '../../db/schema';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let peerToken: string;
let learnerEnrollment: number;
let peerEnrollment: number;
let first: number;
let second: number;

const get = (url: string, token: string | undefined) =>
  call(t, { method: 'GET', url: `/api/v1${url}`, token });
const patchWeights = (weights: { id: number; weight: number }[], token = w.tokens.instructor) =>
  call(t, {
    method: 'PATCH',
    url: `/api/v1/courses/${w.course.id}/assignments/weights/`,
    token,
    payload: { weights },
  });

/** An essay-and-peer-review assignment taken by the learner, the peer and the assistant to completion. */
async function completed(name: string, points: number[]) {
  const base = `/api/v1/courses/${w.course.id}/assignments`;
  const created = await call(t, {
    method: 'POST',
    url: `${base}/`,
    token: w.tokens.instructor,
    ...multipart({
      name,
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify(
        ESSAY_AND_PEER_REVIEW.map((s) =>
          s.model === 'peerreview' ? { ...s, stage_object: { ...s.stage_object, peer_count: 2 } } : s,
        ),
      ),
    }),
  });
  expect(created.statusCode).toBe(201);
  const id = (created.json() as { id: number }).id;
  const tokens = [w.tokens.learner, peerToken, w.tokens.assistant] as string[];
  for (const token of tokens) {
    const mine = (await get(`/courses/${w.course.id}/assignments/${id}/`, token)).json();
    const saved = await call(t, {
      method: 'PATCH',
      url: `${base}/${id}/performances/${mine.performance_id}/`,
      token,
      payload: { stage_object: { content: { ops: [{ insert: `${name} 에세이\n` }] } } },
    });
    expect(saved.statusCode).toBe(200);
  }
  const move = () =>
    call(t, { method: 'PATCH', url: `${base}/${id}/move-to-next-stage/`, token: w.tokens.instructor });
  expect((await move()).statusCode).toBe(200);
  for (const [n, token] of tokens.entries()) {
    const mine = (await get(`/courses/${w.course.id}/assignments/${id}/`, token)).json();
    const work = (
      await get(`/courses/${w.course.id}/assignments/${id}/performances/${mine.performance_id}/`, token)
    ).json();
    for (const target of work.stage_object.targets as { id: number }[]) {
      const saved = await call(t, {
        method: 'PATCH',
        url: `${base}/${id}/performances/peerreview-matching/${target.id}/`,
        token,
        payload: { responses: [{ id: 0, point: points[n] ?? 3, comment: '의견' }] },
      });
      expect(saved.statusCode).toBe(200);
    }
  }
  expect((await move()).statusCode).toBe(200);
  return id;
}

type Results = {
  chart: { id: number; total_avg: number }[];
  weights: { id: number; weight: number }[];
  table: {
    headers: { pk: number; name: string; max_total: number }[];
    rows: {
      pk: number;
      name: string;
      code: string;
      total: number;
      conversion_score: number;
      assignments: { pk: number; report: number | null; scores: { total: number } | null }[];
      not_performed: { unit: string; not_performed: number; total: number }[];
    }[];
    withdrawn: { pk: number }[];
  };
};

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const email = `resultpeer-${Date.now()}@example.com`;
  const user = await createUser(t, w.org.id, { email, name: '결과동료' });
  const [peer] = await t.database.db
    .insert(enrollments)
    .values({ courseId: w.course.id, userId: user.id, code: 'RP2' })
    .returning();
  peerEnrollment = peer!.id;
  peerToken = (await signInAs(t, email)) as string;
  const [me] = await t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
  learnerEnrollment = me!.id;
  first = await completed('결과 1차', [5, 2, 4]);
  second = await completed('결과 2차', [3, 6, 1]);
});
afterAll(async () => t.close());

describe('course results', () => {
  it('shows each completed assignment, every learner with the stored scores, and the withdrawn apart', async () => {
    const res = await get(`/courses/${w.course.id}/results/`, w.tokens.instructor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json() as Results;
    // Sent without the response schema: the answer is exactly what the schema lets through.
    expect(courseResultsSchema.parse(body)).toEqual(body);
    expect(body.table.headers.map((h) => h.pk)).toEqual([first, second]);
    expect(body.table.headers.every((h) => h.max_total === 100)).toBe(true);
    expect(body.table.rows.map((r) => r.code).sort()).toEqual(['A1', 'L1', 'RP2']);
    expect(body.table.withdrawn).toHaveLength(1);
    const stored = await t.database.db
      .select()
      .from(reports)
      .where(eq(reports.enrollmentId, learnerEnrollment));
    const mine = body.table.rows.find((r) => r.pk === learnerEnrollment)!;
    for (const cell of mine.assignments) {
      const report = stored.find((r) => r.assignmentId === cell.pk)!;
      const total = (report.scores as { learner: { scores: { total: number } } }).learner.scores.total;
      expect(cell.report).toBe(report.id);
      expect(cell.scores!.total).toBeCloseTo(total, 1);
    }
    const [a, b] = mine.assignments.map((c) => c.scores!.total) as [number, number];
    expect(mine.total).toBeCloseTo(a + b, 1);
    // No weights yet: both assignments count equally.
    // Rounded to one decimal: within half a tenth (53.65 may show as 53.7).
    expect(Math.abs(mine.conversion_score - (a + b) / 2)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(mine.not_performed).toEqual([
      { unit: 'ES', not_performed: 0, total: 2 },
      { unit: 'PE', not_performed: 0, total: 2 },
    ]);
    // The chart's class average is the active learners' mean.
    const avg = body.table.rows.reduce((s, r) => s + r.assignments[0]!.scores!.total, 0) / 3;
    expect(body.chart[0]!.total_avg).toBeCloseTo(avg, 0);
  });

  it('is for the instructor and assistants only; others get 403 or 404', async () => {
    const url = `/courses/${w.course.id}/results/`;
    expect((await get(url, w.tokens.assistant)).statusCode).toBe(200);
    expect((await get(url, w.tokens.learner)).statusCode).toBe(403);
    expect((await get(url, w.tokens.withdrawn)).statusCode).toBe(403);
    expect((await get(url, w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(url, undefined)).statusCode).toBe(401);
    expect((await get(`/courses/${w.course.id}/results/export/`, w.tokens.learner)).statusCode).toBe(403);
  });
});

describe('weights', () => {
  it('reads with or without the slash; whole numbers adding up to 0..100; conversion scores follow', async () => {
    for (const path of ['weights', 'weights/']) {
      const res = await get(`/courses/${w.course.id}/assignments/${path}`, w.tokens.instructor);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((x: { id: number }) => x.id)).toEqual([first, second]);
    }
    expect(
      (
        await patchWeights([
          { id: first, weight: 0 },
          { id: second, weight: 0 },
        ])
      ).statusCode,
    ).toBe(200);
    const over = await patchWeights([
      { id: first, weight: 50 },
      { id: second, weight: 51 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('weights_total');
    expect(over.json().detail).toContain('101');
    const negative = await patchWeights([{ id: first, weight: -1 }]);
    expect(negative.statusCode).toBe(400);
    expect((await patchWeights([{ id: first, weight: 1.5 }])).statusCode).toBe(400);
    expect((await patchWeights([{ id: 999_999, weight: 10 }])).statusCode).toBe(400);
    expect((await patchWeights([{ id: first, weight: 10 }], w.tokens.assistant)).statusCode).toBe(403);
    expect((await patchWeights([{ id: first, weight: 10 }], w.tokens.learner)).statusCode).toBe(403);
    // Nothing of the refused changes was stored.
    const stored = await t.database.db.select().from(assignmentWeights);
    expect(
      stored
        .filter((x) => x.assignmentId === first || x.assignmentId === second)
        .every((x) => x.weight === 0),
    ).toBe(true);

    const ok = await patchWeights([
      { id: first, weight: 30 },
      { id: second, weight: 70 },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().map((x: { weight: number }) => x.weight)).toEqual([30, 70]);
    const rows = ((await get(`/courses/${w.course.id}/results/`, w.tokens.instructor)).json() as Results)
      .table.rows;
    for (const r of rows) {
      const [a, b] = r.assignments.map((c) => c.scores?.total ?? 0) as [number, number];
      expect(Math.abs(r.conversion_score - (0.3 * a + 0.7 * b))).toBeLessThanOrEqual(0.05 + 1e-9);
    }
    expect(
      (
        await patchWeights([
          { id: first, weight: 100 },
          { id: second, weight: 0 },
        ])
      ).statusCode,
    ).toBe(200);
    // A partial change is checked against the stored rest: 100 + 1 is refused.
    const partial = await patchWeights([{ id: second, weight: 1 }]);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().detail).toContain('101');
  });

  it('partial changes at once cannot together pass 100', async () => {
    expect(
      (
        await patchWeights([
          { id: first, weight: 0 },
          { id: second, weight: 0 },
        ])
      ).statusCode,
    ).toBe(200);
    // Ten at once, half on each assignment: each one alone is fine, any two on different
    // assignments together pass 100, so only one assignment may end up weighted.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => patchWeights([{ id: i % 2 ? second : first, weight: 60 }])),
    );
    expect(answers.every((r) => r.statusCode === 200 || r.json().code === 'weights_total')).toBe(true);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const weights = (
      await get(`/courses/${w.course.id}/assignments/weights`, w.tokens.instructor)
    ).json() as {
      weight: number;
    }[];
    expect(weights.reduce((s, x) => s + x.weight, 0)).toBe(60);
  });
});

describe('personal score and my score', () => {
  it('the instructor and assistants read anyone; a learner only themself', async () => {
    const url = (eid: number) => `/courses/${w.course.id}/enrolls/${eid}/personal-score`;
    const res = await get(url(learnerEnrollment), w.tokens.instructor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: learnerEnrollment, name: 'learner' });
    expect(body.assignments.map((a: { id: number }) => a.id)).toEqual([first, second]);
    expect(body.assignments[0].individual_score.total).toBeGreaterThan(0);
    expect(body.assignments[0].report).toBeGreaterThan(0);
    // The class average of each assignment is the mean over the active learners of the results
    // table (the withdrawn learner and instructor seats left out), rounded to a tenth.
    const table = ((await get(`/courses/${w.course.id}/results/`, w.tokens.instructor)).json() as Results)
      .table;
    body.assignments.forEach((assignment: { all_score: Record<string, number> }, i: number) => {
      for (const key of [
        'total',
        'essay_writing_score',
        'peer_review_score',
        'metacognition_score',
        'feedback_review_score',
        'revisement_score',
      ] as const) {
        const values = table.rows.map((r) => (r.assignments[i]!.scores as Record<string, number>)[key] ?? 0);
        const mean = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
        expect(assignment.all_score[key]).toBeCloseTo(mean, 9);
      }
    });
    expect((await get(`${url(learnerEnrollment)}/`, w.tokens.assistant)).statusCode).toBe(200);
    expect((await get(url(learnerEnrollment), w.tokens.learner)).statusCode).toBe(200);
    expect((await get(url(peerEnrollment), w.tokens.learner)).statusCode).toBe(404);
    expect((await get(url(learnerEnrollment), w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(url(999_999), w.tokens.instructor)).statusCode).toBe(404);
    const mine = await get(`/courses/${w.course.id}/scores-by-learner/`, w.tokens.learner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(body);
    expect((await get(`/courses/${w.course.id}/scores-by-learner/`, w.tokens.instructor)).statusCode).toBe(
      404,
    );
  });
});

describe('export', () => {
  it('streams a workbook with one row per learner, the scores of each assignment and the converted score', async () => {
    expect(
      (
        await patchWeights([
          { id: first, weight: 40 },
          { id: second, weight: 60 },
        ])
      ).statusCode,
    ).toBe(200);
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
    expect(
      (
        await patchWeights([
          { id: first, weight: 20 },
          { id: second, weight: 80 },
        ])
      ).statusCode,
    ).toBe(200);
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
