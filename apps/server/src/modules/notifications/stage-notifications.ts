import { PARTICIPATION_STATUS } from '@pw/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { courses, enrollments, participations, peerMatchings, performances } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';
import { links, notify } from './notify';
import { peopleWithWork } from './step-work';

/** The course's name, for the texts. */
export async function courseName(tx: Db | Tx, courseId: number) {
  const [row] = await tx.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
  return row?.name ?? '';
}

/**
 * Tells every participant with work in the step just entered (`hasWorkInStep`) that it opened,
 * with its deadline. Runs in the transaction that moves the assignment, after the step's work
 * and matchings exist; keyed by the step, so a step is announced once.
 */
export async function notifyStepOpened(tx: Tx, shape: AssignmentShape, index: number) {
  const step = shape.steps[index];
  if (!step) return;
  const a = shape.row;
  const told = await peopleWithWork(tx, shape, index, { unfinished: false });
  if (told.length === 0) return;
  const params = {
    course: await courseName(tx, a.courseId),
    assignment: a.name,
    stage: step.code,
    deadline: step.endAt ? step.endAt.toISOString() : null,
  };
  await notify(
    tx,
    told.map((p) => ({
      userId: p.userId,
      kind: 'stage_open' as const,
      key: `stage-open:${a.id}:${index}`,
      params,
      link: links.learnerAssignment(a.courseId, a.id),
    })),
  );
}

/** Tells every participant with a report that their scores are ready (completion). */
export async function notifyScoresReady(tx: Tx, shape: AssignmentShape, version: string) {
  const a = shape.row;
  const people = await tx
    .select({ userId: enrollments.userId, isSeat: enrollments.isInstructorSeat })
    .from(participations)
    .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
    .where(
      and(
        eq(participations.assignmentId, a.id),
        eq(participations.status, PARTICIPATION_STATUS.participating),
        eq(enrollments.isActive, true),
      ),
    );
  const told = people.filter((p) => !p.isSeat);
  if (told.length === 0) return;
  const params = { course: await courseName(tx, a.courseId), assignment: a.name };
  await notify(
    tx,
    told.map((p) => ({
      userId: p.userId,
      kind: 'scores_ready' as const,
      key: `scores-ready:${a.id}:${version}`,
      params,
      link: links.learnerAssignment(a.courseId, a.id),
    })),
  );
}

/** Tells learners (by enrolment) that their scores changed after completion (a recomputation). */
export async function notifyScoresChanged(tx: Tx, shape: AssignmentShape, enrollmentIds: number[], at: Date) {
  if (enrollmentIds.length === 0) return;
  const a = shape.row;
  const people = await tx
    .select({ userId: enrollments.userId, isSeat: enrollments.isInstructorSeat })
    .from(enrollments)
    .where(and(inArray(enrollments.id, enrollmentIds), eq(enrollments.isActive, true)));
  const told = people.filter((p) => !p.isSeat);
  if (told.length === 0) return;
  const params = { course: await courseName(tx, a.courseId), assignment: a.name, changed: 1 };
  await notify(
    tx,
    told.map((p) => ({
      userId: p.userId,
      kind: 'scores_ready' as const,
      key: `scores-changed:${a.id}:${at.getTime()}`,
      params,
      link: links.learnerAssignment(a.courseId, a.id),
    })),
  );
}

/**
 * Peer review has ended (issue 33, item 2): tells each learner whose finished essay received
 * fewer finished peer reviews than asked (the class's reviewers per essay) how many, and which
 * rule scores it (the consensus of those received; with none, the class average). Once per
 * learner and assignment (the key), whatever the number of moves or catch-ups.
 */
export async function notifyShortReviews(tx: Tx, shape: AssignmentShape) {
  const a = shape.row;
  const essay = shape.stage('essaywriting');
  const asked = shape.peerCount;
  if (!essay || asked <= 0) return;
  const received = sql<number>`(
    select count(*)::int from ${peerMatchings}
    where ${peerMatchings.assignmentId} = ${a.id}
      and ${peerMatchings.targetId} = ${participations.enrollmentId}
      and ${peerMatchings.reviewerId} <> ${peerMatchings.targetId}
      and ${peerMatchings.isCompleted}
  )`;
  const rows = await tx
    .select({ userId: enrollments.userId, received })
    .from(participations)
    .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
    .innerJoin(
      performances,
      and(eq(performances.enrollmentId, participations.enrollmentId), eq(performances.stageId, essay.id)),
    )
    .where(
      and(
        eq(participations.assignmentId, a.id),
        eq(participations.status, PARTICIPATION_STATUS.participating),
        eq(enrollments.isActive, true),
        ne(enrollments.isInstructorSeat, true),
        eq(performances.isCompleted, true),
      ),
    );
  const short = rows.filter((r) => Number(r.received) < asked);
  if (short.length === 0) return;
  const course = await courseName(tx, a.courseId);
  await notify(
    tx,
    short.map((r) => ({
      userId: r.userId,
      kind: 'reviews_short' as const,
      key: `reviews-short:${a.id}`,
      params: { course, assignment: a.name, received: Number(r.received), asked },
      link: links.learnerAssignment(a.courseId, a.id),
    })),
  );
}
