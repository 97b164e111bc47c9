import { type Objection, saveRule } from '@pw/contract';
import { type StageModel, stepsOf } from '@pw/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { assignments, objections, peerMatchings, reviewAudit, stages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Caller, type Membership } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import { assertAuthor, assertCanManageReviews } from './reviews.policy';
import { objectionStatus } from './reviews.service';

type ObjectionRow = typeof objections.$inferSelect;

const present = (o: ObjectionRow): Objection => ({
  id: o.id,
  matching: o.matchingId,
  comment: o.comment,
  status: objectionStatus(o.status),
  ruling_reason: o.rulingReason,
  created_at: o.createdAt.toISOString(),
});

/** The matching (of an assignment of this course) and whether the feedback step is open now. */
async function matchingIn(db: Db | Tx, m: Membership, assignmentId: number, matchingId: number) {
  const [row] = await db
    .select({ matching: peerMatchings, a: assignments })
    .from(peerMatchings)
    .innerJoin(assignments, eq(assignments.id, peerMatchings.assignmentId))
    .where(
      and(
        eq(peerMatchings.id, matchingId),
        eq(assignments.id, assignmentId),
        eq(assignments.courseId, m.course.id),
      ),
    );
  if (!row) throw new AppError('not_found');
  const rows = await db
    .select()
    .from(stages)
    .where(eq(stages.assignmentId, assignmentId))
    .orderBy(asc(stages.position));
  const steps = stepsOf(
    rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })),
  );
  const open = saveRule(steps, row.a.stepIndex, 'feedbackreview', new Date()) === null;
  return { ...row, open };
}

async function objectionIn(db: Db | Tx, m: Membership, assignmentId: number, objectionId: number) {
  const [o] = await db.select().from(objections).where(eq(objections.id, objectionId));
  if (!o) throw new AppError('not_found');
  const ctx = await matchingIn(db, m, assignmentId, o.matchingId);
  return { o, ...ctx };
}

/** POST …/objections/: the essay's author objects to one completed review, in the feedback step; one per review. */
export async function createObjection(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  body: { matching: number; comment: string },
) {
  const m = await loadMembership(db, caller, courseId);
  const ctx = await matchingIn(db, m, assignmentId, body.matching);
  assertAuthor(m, ctx.matching);
  if (!ctx.matching.isCompleted) throw new AppError('not_found');
  if (!ctx.open) throw new AppError('objection_not_open');
  const [o] = await db
    .insert(objections)
    .values({ matchingId: body.matching, comment: body.comment.trim() })
    .returning();
  if (!o) throw new AppError('not_found');
  return present(o);
}

/** GET …/objections/{id}/: its author, the instructor and assistants. */
export async function getObjection(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  objectionId: number,
) {
  const m = await loadMembership(db, caller, courseId);
  const ctx = await objectionIn(db, m, assignmentId, objectionId);
  if (!(m.isInstructor || m.isAssistant)) assertAuthor(m, ctx.matching);
  return present(ctx.o);
}

/** PATCH …/objections/{id}/ `{comment}`: its author, while the feedback step runs and it awaits a ruling. */
export async function updateObjection(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  objectionId: number,
  comment: string,
) {
  const m = await loadMembership(db, caller, courseId);
  const ctx = await objectionIn(db, m, assignmentId, objectionId);
  assertAuthor(m, ctx.matching);
  if (!ctx.open || ctx.o.status !== 0) throw new AppError('objection_not_open');
  const [o] = await db
    .update(objections)
    .set({ comment: comment.trim() })
    .where(and(eq(objections.id, objectionId), eq(objections.status, 0)))
    .returning();
  if (!o) throw new AppError('objection_not_open');
  return present(o);
}

/** DELETE …/objections/{id}/: its author withdraws it, while the feedback step runs and before a ruling. */
export async function withdrawObjection(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  objectionId: number,
) {
  const m = await loadMembership(db, caller, courseId);
  const ctx = await objectionIn(db, m, assignmentId, objectionId);
  assertAuthor(m, ctx.matching);
  if (!ctx.open || ctx.o.status !== 0) throw new AppError('objection_not_open');
  const gone = await db
    .delete(objections)
    .where(and(eq(objections.id, objectionId), eq(objections.status, 0)))
    .returning({ id: objections.id });
  if (gone.length === 0) throw new AppError('objection_not_open');
}

/**
 * PATCH …/objections/{id}/ruling/ `{accepted, reason}`: the instructor or an assistant accepts or
 * rejects an objection, always with a reason the learner then sees; the ruling is audited.
 * (An accepted objection's point changes go through the review adjustment, also audited.)
 */
export async function ruleOnObjection(
  db: Db,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  objectionId: number,
  body: { accepted: boolean; reason: string },
) {
  const m = await loadMembership(db, caller, courseId);
  assertCanManageReviews(m);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(objections).where(eq(objections.id, objectionId)).for('update');
    if (!locked) throw new AppError('not_found');
    const ctx = await objectionIn(tx, m, assignmentId, objectionId);
    const now = new Date();
    const status = body.accepted ? 1 : 2;
    const reason = body.reason.trim();
    const [o] = await tx
      .update(objections)
      .set({ status, rulingReason: reason, ruledBy: caller.user.id, ruledAt: now })
      .where(eq(objections.id, objectionId))
      .returning();
    await tx.insert(reviewAudit).values({
      matchingId: ctx.matching.id,
      kind: 'objection_ruling',
      actorId: caller.user.id,
      before: { status: objectionStatus(locked.status), reason: locked.rulingReason },
      after: { status: objectionStatus(status), reason },
      reason,
    });
    if (!o) throw new AppError('not_found');
    return present(o);
  });
}
