import { readStageSettings } from '@pw/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import {
  assignments,
  calibrationAnswers,
  participations,
  peerMatchings,
  performances,
  stages,
} from '../schema';
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

  it('has a peer-review assignment with calibration examples that nobody has scored yet (issue 34, item 1)', async () => {
    const [row] = await database.db
      .select({ id: assignments.id, stepIndex: assignments.stepIndex, settings: stages.settings })
      .from(assignments)
      .innerJoin(stages, and(eq(stages.assignmentId, assignments.id), eq(stages.model, 'peerreview')))
      .where(eq(assignments.name, '1-1차 과제: 예시로 연습하고 평가하기'));
    expect(row?.stepIndex).toBe(1);
    const peer = readStageSettings('peerreview', row?.settings);
    expect(peer.calibration).toHaveLength(2);
    expect(peer.calibration.every((x) => x.points.length === peer.standards.length)).toBe(true);
    expect(await database.db.select().from(calibrationAnswers)).toEqual([]);
    const open = await database.db
      .select({ id: peerMatchings.id })
      .from(peerMatchings)
      .where(and(eq(peerMatchings.assignmentId, row?.id ?? 0), eq(peerMatchings.isCompleted, false)));
    expect(open.length).toBeGreaterThan(30);
  });
});
