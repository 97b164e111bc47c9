import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import { participations, performances, stages } from '../schema';
import { seedDatabase } from './demo';

// The demo data tells a consistent story on every screen.
describe('the demo data', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const silent = { info: () => undefined } as unknown as Parameters<typeof seedDatabase>[1];
    expect(await seedDatabase(database.db, silent, { demo: true })).toBe('demo');
  });
  afterAll(async () => database.close());

  it('has every learner who finished an essay as having read the task (issue 36: "0 of 30 opened")', async () => {
    const unread = await database.db
      .select({ id: performances.id })
      .from(performances)
      .innerJoin(stages, eq(stages.id, performances.stageId))
      .innerJoin(
        participations,
        and(
          eq(participations.assignmentId, stages.assignmentId),
          eq(participations.enrollmentId, performances.enrollmentId),
        ),
      )
      .where(
        and(
          eq(stages.model, 'essaywriting'),
          eq(performances.isCompleted, true),
          isNull(participations.attendedAt),
        ),
      );
    const finished = await database.db
      .select({ id: performances.id })
      .from(performances)
      .innerJoin(stages, eq(stages.id, performances.stageId))
      .where(and(eq(stages.model, 'essaywriting'), eq(performances.isCompleted, true)));
    expect(finished.length).toBeGreaterThan(0);
    expect(unread).toEqual([]);
  });
});
