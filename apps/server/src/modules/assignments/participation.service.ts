import { PARTICIPATION_STATUS } from '@pw/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, participations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { notifyCourseStaff, notifyLearner } from '../notifications/course-notifications';
import { createPerformances } from '../performances/create-performances';
import { matchLateJoiners } from '../reviews/late-joiners';
import { loadAssignment } from './assignment-loader';
import { assertCanSeeAssignment, attendeeOf, participantOf } from './assignments.policy';
import { type AssignmentIds, loadForMember } from './assignments.queries';

const { participating: PARTICIPATING, waitingApproval: WAITING_APPROVAL } = PARTICIPATION_STATUS;

type ParticipationInput = AssignmentIds & { db: Db; caller: Caller };

/**
 * A learner asks to take part. Before the assignment starts they simply join (everyone active
 * joins at the start anyway); once it runs the request waits for the instructor's approval;
 * a completed assignment cannot be joined.
 */
export async function requestParticipation(input: ParticipationInput) {
  const { db } = input;
  const { m, shape } = await loadForMember(db, input.caller, input);
  const a = shape.row;
  const enrollment = participantOf(m);
  const { code } = shape;
  if (code === 'CO') throw new AppError('assignment_completed');
  const status = code === 'PR' ? PARTICIPATING : WAITING_APPROVAL;
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(participations)
      .values({
        assignmentId: a.id,
        enrollmentId: enrollment.id,
        status,
        isLate: status === WAITING_APPROVAL,
      })
      .onConflictDoNothing()
      .returning({ status: participations.status });
    // A late request is news for the instructor and assistants (once per learner and assignment).
    if (inserted[0]?.status === WAITING_APPROVAL)
      await notifyCourseStaff(
        tx,
        { courseId: a.courseId, assignmentId: a.id },
        {
          kind: 'late_request',
          key: `late-request:${a.id}:${enrollment.id}`,
          params: { name: input.caller.user.name },
        },
      );
  });
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
export async function approveParticipation(input: ParticipationInput & { enrollmentId: number }) {
  const { db, enrollmentId } = input;
  const m = await loadAssignmentManager(db, input.caller, input);
  // A missing assignment is 404 as well, found by the locked read below.
  const [enrollment] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.id, enrollmentId),
        eq(enrollments.courseId, m.course.id),
        eq(enrollments.isActive, true),
      ),
    );
  if (!enrollment) throw new AppError('not_found');
  return db.transaction(async (tx) => {
    // Read under a share lock: a stage move waits, so the step it enters sees this learner.
    const shape = await loadAssignment(tx, {
      assignmentId: input.assignmentId,
      courseId: m.course.id,
      lock: 'share',
    });
    const a = shape.row;
    assertCanSeeAssignment(m, a);
    const { stepIndex, steps } = shape;
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

    for (let i = 0; i <= Math.min(stepIndex, steps.length - 1); i++)
      await createPerformances(tx, shape, steps[i], [enrollmentId]);
    // During peer review the late joiner also gets essays to review (and reviewers, with an essay).
    if (steps[stepIndex]?.models.includes('peerreview')) await matchLateJoiners(tx, shape);
    await notifyLearner(
      tx,
      { courseId: a.courseId, assignmentId: a.id, enrollmentId },
      { kind: 'late_approved', key: `late-approved:${a.id}:${enrollmentId}` },
    );
    return { status: PARTICIPATING };
  });
}

/** Records the first view of the task information by a participating learner. */
export async function recordAttendance(input: ParticipationInput & { now: Date }) {
  const { db, now } = input;
  const { m, shape } = await loadForMember(db, input.caller, input);
  const a = shape.row;
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
  return { is_completed: row?.attendedAt != null, status: row?.status ?? PARTICIPATION_STATUS.none };
}
