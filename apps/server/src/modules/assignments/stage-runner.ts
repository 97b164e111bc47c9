import { PARTICIPATION_STATUS, type StageCode } from '@pw/contract';
import { dueAdvances, nextBoundary } from '@pw/domain';
import { and, asc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { assignments, enrollments, participations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { markGradesPending } from '../lti/grade-passback';
import {
  notifyScoresReady,
  notifyShortReviews,
  notifyStepOpened,
} from '../notifications/stage-notifications';
import { createPerformances } from '../performances/create-performances';
import { computeReports } from '../reports/compute-reports';
import { automaticMatching } from '../reviews/automatic-matching';
import { insertMatchings } from '../reviews/insert-matchings';
import { loadAssignment } from './assignment-loader';
import { lockAssignmentWork } from './assignment-lock';
import { type AssignmentRow, type AssignmentShape, withRow } from './assignment-shape';
import { activeParticipants } from './participants';
import { isHeld } from './release';

/**
 * What happens when an assignment enters a step (runs once per step, inside the transaction
 * that moves it): entering the first step enrols every active learner (and the instructor's
 * seat) as a participant; every step opens each participant's performances; entering peer review creates the review matchings (writers first, `automaticMatching`), plus one
 * self-review per author, from the essays finished by then.
 */
async function enterStep(tx: Tx, shape: AssignmentShape, index: number) {
  const a = shape.row;
  const step = shape.steps[index];
  if (index === 0) {
    const active = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(
        and(
          eq(enrollments.courseId, a.courseId),
          eq(enrollments.isActive, true),
          // The instructor's seat takes part only in a course opened with "I also take part as a
          // learner"; one made for a staff fill-in review (issue 33) elsewhere stays out.
          or(
            eq(enrollments.isInstructorSeat, false),
            sql`exists (select 1 from courses c where c.id = ${enrollments.courseId} and c.is_instructor_learner)`,
          ),
        ),
      );
    if (active.length) {
      await tx
        .insert(participations)
        .values(
          active.map((e) => ({
            assignmentId: a.id,
            enrollmentId: e.id,
            status: PARTICIPATION_STATUS.participating,
          })),
        )
        .onConflictDoNothing();
    }
  }
  // Every participant's work of the step exists from its first second (never lost on withdrawal).
  await createPerformances(tx, shape, step);
  if (step?.models.includes('peerreview')) {
    const participants = await activeParticipants(tx, a.id, shape.stage('essaywriting')?.id);
    const result = automaticMatching(shape, participants);
    const authors = participants.filter((p) => p.essayDone).map((p) => p.id);
    const pairs = [
      ...result.pairs.map((p) => ({
        assignmentId: a.id,
        reviewerId: Number(p.reviewerId),
        targetId: Number(p.authorId),
      })),
      ...authors.map((id) => ({ assignmentId: a.id, reviewerId: id, targetId: id })),
    ];
    await insertMatchings(tx, pairs);
  }
}

/**
 * The one read of a stage move: the assignment and its stages, its row locked (`skip`: null when
 * another process holds it), then its work lock: learners' saves in flight finish first, later
 * ones wait for the move (assignment-lock.ts).
 */
async function lockForMove(tx: Tx, assignmentId: number, courseId: number | undefined, skip: boolean) {
  const shape = skip
    ? await loadAssignment(tx, { assignmentId, courseId, lock: 'skip' })
    : await loadAssignment(tx, { assignmentId, courseId, lock: 'update' });
  if (shape) await lockAssignmentWork(tx, shape.row.id, 'exclusive', { rowLocked: true });
  return shape;
}

/** Walks the steps `due` (entering each, completion computing the reports) and stores the new position. */
async function advanceThrough(
  tx: Tx,
  shape: AssignmentShape,
  due: readonly number[],
  now: Date,
  nextTransitionAt: (position: number) => Date | null,
) {
  for (const index of due) {
    // Only the step it stops at is announced (a catch-up over several steps tells of the last).
    const last = index === due.at(-1);
    // Leaving peer review: learners whose essay ends with fewer reviews than asked are told.
    if (shape.steps[index - 1]?.models.includes('peerreview')) await notifyShortReviews(tx, shape);
    if (index < shape.steps.length) {
      await enterStep(tx, shape, index);
      if (last) await notifyStepOpened(tx, shape, index);
    } else {
      // Completion computes every learner's report in the same transaction.
      await computeReports(tx, shape, now);
      // Held scores are told of at their release (release-scores.ts).
      if (last && !isHeld(shape.row)) await notifyScoresReady(tx, shape, 'completion');
      // Scores out: the LMS-linked learners' totals wait to be sent to the line item (issue 31).
      if (!isHeld(shape.row)) await markGradesPending(tx, shape.row.id, now);
    }
  }
  const position = due.at(-1) ?? shape.stepIndex;
  const changes = { stepIndex: position, nextTransitionAt: nextTransitionAt(position), updatedAt: now };
  await tx.update(assignments).set(changes).where(eq(assignments.id, shape.row.id));
  return withRow(shape, changes);
}

export type ManualMove = {
  courseId: number;
  assignmentId: number;
  now: Date;
  /** The stage the instructor's confirmation showed (409 `stage_changed` when it moved since). */
  expectedStage?: StageCode | undefined;
  /** The caller's policy on the locked assignment (before anything moves). */
  authorize?: (a: AssignmentRow) => void;
};

/**
 * Moves an assignment one step on (manual advance); 406 when it is already complete. Returns the
 * assignment as moved (its stages as read under the lock, its row as written).
 */
export async function moveToNextStage(db: Db | Tx, move: ManualMove): Promise<AssignmentShape> {
  return db.transaction(async (tx) => {
    const shape = await lockForMove(tx, move.assignmentId, move.courseId, false);
    if (!shape) throw new AppError('not_found');
    move.authorize?.(shape.row);
    // Decided on the locked row: the scheduler (or another click) may have moved it since the
    // instructor's confirmation showed the stage.
    if (move.expectedStage && shape.code !== move.expectedStage) throw new AppError('stage_changed');
    if (shape.isComplete) throw new AppError('assignment_completed');
    const { now } = move;
    return advanceThrough(tx, shape, [shape.stepIndex + 1], now, (next) =>
      shape.row.isAutoSchedule ? nextBoundary(shape.steps, next, now) : null,
    );
  });
}

/**
 * Brings one auto-scheduled assignment up to its schedule. The row lock (skipping rows another
 * process holds) and the re-read of its position inside the transaction make every step run
 * exactly once, however many server processes tick at the same moment.
 */
export async function advanceAssignment(db: Db | Tx, assignmentId: number, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    const shape = await lockForMove(tx, assignmentId, undefined, true);
    if (!shape?.row.isAutoSchedule) return [];
    const due = dueAdvances(shape.steps, shape.stepIndex, now);
    await advanceThrough(tx, shape, due, now, (position) => nextBoundary(shape.steps, position, now));
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
