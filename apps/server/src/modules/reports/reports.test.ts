import { scoreTableSchema } from '@pw/contract';
import { scoreAssignment } from '@pw/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, multipart } from '../../../test/factories';
import { buildTestApp, call, createUser, signInAs, type TestApp } from '../../../test/helpers';
import { enrollments, notifications, reports } from '../../db/schema';
import { scoringInput } from './compute-reports';

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
let peerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
  const email = `reportpeer-${Date.now()}@example.com`;
  const user = await createUser(t, w.org.id, { email, name: '보고서동료' });
  await t.database.db.insert(enrollments).values({ courseId: w.course.id, userId: user.id, code: 'RP2' });
  peerToken = (await signInAs(t, email)) as string;
});
afterAll(async () => t.close());

const base = () => `/api/v1/courses/${w.course.id}/assignments`;
const move = (id: number) =>
  call(t, { method: 'PATCH', url: `${base()}/${id}/move-to-next-stage/`, token: w.tokens.instructor });
const get = (url: string, token: string | undefined) => call(t, { method: 'GET', url, token });

/** A whole cycle for the learner, the peer and the assistant, stopped at the feedback step. */
async function atFeedback(peerCount = 2) {
  const created = await call(t, {
    method: 'POST',
    url: `${base()}/`,
    token: w.tokens.instructor,
    ...multipart({
      name: `보고서 ${Date.now()}`,
      description: '설명',
      is_directly_starting: 'true',
      progresses: JSON.stringify([
        { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
        {
          model: 'peerreview',
          stage_object: {
            peer_count: peerCount,
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
  const a = created.json() as { id: number };
  const tokens = [w.tokens.learner, peerToken, w.tokens.assistant] as string[];
  for (const token of tokens) {
    const mine = (await get(`${base()}/${a.id}/`, token)).json();
    await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/${mine.performance_id}/`,
      token,
      payload: { stage_object: { content: { ops: [{ insert: '에세이\n' }] } } },
    });
  }
  await move(a.id);
  const points = [5, 2, 4];
  for (const [n, token] of tokens.entries()) {
    const mine = (await get(`${base()}/${a.id}/`, token)).json();
    const work = (await get(`${base()}/${a.id}/performances/${mine.performance_id}/`, token)).json();
    for (const target of work.stage_object.targets as { id: number }[]) {
      const saved = await call(t, {
        method: 'PATCH',
        url: `${base()}/${a.id}/performances/peerreview-matching/${target.id}/`,
        token,
        payload: { responses: [{ id: 0, point: points[n] ?? 3, comment: '의견' }] },
      });
      expect(saved.statusCode).toBe(200);
    }
  }
  await move(a.id);
  for (const token of tokens) {
    const mine = (await get(`${base()}/${a.id}/`, token)).json();
    const work = (await get(`${base()}/${a.id}/performances/${mine.performance_id}/`, token)).json();
    for (const review of work.stage_object.targets as { id: number }[]) {
      await call(t, {
        method: 'PATCH',
        url: `${base()}/${a.id}/performances/feedbackreview-matching/${review.id}/`,
        token,
        payload: { point: 4, comment: '도움이 됐어요' },
      });
    }
  }
  return a;
}

describe('reports', () => {
  it('completion stores every report, equal to the engine run on the stored inputs; learners read only their own', async () => {
    const a = await atFeedback();
    // Before completion: the instructor sees provisional scores, learners have no report.
    const provisional = await get(`${base()}/${a.id}/scores/`, w.tokens.instructor);
    expect(provisional.json()).toMatchObject({ completed: false, provisional: true });
    expect((await get(`${base()}/${a.id}/`, w.tokens.learner)).json().report_id).toBeNull();
    expect((await get(`${base()}/${a.id}/scores/`, w.tokens.learner)).statusCode).toBe(403);

    await move(a.id);
    const stored = await t.database.db.select().from(reports).where(eq(reports.assignmentId, a.id));
    expect(stored).toHaveLength(3);
    const engine = scoreAssignment(await scoringInput(t.database.db, a.id));
    const reportId = (await get(`${base()}/${a.id}/`, w.tokens.learner)).json().report_id as number;
    const mine = await get(`${base()}/${a.id}/reports/${reportId}/`, w.tokens.learner);
    expect(mine.statusCode).toBe(200);
    const [me] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
    const expected = engine.learners.find((l) => l.learnerId === String(me!.id))!;
    expect(mine.json()).toMatchObject({
      is_my_report: true,
      completed: true,
      provisional: false,
      total: Math.round(expected.scores.total * 10) / 10,
      essay_writing_score: Math.round(expected.scores.essayWriting * 10) / 10,
      total_info: { member_cnt: engine.memberCount },
    });
    expect(mine.json().scores.map((s: { type: string }) => s.type)).toEqual(['ES', 'PE', 'ME', 'FE', 'RE']);
    expect(mine.json().essay.plain_text).toBe('에세이\n');
    // The others section: the learner gave 5 to both peers; the peer gave 2 and the assistant 4.
    const given = mine.json().given_reviews;
    expect(given.reviews.map((r: { label: number }) => r.label)).toEqual([1, 2]);
    expect(
      given.reviews
        .map((r: { standards: { my_point: number; others_avg: number; others_count: number }[] }) => [
          r.standards[0]!.my_point,
          r.standards[0]!.others_avg,
          r.standards[0]!.others_count,
        ])
        .sort(),
    ).toEqual([
      [5, 2, 1],
      [5, 4, 1],
    ]);
    expect(given.bias).toEqual([{ question: '논지', mean_deviation: 2, compared: 2 }]);
    expect(JSON.stringify(given)).not.toMatch(/보고서동료|enroll|reviewer/);
    // Another learner's report is not there for them; the instructor and assistants read any.
    const other = stored.find((r) => r.id !== reportId)!;
    expect((await get(`${base()}/${a.id}/reports/${other.id}/`, w.tokens.learner)).statusCode).toBe(404);
    const asInstructor = await get(`${base()}/${a.id}/reports/${other.id}/`, w.tokens.instructor);
    expect(asInstructor.statusCode).toBe(200);
    expect(asInstructor.json().given_reviews).toBeNull();
    expect((await get(`${base()}/${a.id}/reports/${reportId}/`, w.tokens.outsider)).statusCode).toBe(404);
    const answer = await get(`${base()}/${a.id}/scores/`, w.tokens.instructor);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const table = answer.json();
    expect(table).toMatchObject({ completed: true, provisional: false });
    expect(table.reports).toHaveLength(3);
    expect(table.reports[0].pr_performance.reviewers.at(-1).is_self_review).toBe(true);
  });

  it('ranks and averages those who submitted an essay; a participant without one is scored, not ranked, listed apart', async () => {
    // A learner enrolled before the start takes part (everyone active does) but writes nothing.
    const email = `idle-${Date.now()}@example.com`;
    const user = await createUser(t, w.org.id, { email, name: '가미제출' });
    const [idle] = await t.database.db
      .insert(enrollments)
      .values({ courseId: w.course.id, userId: user.id, code: `ID${Date.now() % 100000}` })
      .returning();
    const idleToken = (await signInAs(t, email)) as string;
    const a = await atFeedback();
    await move(a.id);
    const stored = await t.database.db.select().from(reports).where(eq(reports.assignmentId, a.id));
    expect(stored).toHaveLength(4);
    // Their own report says why they have no rank.
    const idleReportId = (await get(`${base()}/${a.id}/`, idleToken)).json().report_id as number;
    const theirs = (await get(`${base()}/${a.id}/reports/${idleReportId}/`, idleToken)).json();
    expect(theirs).toMatchObject({ submitted: false, total_info: null, essay_writing_score: 0 });
    // A writer is ranked among the three writers; the class average is theirs.
    const mineId = (await get(`${base()}/${a.id}/`, w.tokens.learner)).json().report_id as number;
    const mine = (await get(`${base()}/${a.id}/reports/${mineId}/`, w.tokens.learner)).json();
    expect(mine).toMatchObject({ submitted: true, total_info: { member_cnt: 3 } });
    const table = scoreTableSchema.parse(
      (await get(`${base()}/${a.id}/scores/`, w.tokens.instructor)).json(),
    );
    const writers = table.reports.filter((r) => r.submitted);
    expect(writers).toHaveLength(3);
    expect(table.reports.find((r) => r.enrollment === idle!.id)?.submitted).toBe(false);
    const mean = writers.reduce((sum, r) => sum + r.total, 0) / 3;
    expect(mine.total_avg).toBeCloseTo(mean, 0);
    // The course results average this assignment over the same three.
    const results = (await get(`/api/v1/courses/${w.course.id}/results/`, w.tokens.instructor)).json();
    const column = results.chart.find((c: { id: number }) => c.id === a.id);
    expect(column.total_avg).toBeCloseTo(mean, 0);
    // Withdrawn, they no longer count anywhere below.
    await t.database.db.update(enrollments).set({ isActive: false }).where(eq(enrollments.id, idle!.id));
  });

  it('says where the peer-review accuracy came from: measured, or not measurable with one reviewer per essay', async () => {
    const reportOf = async (id: number) => {
      const reportId = (await get(`${base()}/${id}/`, w.tokens.learner)).json().report_id as number;
      const res = await get(`${base()}/${id}/reports/${reportId}/`, w.tokens.learner);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const measured = await atFeedback(2);
    await move(measured.id);
    expect((await reportOf(measured.id)).explanation.evaluation).toMatchObject({ accuracy_basis: 'own' });
    // One reviewer per essay: nobody can be compared, so the engine does not measure evaluation
    // ability; the learner gets half the score for each completed review, and is told so.
    const alone = await atFeedback(1);
    await move(alone.id);
    const report = await reportOf(alone.id);
    expect(report.explanation.evaluation).toMatchObject({
      accuracy_basis: 'neutral',
      completed: 1,
      assigned: 1,
    });
    expect(report.is_average_peer_review_score).toBe(true);
    expect(report.peer_review_score).toBeCloseTo(10 * 0.5, 1);
  });

  it('the revision score follows each change; initialise goes back to no score (the original), and totals follow', async () => {
    const a = await atFeedback();
    await move(a.id);
    const reportId = (await get(`${base()}/${a.id}/`, w.tokens.learner)).json().report_id as number;
    const url = `${base()}/${a.id}/reports/${reportId}/`;
    const before = (await get(url, w.tokens.instructor)).json();
    expect(before).toMatchObject({ revisement_score: 0, origin_revisement_score: null });
    const patch = (payload: Record<string, unknown>, token = w.tokens.instructor) =>
      call(t, { method: 'PATCH', url, token, payload });
    expect((await patch({ revisement_score: 10.5 })).statusCode).toBe(400);
    expect((await patch({ revisement_score: 7.25 })).statusCode).toBe(400);
    expect((await patch({ revisement_score: 8 }, w.tokens.learner)).statusCode).toBe(403);
    // A mistyped first score is not kept as the original.
    const first = (await patch({ revisement_score: 8 })).json();
    expect(first).toMatchObject({ revisement_score: 8, origin_revisement_score: null });
    expect(first.total).toBeCloseTo(before.total - before.revisement_score + 8, 1);
    const second = (await patch({ revisement_score: 6.5 })).json();
    expect(second).toMatchObject({ revisement_score: 6.5, origin_revisement_score: null });
    const restored = (await patch({ initialise: true })).json();
    expect(restored).toMatchObject({ revisement_score: 0, origin_revisement_score: null });
    expect(restored.total).toBeCloseTo(before.total, 1);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, reportId));
    expect(row!.revisementScore).toBeNull();
    // The world's assistant took part in the assignment: she writes no comment on it.
    expect((await patch({ comment: { content: '…' } }, w.tokens.assistant)).statusCode).toBe(403);
    const commented = (await patch({ comment: { content: '논지가 분명해졌습니다.' } })).json();
    expect(commented.comment).toEqual({ content: '논지가 분명해졌습니다.' });
    expect((await get(url, w.tokens.learner)).json().comment).toEqual({ content: '논지가 분명해졌습니다.' });
  });

  it('an adjustment after completion recomputes the stored reports at once', async () => {
    const a = await atFeedback();
    await move(a.id);
    const table = (await get(`${base()}/${a.id}/scores/`, w.tokens.instructor)).json();
    const author = table.reports[0];
    const review = author.pr_performance.reviewers.find(
      (r: { is_self_review: boolean }) => !r.is_self_review,
    );
    const [storedBefore] = await t.database.db.select().from(reports).where(eq(reports.id, author.id));
    const adjusted = await call(t, {
      method: 'PATCH',
      url: `${base()}/${a.id}/performances/peerreview-matching/${review.id}/instructor/`,
      token: w.tokens.instructor,
      payload: {
        responses: [{ id: 0, edited_point: review.responses[0].point === 0 ? 6 : 0 }],
        instructor_comment: '점수 조정',
      },
    });
    expect(adjusted.statusCode).toBe(200);
    // The score page (kept between requests once completed) shows the adjustment at once.
    const again = (await get(`${base()}/${a.id}/scores/`, w.tokens.instructor)).json();
    const shown = again.reports
      .find((r: { id: number }) => r.id === author.id)
      .pr_performance.reviewers.find((r: { id: number }) => r.id === review.id);
    expect(shown.responses[0].edited_point).toBe(review.responses[0].point === 0 ? 6 : 0);
    const [storedAfter] = await t.database.db.select().from(reports).where(eq(reports.id, author.id));
    expect(storedAfter!.computedAt!.getTime()).toBeGreaterThan(storedBefore!.computedAt!.getTime());
    const engine = scoreAssignment(await scoringInput(t.database.db, a.id));
    const expected = engine.learners.find((l) => l.learnerId === String(author.enrollment))!;
    expect(
      (storedAfter!.scores as { learner: { scores: { total: number } } }).learner.scores.total,
    ).toBeCloseTo(expected.scores.total, 6);
    // Whose total moved is told their scores changed; nobody else.
    const changedFor = await t.database.db
      .select({ enrollmentId: enrollments.id })
      .from(notifications)
      .innerJoin(
        enrollments,
        and(eq(enrollments.userId, notifications.userId), eq(enrollments.courseId, w.course.id)),
      )
      .where(sql`${notifications.key} like ${`scores-changed:${a.id}:%`}`);
    const before = (storedBefore!.scores as { learner: { scores: { total: number } } }).learner.scores.total;
    const after = (storedAfter!.scores as { learner: { scores: { total: number } } }).learner.scores.total;
    if (before !== after) expect(changedFor.map((c) => c.enrollmentId)).toContain(author.enrollment);
    expect(changedFor.length).toBeGreaterThan(0);
  });

  it('the score page of a completed assignment shows the stored reports, in the order of the live computation', async () => {
    const a = await atFeedback();
    const live = (await get(`${base()}/${a.id}/scores/`, w.tokens.instructor)).json();
    await move(a.id);
    const fresh = (await get(`${base()}/${a.id}/scores/`, w.tokens.instructor)).json();
    expect(fresh.reports.map((r: { enrollment: number }) => r.enrollment)).toEqual(
      live.reports.map((r: { enrollment: number }) => r.enrollment),
    );
    // Mark one stored report: the page reads it (what the learner reads) instead of running the
    // engine again on every request.
    const author = fresh.reports[0];
    await t.database.db
      .update(reports)
      .set({ scores: sql`jsonb_set(${reports.scores}, '{learner,scores,total}', '42.25'::jsonb)` })
      .where(eq(reports.id, author.id));
    const table = (await get(`${base()}/${a.id}/scores/`, w.tokens.instructor)).json();
    // Sent without the response schema: the answer is exactly what the schema lets through.
    expect(scoreTableSchema.parse(table)).toEqual(table);
    expect(scoreTableSchema.parse(live)).toEqual(live);
    expect(table).toMatchObject({ completed: true, provisional: false });
    expect(table.reports[0]).toMatchObject({ id: author.id, name: author.name, total: 42.3 });
    expect(table.reports[0].pr_performance).toEqual(author.pr_performance);
    expect(table.reports.slice(1)).toEqual(fresh.reports.slice(1));
  });

  it('standard scores: 50 + 10·z of the total within the class, per completed assignment, oldest first', async () => {
    const a = await atFeedback();
    await move(a.id);
    const stored = await t.database.db.select().from(reports).where(eq(reports.assignmentId, a.id));
    const totals = stored.map((r) => ({
      id: r.enrollmentId,
      total: (r.scores as { learner: { scores: { total: number } } }).learner.scores.total,
    }));
    const mean = totals.reduce((x, y) => x + y.total, 0) / totals.length;
    const std = Math.sqrt(totals.reduce((x, y) => x + (y.total - mean) ** 2, 0) / totals.length);
    const [me] = await t.database.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.courseId, w.course.id), eq(enrollments.userId, w.users.learner.id)));
    const mine = totals.find((x) => x.id === me!.id)!;
    const expected = std > 0 ? 50 + (10 * (mine.total - mean)) / std : 50;
    const list = (await get('/api/v1/users/standard-scores/', w.tokens.learner)).json() as {
      assignment: string;
      standard_score: number;
    }[];
    const last = list.at(-1)!;
    expect(last.standard_score).toBeCloseTo(expected, 1);
    expect(list.length).toBeGreaterThanOrEqual(1);
  });
});
