import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/helpers';
import { enrollments, performances, stages } from '../../db/schema';
import { create, t, useAssignmentWorld, w } from './assignments.test-kit';

// Participation, the management table and the dashboard.

useAssignmentWorld();

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
    // The world's assistant takes part in the assignment: a learner there, she approves no one.
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url: `${base}/participations/${enrol!.id}/approve/`,
          token: w.tokens.assistant,
        })
      ).statusCode,
    ).toBe(403);
    const approve = await call(t, {
      method: 'PATCH',
      url: `${base}/participations/${enrol!.id}/approve/`,
      token: w.tokens.instructor,
    });
    expect(approve.json()).toEqual({ status: 1 });
    const before = await call(t, { method: 'GET', url: `${base}/`, token: w.tokens.outsider });
    expect(before.json().attended).toBe(false);
    const attend = await call(t, { method: 'PATCH', url: `${base}/attendance/`, token: w.tokens.outsider });
    expect(attend.json()).toEqual({ is_completed: true, status: 1 });
    // The assignment now says so, and the page sends no second call (issue 36, item 11).
    const after = await call(t, { method: 'GET', url: `${base}/`, token: w.tokens.outsider });
    expect(after.json().attended).toBe(true);
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
    // (The table reads its performances as one JSON array of [id, stage id, …] per statement.)
    const stageIds = read.flatMap((r) =>
      Array.isArray(r.work) ? (r.work as unknown[][]).map((w) => w[1]) : [r.stage_id],
    );
    expect(stageIds.length).toBeGreaterThan(0);
    expect(stageIds.filter((id) => !mineStages.includes(id as number))).toEqual([]);

    const theirs = await tableOf(other.id);
    expect(theirs.headers[0]).toMatchObject({ short: 'ES', performances: 2, finished_performances: 1 });
    expect(learnerOf(theirs).cells?.[0]).toMatchObject({ finished: 1, total: 1, is_completed: true });
    expect(learnerOf(theirs).name).toMatchObject({
      is_essay_late: true,
      essay_late_time: expect.any(String),
    });
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
