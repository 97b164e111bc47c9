import { PARTICIPATION_STATUS } from '@pw/contract';
import { hasWorkInStep } from '@pw/domain';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, participations, peerMatchings, performances, users } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';

/**
 * The participants with work in a step (`hasWorkInStep`), as users; with `unfinished`, only those
 * whose work of the step is not done yet (a performance of one of its stages still open).
 */
export async function peopleWithWork(
  tx: Db | Tx,
  shape: AssignmentShape,
  index: number,
  options: { unfinished: boolean },
) {
  const step = shape.steps[index];
  if (!step) return [];
  const a = shape.row;
  const essayStageId = shape.stage('essaywriting')?.id ?? -1;
  const people = await tx
    .select({
      enrollmentId: participations.enrollmentId,
      userId: enrollments.userId,
      name: users.name,
      /** When they first opened the assignment's task information (null: never). */
      attendedAt: participations.attendedAt,
      isSeat: enrollments.isInstructorSeat,
      essayDone: performances.isCompleted,
    })
    .from(participations)
    .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(
      performances,
      and(eq(performances.enrollmentId, participations.enrollmentId), eq(performances.stageId, essayStageId)),
    )
    .where(
      and(
        eq(participations.assignmentId, a.id),
        eq(participations.status, PARTICIPATION_STATUS.participating),
        eq(enrollments.isActive, true),
      ),
    );
  const others = and(
    eq(peerMatchings.assignmentId, a.id),
    ne(peerMatchings.reviewerId, peerMatchings.targetId),
  );
  const toWrite = step.models.includes('peerreview')
    ? await tx
        .select({ id: peerMatchings.reviewerId, n: count() })
        .from(peerMatchings)
        .where(others)
        .groupBy(peerMatchings.reviewerId)
    : [];
  const received = step.models.includes('feedbackreview')
    ? await tx
        .select({ id: peerMatchings.targetId, n: count() })
        .from(peerMatchings)
        .where(and(others, eq(peerMatchings.isCompleted, true)))
        .groupBy(peerMatchings.targetId)
    : [];
  const writes = new Map(toWrite.map((r) => [r.id, r.n]));
  const receives = new Map(received.map((r) => [r.id, r.n]));
  let open: Set<number> | undefined;
  if (options.unfinished) {
    const stageIds = shape.stages
      .filter((s) => step.models.includes(s.model) && s.model !== 'adjustment')
      .map((s) => s.id);
    const rows = stageIds.length
      ? await tx
          .select({ id: performances.enrollmentId })
          .from(performances)
          .where(and(inArray(performances.stageId, stageIds), eq(performances.isCompleted, false)))
      : [];
    open = new Set(rows.map((r) => r.id));
  }
  return people.filter(
    (p) =>
      hasWorkInStep(step.models, {
        essayDone: p.essayDone === true,
        reviewsToWrite: writes.get(p.enrollmentId) ?? 0,
        reviewsReceived: receives.get(p.enrollmentId) ?? 0,
        isSeat: p.isSeat,
      }) &&
      (open === undefined || open.has(p.enrollmentId)),
  );
}
