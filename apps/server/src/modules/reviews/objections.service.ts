import { saveRule } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { objections, reviewAudit } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import type { Caller, Membership } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import {
  assertCanChangeObjection,
  assertCanObject,
  assertCanReadObjection,
  assertCanRuleOnObjection,
  OBJECTION_STATUS,
  objectionStatusName,
  rulingStatus,
} from './objections.policy';
import { objectionView } from './reviews.presenter';
import { matchingOf } from './reviews.queries';

/** The use cases of objections: the essay's author files them, the instructor and assistants rule. */

export type ObjectionIds = { courseId: number; assignmentId: number; objectionId: number };

/** The matching (of an assignment of this course) and whether the feedback step is open now. */
async function matchingIn(db: Db | Tx, m: Membership, assignmentId: number, matchingId: number) {
  const shape = await loadAssignment(db, { assignmentId, courseId: m.course.id });
  const matching = await matchingOf(db, shape, matchingId);
  const open = saveRule(shape.steps, shape.stepIndex, 'feedbackreview', new Date()) === null;
  return { matching, open };
}

async function objectionIn(db: Db | Tx, m: Membership, ids: ObjectionIds) {
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
  const [o] = await db
    .insert(objections)
    .values({ matchingId: matching.id, comment: body.comment.trim() })
    .returning();
  if (!o) throw new AppError('not_found');
  return objectionView(o);
}

/** GET …/objections/{id}/: its author, the instructor and assistants. */
export async function getObjection(input: { db: Db; caller: Caller; ids: ObjectionIds }) {
  const { db, ids } = input;
  const m = await loadAssignmentMembership(db, input.caller, ids);
  const { o, matching } = await objectionIn(db, m, ids);
  assertCanReadObjection(m, matching);
  return objectionView(o);
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

/**
 * PATCH …/objections/{id}/ruling/ `{accepted, reason}`: the assignment's managers accept or
 * reject an objection (not one of their own), always with a reason the learner then sees; the ruling is audited.
 * (An accepted objection's point changes go through the review adjustment, also audited.)
 */
export async function ruleOnObjection(input: {
  db: Db;
  caller: Caller;
  ids: ObjectionIds;
  body: { accepted: boolean; reason: string };
}) {
  const { db, caller, ids, body } = input;
  const m = await loadAssignmentMembership(db, caller, ids);
  assertCanRuleOnObjection(m);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(objections)
      .where(eq(objections.id, ids.objectionId))
      .for('update');
    if (!locked) throw new AppError('not_found');
    const { matching } = await objectionIn(tx, m, ids);
    assertCanRuleOnObjection(m, matching);
    const now = new Date();
    const status = rulingStatus(body.accepted);
    const reason = body.reason.trim();
    const [o] = await tx
      .update(objections)
      .set({ status, rulingReason: reason, ruledBy: caller.user.id, ruledAt: now })
      .where(eq(objections.id, ids.objectionId))
      .returning();
    await tx.insert(reviewAudit).values({
      matchingId: matching.id,
      kind: 'objection_ruling',
      actorId: caller.user.id,
      before: { status: objectionStatusName(locked.status), reason: locked.rulingReason },
      after: { status: objectionStatusName(status), reason },
      reason,
    });
    if (!o) throw new AppError('not_found');
    return objectionView(o);
  });
}
