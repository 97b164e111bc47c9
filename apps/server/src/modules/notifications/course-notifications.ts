import type { NotificationKind } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { assignments, courses, enrollments, participations, users } from '../../db/schema';
import { takesPartWith } from '../courses/courses.policy';
import { links, notify } from './notify';

type AssignmentRef = { courseId: number; assignmentId: number };

/** The assignment's and course's names, for the texts. */
async function names(tx: Db | Tx, ref: AssignmentRef) {
  const [row] = await tx
    .select({ course: courses.name, assignment: assignments.name, instructorId: courses.instructorId })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .where(and(eq(assignments.id, ref.assignmentId), eq(courses.id, ref.courseId)));
  return row;
}

/**
 * Tells the course's instructor and its active assistants of an event on an assignment (an
 * objection filed, a request to take part late, the daily digest), each with the link of their own
 * view. An assistant who takes part in the assignment as a learner has a learner's rights there
 * (courses.policy.ts, `inAssignment`) and is not told: its staff news would name her classmates
 * and point her at a page she cannot open. `params` carries no reviewer's name: an objection names
 * neither side.
 */
export async function notifyCourseStaff(
  tx: Db | Tx,
  ref: AssignmentRef,
  event: { kind: NotificationKind; key: string; params?: Record<string, string | number | null> },
) {
  const found = await names(tx, ref);
  if (!found) return;
  const assistants = await tx
    .select({ userId: enrollments.userId, participation: participations.status })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .leftJoin(
      participations,
      and(eq(participations.enrollmentId, enrollments.id), eq(participations.assignmentId, ref.assignmentId)),
    )
    .where(
      and(
        eq(enrollments.courseId, ref.courseId),
        eq(enrollments.isAssistant, true),
        eq(enrollments.isActive, true),
      ),
    );
  const params = { course: found.course, assignment: found.assignment, ...event.params };
  await notify(tx, [
    {
      userId: found.instructorId,
      kind: event.kind,
      key: event.key,
      params,
      link: links.instructorAssignment(ref.courseId, ref.assignmentId),
    },
    ...assistants
      .filter((a) => a.userId !== found.instructorId && !takesPartWith(a.participation))
      .map((a) => ({
        userId: a.userId,
        kind: event.kind,
        key: event.key,
        params,
        link: links.assistantAssignment(ref.courseId, ref.assignmentId),
      })),
  ]);
}

/** Tells one learner (by enrolment) of an event on an assignment they take part in. */
export async function notifyLearner(
  tx: Db | Tx,
  ref: AssignmentRef & { enrollmentId: number },
  event: { kind: NotificationKind; key: string; params?: Record<string, string | number | null> },
) {
  const found = await names(tx, ref);
  const [enrollment] = await tx
    .select({ userId: enrollments.userId })
    .from(enrollments)
    .where(and(eq(enrollments.id, ref.enrollmentId), eq(enrollments.courseId, ref.courseId)));
  if (!found || !enrollment) return;
  await notify(tx, [
    {
      userId: enrollment.userId,
      kind: event.kind,
      key: event.key,
      params: { course: found.course, assignment: found.assignment, ...event.params },
      link: links.learnerAssignment(ref.courseId, ref.assignmentId),
    },
  ]);
}
