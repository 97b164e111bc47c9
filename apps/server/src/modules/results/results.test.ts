import { courseResultsSchema, scoresByLearnerSchema } from '@pw/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignmentWeights, reports } from '../../db/schema';
import {
  first,
  get,
  learnerEnrollment,
  patchWeights,
  peerEnrollment,
  type Results,
  second,
  setWeights,
  t,
  useResultsWorld,
  w,
} from './results.test-kit';

useResultsWorld();

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

  it('is for the instructor and assistants who take part in none of its assignments; others get 403 or 404', async () => {
    const url = `/courses/${w.course.id}/results/`;
    // The world's assistant took part in the completed assignments: she reads them as a learner.
    expect((await get(url, w.tokens.assistant)).statusCode).toBe(403);
    expect((await get(`/courses/${w.course.id}/results/export/`, w.tokens.assistant)).statusCode).toBe(403);
    expect((await get(url, w.tokens.learner)).statusCode).toBe(403);
    expect((await get(url, w.tokens.withdrawn)).statusCode).toBe(403);
    expect((await get(url, w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(url, undefined)).statusCode).toBe(401);
    expect((await get(`/courses/${w.course.id}/results/export/`, w.tokens.learner)).statusCode).toBe(403);
    // The course role info answers the same, so the screens hide the results link.
    const readsResults = async (token: string | undefined) =>
      (await get(`/courses/${w.course.id}/role/`, token)).json().reads_results;
    expect(await readsResults(w.tokens.instructor)).toBe(true);
    expect(await readsResults(w.tokens.assistant)).toBe(false);
    expect(await readsResults(w.tokens.learner)).toBe(false);
  });
});

describe('weights', () => {
  it('reads with or without the slash; whole numbers adding up to 0..100; conversion scores follow', async () => {
    for (const path of ['weights', 'weights/']) {
      const res = await get(`/courses/${w.course.id}/assignments/${path}`, w.tokens.instructor);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((x: { id: number }) => x.id)).toEqual([first, second]);
    }
    await setWeights(0, 0);
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
    await setWeights(100, 0);
    // A partial change is checked against the stored rest: 100 + 1 is refused.
    const partial = await patchWeights([{ id: second, weight: 1 }]);
    expect(partial.statusCode).toBe(400);
    expect(partial.json().detail).toContain('101');
  });

  it('partial changes at once cannot together pass 100', async () => {
    await setWeights(0, 0);
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
  it('the instructor reads anyone (an assistant who took part does not); a learner only themself', async () => {
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
    // The world's assistant took part in these assignments: another learner's score is not hers.
    expect((await get(`${url(learnerEnrollment)}/`, w.tokens.assistant)).statusCode).toBe(404);
    expect((await get(url(learnerEnrollment), w.tokens.learner)).statusCode).toBe(200);
    expect((await get(url(peerEnrollment), w.tokens.learner)).statusCode).toBe(404);
    expect((await get(url(learnerEnrollment), w.tokens.outsider)).statusCode).toBe(404);
    expect((await get(url(999_999), w.tokens.instructor)).statusCode).toBe(404);
    const mine = await get(`/courses/${w.course.id}/scores-by-learner/`, w.tokens.learner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(body);
    expect((await get(`/courses/${w.course.id}/scores-by-learner/`, w.tokens.outsider)).statusCode).toBe(404);
  });

  it('scores by learner, asked by the instructor: the class line the results page draws, no one’s own scores', async () => {
    const res = await get(`/courses/${w.course.id}/scores-by-learner/`, w.tokens.instructor);
    expect(res.statusCode).toBe(200);
    const line = scoresByLearnerSchema.parse(res.json());
    expect(line).toMatchObject({ id: null, name: w.course.name });
    const results = courseResultsSchema.parse(
      (await get(`/courses/${w.course.id}/results/`, w.tokens.instructor)).json(),
    );
    expect(line.assignments.map((a) => a.id)).toEqual([first, second]);
    // The same averages as the results' chart, key by key, and nobody's individual scores.
    line.assignments.forEach((a, i) => {
      const chart = results.chart[i] as unknown as Record<string, number>;
      expect(a.max_total).toBe(chart.max_total);
      for (const [key, value] of Object.entries(a.all_score)) expect(value).toBe(chart[`${key}_avg`]);
      expect(a.individual_score).toBeNull();
      expect(a.report).toBeNull();
    });
    // The assistant takes part in this course: theirs is their own personal score.
    const assistant = (await get(`/courses/${w.course.id}/scores-by-learner/`, w.tokens.assistant)).json();
    expect(assistant.id).toBeGreaterThan(0);
    expect(assistant.assignments[0].individual_score).not.toBeNull();
  });
});
