import type { StaffFillInResult } from '@pw/contract';
import { fillInQueue } from '@pw/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, peerMatchings } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import { activeParticipants } from '../assignments/participants';
import type { AssignmentMembership, Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { healingInput } from './healing-input';
import { assertCanManageReviews } from './reviews.policy';

/**
 * The enrolment a staff member reviews with: the instructor's seat (made now when the course has
 * none: `isInstructorSeat`, so never listed as a learner), or the assistant's own enrolment (one
 * per user and course). Neither takes part in the assignment by this: no participation is made,
 * so the reviewer stays out of its participants, counts, ranks and averages.
 */
async function reviewerSeatOf(tx: Tx, m: AssignmentMembership): Promise<number> {
  if (m.enrollment) return m.enrollment.id;
  // Only the instructor has no enrolment (an assistant is an enrolment).
  await tx
    .insert(enrollments)
    .values({ courseId: m.course.id, userId: m.course.instructorId, code: '', isInstructorSeat: true })
    .onConflictDoNothing();
  const [seat] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, m.course.id), eq(enrollments.userId, m.course.instructorId)));
  if (!seat) throw new AppError('conflict');
  return seat.id;
}

/**
 * POST …/fill-in/ `{author}`: the instructor or an assistant who runs the assignment reviews an
 * essay of the fill-in queue themselves (issue 33). While peer review runs, under the assignment's
 * exclusive work lock (two staff members at once never add more reviews than the essay misses):
 * the essay must still be in the queue, not the caller's own, nor one the caller already reviews
 * (409 `fill_in_not_needed`). The new review is marked a staff fill-in (an anchor in scoring, kept
 * out of the matching's reset) and opened at once, so no volunteer takes it over. Answers the
 * review's id, which the staff member opens like a learner opens theirs.
 */
export async function staffFillIn(input: {
  db: Db;
  caller: Caller;
  ids: { courseId: number; assignmentId: number };
  author: number;
}): Promise<StaffFillInResult> {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  assertCanManageReviews(m);
  const now = new Date();
  return db.transaction(async (tx) => {
    await lockAssignmentWork(tx, ids.assignmentId, 'exclusive');
    const shape = await loadAssignment(tx, { assignmentId: ids.assignmentId, courseId: m.course.id });
    if (shape.code !== 'PE') throw new AppError('matching_not_open');
    const people = await activeParticipants(tx, shape.row.id, shape.stage('essaywriting')?.id);
    const pairs = await tx.select().from(peerMatchings).where(eq(peerMatchings.assignmentId, shape.row.id));
    const queue = fillInQueue(healingInput(shape, pairs, people, now));
    if (!queue.some((e) => e.authorId === String(input.author))) throw new AppError('fill_in_not_needed');
    const seat = await reviewerSeatOf(tx, m);
    // No self-review, no pair twice (the instructor's seat may write essays; anyone may have one pair already).
    if (seat === input.author || pairs.some((p) => p.reviewerId === seat && p.targetId === input.author))
      throw new AppError('fill_in_not_needed');
    const [added] = await tx
      .insert(peerMatchings)
      .values({
        assignmentId: shape.row.id,
        reviewerId: seat,
        targetId: input.author,
        isStaffFillIn: true,
        openedAt: now,
        assignedAt: now,
      })
      .returning({ id: peerMatchings.id });
    if (!added) throw new AppError('conflict');
    return { id: added.id };
  });
}
