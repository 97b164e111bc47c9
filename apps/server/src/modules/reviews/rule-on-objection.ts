import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { objections, reviewAudit } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentMembership } from '../courses/membership';
import { notifyLearner } from '../notifications/course-notifications';
import { recomputeIfComplete } from '../reports/recompute';
import { type Adjustment, writeAdjustment } from './adjust-review';
import {
  assertAcceptanceChangesPoints,
  assertCanRuleOnObjection,
  objectionStatusName,
  rulingStatus,
} from './objections.policy';
import { disputedReview, type ObjectionIds, objectionIn } from './objections.service';
import { assertCanAdjustReview } from './reviews.policy';
import { objectionView } from './reviews.presenter';
import { lockMatching, matchingOf } from './reviews.queries';

/**
 * PATCH …/objections/{id}/ruling/ `{accepted, reason, responses?}`: the instructor or an assistant
 * accepts or rejects an objection, always with a reason the learner then sees. Accepting carries
 * the disputed review's adjusted points, applied as an adjustment (with the ruling's reason) in
 * the same transaction, and must leave at least one point adjusted (400 otherwise), so an
 * accepted objection always changed the review it was about. Both are audited; after completion
 * the reports are recomputed at once. The answer carries the review as it now stands.
 */
export async function ruleOnObjection(input: {
  db: Db;
  caller: Caller;
  ids: ObjectionIds;
  body: { accepted: boolean; reason: string; responses?: Adjustment[] | undefined };
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
    const { shape, matching } = await objectionIn(tx, m, ids);
    // Never on an objection to a review of one's own essay (the instructor's seat: 403).
    assertCanRuleOnObjection(m, matching);
    const reason = body.reason.trim();
    if (body.accepted) {
      // The same check as the review adjustment's.
      assertCanAdjustReview(m, matching);
      const review = await lockMatching(tx, matching.id);
      const points = await writeAdjustment(tx, {
        locked: review,
        standards: shape.standards,
        responses: body.responses ?? [],
        reason,
        actorId: caller.user.id,
      });
      assertAcceptanceChangesPoints(points);
    }
    const status = rulingStatus(body.accepted);
    const [o] = await tx
      .update(objections)
      .set({ status, rulingReason: reason, ruledBy: caller.user.id, ruledAt: new Date() })
      .where(eq(objections.id, ids.objectionId))
      .returning();
    if (!o) throw new AppError('not_found');
    await tx.insert(reviewAudit).values({
      matchingId: matching.id,
      kind: 'objection_ruling',
      actorId: caller.user.id,
      before: { status: objectionStatusName(locked.status), reason: locked.rulingReason },
      after: { status: objectionStatusName(status), reason },
      reason,
    });
    if (body.accepted) await recomputeIfComplete(tx, shape.row.id);
    // The objection's author learns it was answered (never who reviewed, nor who ruled).
    await notifyLearner(
      tx,
      { courseId: shape.row.courseId, assignmentId: shape.row.id, enrollmentId: matching.targetId },
      { kind: 'objection_answered', key: `objection-answered:${o.id}:${status}` },
    );
    return objectionView(o, await disputedReview(tx, shape, await matchingOf(tx, shape, matching.id)));
  });
}
