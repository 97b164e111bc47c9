import type { StageCode } from '@pw/contract';
import { codeAt, createMatching, dueAdvances, nextBoundary, type StageModel, stepsOf } from '@pw/domain';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { assignments, enrollments, participations, peerMatchings, stages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createPerformances } from '../performances/create-performances';
import { computeReports } from '../reports/compute-reports';
import { lockAssignmentWork } from './assignment-lock';
import { activeParticipants, asDomainParticipants } from './participants';

type AssignmentRow = typeof assignments.$inferSelect;
type StageRow = typeof stages.$inferSelect;

function stepsFor(rows: StageRow[]) {
  return stepsOf(rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })));
}

async function loadStages(tx: Tx | Db, assignmentId: number) {
  return tx.select().from(stages).where(eq(stages.assignmentId, assignmentId)).orderBy(asc(stages.position));
}

/**
 * What happens when an assignment enters a step (runs once per step, inside the transaction
 * that moves it): entering the first step enrols every active learner (and the instructor's
 * seat) as a participant; every step opens each participant's performances; entering peer review creates the review matchings, plus one
 * self-review per author, from the essays finished by then.
 */
async function enterStep(tx: Tx, a: AssignmentRow, rows: StageRow[], index: number) {
  const steps = stepsFor(rows);
  const step = steps[index];
  if (index === 0) {
    const active = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.courseId, a.courseId), eq(enrollments.isActive, true)));
    if (active.length) {
      await tx
        .insert(participations)
        .values(active.map((e) => ({ assignmentId: a.id, enrollmentId: e.id, status: 1 })))
        .onConflictDoNothing();
    }
  }
  // Every participant's work of the step exists from its first second (never lost on withdrawal).
  await createPerformances(tx, a.id, rows, step);
  if (step?.models.includes('peerreview')) {
    const essayStage = rows.find((s) => s.model === 'essaywriting');
    const peerStage = rows.find((s) => s.model === 'peerreview');
    const participants = await activeParticipants(tx, a.id, essayStage?.id);
    const peerCount = Number((peerStage?.settings as { peer_count?: number } | undefined)?.peer_count ?? 3);
    const result = createMatching({
      participants: asDomainParticipants(participants),
      peerCount,
      seed: `assignment-${a.id}`,
    });
    const authors = participants.filter((p) => p.essayDone).map((p) => p.id);
    const pairs = [
      ...result.pairs.map((p) => ({
        assignmentId: a.id,
        reviewerId: Number(p.reviewerId),
        targetId: Number(p.authorId),
      })),
      ...authors.map((id) => ({ assignmentId: a.id, reviewerId: id, targetId: id })),
    ];
    if (pairs.length) await tx.insert(peerMatchings).values(pairs).onConflictDoNothing();
  }
}

async function lockAssignment(tx: Tx, assignmentId: number, skipLocked: boolean) {
  const query = tx.select().from(assignments).where(eq(assignments.id, assignmentId));
  const [row] = await (skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  // Learners' saves in flight finish first; later ones wait for the move (assignment-lock.ts).
  if (row) await lockAssignmentWork(tx, row.id, 'exclusive');
  return row;
}

/** Moves an assignment one step on (manual advance); 406 when it is already complete. */
export async function moveToNextStage(
  db: Db,
  courseId: number,
  assignmentId: number,
  now: Date,
  expectedStage?: StageCode,
) {
  return db.transaction(async (tx) => {
    const a = await lockAssignment(tx, assignmentId, false);
    if (!a || a.courseId !== courseId) throw new AppError('not_found');
    const rows = await loadStages(tx, a.id);
    const steps = stepsFor(rows);
    // Decided on the locked row: the scheduler (or another click) may have moved it since the
    // instructor's confirmation showed the stage.
    if (expectedStage && codeAt(steps, a.stepIndex) !== expectedStage) throw new AppError('stage_changed');
    if (a.stepIndex >= steps.length) throw new AppError('assignment_completed');
    const next = a.stepIndex + 1;
    if (next < steps.length) await enterStep(tx, a, rows, next);
    // Completion computes every learner's report in the same transaction.
    else await computeReports(tx, a.id, now);
    await tx
      .update(assignments)
      .set({
        stepIndex: next,
        nextTransitionAt: a.isAutoSchedule ? nextBoundary(steps, next, now) : null,
        updatedAt: now,
      })
      .where(eq(assignments.id, a.id));
    return next;
  });
}

/**
 * Brings one auto-scheduled assignment up to its schedule. The row lock (skipping rows another
 * process holds) and the re-read of its position inside the transaction make every step run
 * exactly once, however many server processes tick at the same moment.
 */
export async function advanceAssignment(db: Db, assignmentId: number, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const a = await lockAssignment(tx, assignmentId, true);
    if (!a?.isAutoSchedule) return [];
    const rows = await loadStages(tx, a.id);
    const steps = stepsFor(rows);
    const due = dueAdvances(steps, a.stepIndex, now);
    for (const index of due) {
      if (index < steps.length) await enterStep(tx, a, rows, index);
      else await computeReports(tx, a.id, now);
    }
    const position = due.at(-1) ?? a.stepIndex;
    await tx
      .update(assignments)
      .set({ stepIndex: position, nextTransitionAt: nextBoundary(steps, position, now), updatedAt: now })
      .where(eq(assignments.id, a.id));
    return due;
  });
}

/** One scheduler pass: every auto-scheduled assignment whose next change is due; returns the steps taken per assignment. */
export async function advanceDueAssignments(db: Db, now: Date, log?: FastifyBaseLogger) {
  const due = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(
      and(
        eq(assignments.isAutoSchedule, true),
        isNotNull(assignments.nextTransitionAt),
        lte(assignments.nextTransitionAt, now),
      ),
    )
    .orderBy(asc(assignments.nextTransitionAt))
    .limit(100);
  const moved: Record<number, number> = {};
  for (const { id } of due) {
    try {
      const steps = await advanceAssignment(db, id, now);
      if (steps.length) moved[id] = steps.length;
    } catch (err) {
      log?.error({ err, assignment: id }, 'could not advance the assignment');
    }
  }
  return moved;
}

/** Runs the scheduler every `intervalMs` until stopped; a pass never overlaps the previous one. */
export function startScheduler(db: Db, log: FastifyBaseLogger, intervalMs: number) {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    advanceDueAssignments(db, new Date(), log)
      .catch((err: unknown) => log.error({ err }, 'scheduler pass failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    while (running) await new Promise((r) => setTimeout(r, 10));
  };
}
