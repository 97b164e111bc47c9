import { readStageSettings } from '@pw/contract';
import { anchorText, checkAnchor } from '@pw/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers';
import {
  assignments,
  calibrationAnswers,
  enrollments,
  participations,
  peerMatchings,
  performances,
  reviewAnchors,
  stages,
  users,
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

  it('has comments anchored in essays, each fitting the essay it comments on, some received by student01', async () => {
    const rows = await database.db
      .select({
        anchor: reviewAnchors,
        targetId: peerMatchings.targetId,
        assignmentId: peerMatchings.assignmentId,
      })
      .from(reviewAnchors)
      .innerJoin(peerMatchings, eq(peerMatchings.id, reviewAnchors.matchingId));
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const [essay] = await database.db
        .select({ content: performances.content, plainText: performances.plainText })
        .from(performances)
        .innerJoin(stages, eq(stages.id, performances.stageId))
        .where(
          and(
            eq(stages.assignmentId, row.assignmentId),
            eq(stages.model, 'essaywriting'),
            eq(performances.enrollmentId, row.targetId),
          ),
        );
      expect(checkAnchor(anchorText(essay?.content, essay?.plainText ?? ''), row.anchor)).toBeNull();
    }
    const [student01] = await database.db
      .select({ id: enrollments.id })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(eq(users.email, 'student01@example.com'));
    expect(rows.filter((r) => r.targetId === student01?.id).length).toBeGreaterThan(0);
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
