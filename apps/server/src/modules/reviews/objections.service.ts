import { type Objection, saveRule } from '@pw/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, objections, peerMatchings, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import type { AssignmentShape } from '../assignments/assignment-shape';
import type { Caller, Membership } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { notifyCourseStaff } from '../notifications/course-notifications';
import {
  assertCanChangeObjection,
  assertCanObject,
  assertCanReadObjection,
  OBJECTION_STATUS,
  seesDisputedReview,
} from './objections.policy';
import { managedResponsesView, objectionView } from './reviews.presenter';
import { type MatchingRow, matchingOf, responsesOf } from './reviews.queries';

/** The use cases of objections: the essay's author files them, the instructor and assistants rule. */

export type ObjectionIds = { courseId: number; assignmentId: number; objectionId: number };

/** The matching (of an assignment of this course) and whether the feedback step is open now. */
async function matchingIn(db: Db | Tx, m: Membership, assignmentId: number, matchingId: number) {
  const shape = await loadAssignment(db, { assignmentId, courseId: m.course.id });
  const matching = await matchingOf(db, shape, matchingId);
  const open = saveRule(shape.steps, shape.stepIndex, 'feedbackreview', new Date()) === null;
  return { shape, matching, open };
}

export async function objectionIn(db: Db | Tx, m: Membership, ids: ObjectionIds) {
  const [o] = await db.select().from(objections).where(eq(objections.id, ids.objectionId));
  if (!o) throw new AppError('not_found');
  return { o, ...(await matchingIn(db, m, ids.assignmentId, o.matchingId)) };
}

/** POST …/objections/: the essay's author objects to one completed review, in the feedback step; one per review. */
export async function createObjection(input: {
  db: Db;
  caller: Caller;
  ids: { courseId: number; assignmentId: number };
  body: { matching: number; comment: string };
}) {
  const { db, ids, body } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  const { matching, open } = await matchingIn(db, m, ids.assignmentId, body.matching);
  assertCanObject(m, matching, open);
  return db.transaction(async (tx) => {
    const [o] = await tx
      .insert(objections)
      .values({ matchingId: matching.id, comment: body.comment.trim() })
      .returning();
    if (!o) throw new AppError('not_found');
    // The instructor and assistants are told; the text names neither the author nor the reviewer.
    await notifyCourseStaff(
      tx,
      { courseId: m.course.id, assignmentId: ids.assignmentId },
      { kind: 'objection_filed', key: `objection-filed:${o.id}` },
    );
    return objectionView(o);
  });
}

/** GET …/objections/{id}/: its author, the instructor and assistants. */
export async function getObjection(input: { db: Db; caller: Caller; ids: ObjectionIds }) {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  const { o, shape, matching } = await objectionIn(db, m, ids);
  assertCanReadObjection(m, matching);
  return objectionView(o, seesDisputedReview(m) ? await disputedReview(db, shape, matching) : null);
}

/**
 * The disputed review as the instructor and assistants rule on it: the label its author sees
 * ("Reviewer n": completed reviews of the essay by others, by id), the real names, and each
 * standard's point, adjusted point and comment.
 */
export async function disputedReview(
  db: Db | Tx,
  shape: AssignmentShape,
  matching: MatchingRow,
): Promise<NonNullable<Objection['review']>> {
  const [received, people, stored] = await Promise.all([
    db
      .select({ id: peerMatchings.id })
      .from(peerMatchings)
      .where(
        and(
          eq(peerMatchings.assignmentId, shape.row.id),
          eq(peerMatchings.targetId, matching.targetId),
          ne(peerMatchings.reviewerId, matching.targetId),
          eq(peerMatchings.isCompleted, true),
        ),
      )
      .orderBy(asc(peerMatchings.id)),
    db
      .select({ id: enrollments.id, name: users.name })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(inArray(enrollments.id, [matching.reviewerId, matching.targetId])),
    responsesOf(db, [matching.id]),
  ]);
  const nameOf = (id: number) => people.find((p) => p.id === id)?.name ?? '';
  return {
    reviewer_label: received.findIndex((x) => x.id === matching.id) + 1,
    reviewer_name: nameOf(matching.reviewerId),
    target_name: nameOf(matching.targetId),
    instructor_comment: matching.instructorComment,
    responses: managedResponsesView(shape.standards, stored),
  };
}

/** PATCH …/objections/{id}/ `{comment}`: its author, while the feedback step runs and it awaits a ruling. */
export async function updateObjection(input: { db: Db; caller: Caller; ids: ObjectionIds; comment: string }) {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  const ctx = await objectionIn(db, m, ids);
  assertCanChangeObjection(m, ctx.matching, ctx.o, ctx.open);
  const [o] = await db
    .update(objections)
    .set({ comment: input.comment.trim() })
    .where(and(eq(objections.id, ids.objectionId), eq(objections.status, OBJECTION_STATUS.pending)))
    .returning();
  if (!o) throw new AppError('objection_not_open');
  return objectionView(o);
}

/** DELETE …/objections/{id}/: its author withdraws it, while the feedback step runs and before a ruling. */
export async function withdrawObjection(input: { db: Db; caller: Caller; ids: ObjectionIds }) {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  const ctx = await objectionIn(db, m, ids);
  assertCanChangeObjection(m, ctx.matching, ctx.o, ctx.open);
  const gone = await db
    .delete(objections)
    .where(and(eq(objections.id, ids.objectionId), eq(objections.status, OBJECTION_STATUS.pending)))
    .returning({ id: objections.id });
  if (gone.length === 0) throw new AppError('objection_not_open');
}
