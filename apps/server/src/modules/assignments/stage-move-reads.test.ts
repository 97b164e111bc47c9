import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld, ESSAY_AND_PEER_REVIEW, multipart } from '../../../test/factories';
import { buildTestApp, call, type TestApp } from '../../../test/helpers';
import { advanceAssignment } from './stage-runner';

// Issue 28: a stage move reads the assignment and its stages once, locked, and passes them down
// (entering a step, opening the work, matching, computing the reports at completion).

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;

beforeAll(async () => {
  t = await buildTestApp();
  w = await createCourseWorld(t);
});
afterAll(async () => t.close());

async function create(name: string, fields: Record<string, string> = {}, progresses = ESSAY_AND_PEER_REVIEW) {
  const res = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...multipart({ name, description: '설명', progresses: JSON.stringify(progresses), ...fields }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** The statements `run` sends. */
async function statementsOf(run: () => Promise<unknown>) {
  t.database.queries.texts = [];
  try {
    await run();
    return t.database.queries.texts;
  } finally {
    t.database.queries.texts = undefined;
  }
}

const onStages = (texts: string[]) =>
  texts.filter((q) => /\bfrom "stages"/i.test(q) && !/performances/.test(q));
const onAssignment = (texts: string[]) => texts.filter((q) => /\bfrom "assignments"/i.test(q));

describe('a stage move reads the assignment once', () => {
  it('by hand: into the first step, into peer review, and to completion with the reports', async () => {
    const id = await create('손으로 옮기기');
    for (const expected of ['PR', 'ESSAY', 'PEER']) {
      const texts = await statementsOf(async () => {
        const moved = await call(t, {
          method: 'PATCH',
          url: `/api/v1/courses/${w.course.id}/assignments/${id}/move-to-next-stage/`,
          token: w.tokens.instructor,
        });
        expect(moved.statusCode, moved.body).toBe(200);
      });
      // The one read of the move (its row locked) and its stages; the answer is the moved shape.
      expect(onStages(texts), expected).toHaveLength(1);
      expect(onAssignment(texts), expected).toHaveLength(1);
      expect(onAssignment(texts)[0], expected).toMatch(/for update/i);
    }
  });

  it('by the scheduler: every due step in one read', async () => {
    const start = new Date(Date.now() + 60 * 60_000);
    const day = 24 * 60 * 60_000;
    const dated = ESSAY_AND_PEER_REVIEW.map((p, i) => ({
      ...p,
      start_date: new Date(start.getTime() + i * day).toISOString(),
      end_date: new Date(start.getTime() + (i + 1) * day - 60_000).toISOString(),
    }));
    const id = await create('일정대로', { is_auto_schedule: 'true' }, dated);
    // Past the end of every step: it enters both steps and completes, in one transaction.
    let due: number[] = [];
    const texts = await statementsOf(async () => {
      due = await advanceAssignment(t.database.db, id, new Date(start.getTime() + 3 * day));
    });
    expect(due).toEqual([0, 1, 2]);
    expect(onStages(texts)).toHaveLength(1);
    expect(onAssignment(texts)).toHaveLength(1);
    expect(onAssignment(texts)[0]).toMatch(/for update skip locked/i);
  });
});
