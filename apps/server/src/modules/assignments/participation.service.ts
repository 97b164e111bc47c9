import { codeAt, type StageModel, stepsOf } from '@pw/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assignments, enrollments, participations, stages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { createPerformances } from '../performances/create-performances';
import { matchLateJoiners } from '../reviews/late-joiners';
import { attendeeOf, participantOf } from './assignments.policy';
import { type AssignmentRow, loadForManager, loadForMember } from './assignments.service';

/** Participation status codes of part 2 §4. */
export const PARTICIPATING = 1;
export const WAITING_APPROVAL = 2;

async function codeOf(db: Db, a: AssignmentRow) {
  const rows = await db.select().from(stages).where(eq(stages.assignmentId, a.id));
  rows.sort((x, y) => x.position - y.position);
  return codeAt(
    stepsOf(rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt }))),
    a.stepIndex,
  );
}

/**
 * A learner asks to take part. Before the assignment starts they simply join (everyone active
 * joins at the start anyway); once it runs the request waits for the instructor's approval;
 * a completed assignment cannot be joined.
 */
export async function requestParticipation(db: Db, caller: Caller, courseId: number, assignmentId: number) {
  const { m, a } = await loadForMember(db, caller, courseId, assignmentId);
  const enrollment = participantOf(m);
  const code = await codeOf(db, a);
  if (code === 'CO') throw new AppError('assignment_completed');
  const status = code === 'PR' ? PARTICIPATING : WAITING_APPROVAL;
  await db
    .insert(participations)
    .values({
      assignmentId: a.id,
      enrollmentId: enrollment.id,
      status,
      isLate: status === WAITING_APPROVAL,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ status: participations.status })
    .from(participations)
    .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, enrollment.id)));
  return { status: row?.status ?? status };
}

/**
 * The instructor or an assistant approves a learner's late request; the learner's work of every
 * step started so far opens at once, in the same transaction.
 */
export async function approveParticipation(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  enrollmentId: number,
) {
  const { a } = await loadForManager(db, caller, courseId, assignmentId);
  const [enrollment] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.id, enrollmentId),
        eq(enrollments.courseId, a.courseId),
        eq(enrollments.isActive, true),
      ),
    );
  if (!enrollment) throw new AppError('not_found');
  return db.transaction(async (tx) => {
    // Read under a share lock: a stage move waits, so the step it enters sees this learner.
    const [locked] = await tx
      .select({ stepIndex: assignments.stepIndex })
      .from(assignments)
      .where(eq(assignments.id, a.id))
      .for('share');
    const stepIndex = locked?.stepIndex ?? a.stepIndex;
    const updated = await tx
      .update(participations)
      .set({ status: PARTICIPATING })
      .where(
        and(
          eq(participations.assignmentId, a.id),
          eq(participations.enrollmentId, enrollmentId),
          eq(participations.status, WAITING_APPROVAL),
        ),
      )
      .returning({ status: participations.status });
    if (updated.length === 0) throw new AppError('not_found');

    const rows = await tx.select().from(stages).where(eq(stages.assignmentId, a.id));
    rows.sort((x, y) => x.position - y.position);
    const steps = stepsOf(
      rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })),
    );
    for (let i = 0; i <= Math.min(stepIndex, steps.length - 1); i++)
      await createPerformances(tx, a.id, rows, steps[i], [enrollmentId]);
    // During peer review the late joiner also gets essays to review (and reviewers, with an essay).
    if (steps[stepIndex]?.models.includes('peerreview')) await matchLateJoiners(tx, a.id, rows);
    return { status: PARTICIPATING };
  });
}

/** Records the first view of the task information by a participating learner. */
export async function recordAttendance(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  now: Date,
) {
  const { m, a } = await loadForMember(db, caller, courseId, assignmentId);
  const enrollment = attendeeOf(m);
  await db
    .update(participations)
    .set({ attendedAt: now })
    .where(
      and(
        eq(participations.assignmentId, a.id),
        eq(participations.enrollmentId, enrollment.id),
        eq(participations.status, PARTICIPATING),
        isNull(participations.attendedAt),
      ),
    );
  const [row] = await db
    .select({ attendedAt: participations.attendedAt, status: participations.status })
    .from(participations)
    .where(and(eq(participations.assignmentId, a.id), eq(participations.enrollmentId, enrollment.id)));
  return { is_completed: row?.attendedAt != null, status: row?.status ?? 0 };
}
