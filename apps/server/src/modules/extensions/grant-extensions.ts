import { type ExtensionGrantParsed as Grant, MODEL_CODES } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { extensions } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { notifyLearner } from '../notifications/course-notifications';
import { auditExtension } from './extension-audit';
import { assertExtensionAllowed, assertLearners } from './extensions.policy';
import { type ExtensionRow, extensionsOf, participatingOf } from './extensions.queries';
import type { ExtensionIds } from './list-extensions';

/**
 * POST …/extensions/ `{enrollments, stage, end_date, reason}`: the instructor or an assistant gives
 * one or several learners a later end of a stage. A learner who already has one for that stage gets
 * the new end (one row per learner and stage, by the unique index, so two grants at once make one).
 * Every grant is audited and told to its learner.
 */
export async function grantExtensions(input: ExtensionIds & { db: Db; caller: Caller; body: Grant }) {
  const m = await loadAssignmentManager(input.db, input.caller, input);
  const { body } = input;
  const asked = [...new Set(body.enrollments)];
  return input.db.transaction(async (tx) => {
    // A stage move waits for the grant (and the grant sees the step it is decided on).
    const shape = await loadAssignment(tx, {
      assignmentId: input.assignmentId,
      courseId: m.course.id,
      lock: 'share',
    });
    assertExtensionAllowed(shape, body.stage, body.end_date, new Date());
    assertLearners(asked, await participatingOf(tx, shape.row.id, asked));
    for (const enrollmentId of asked) await grantOne(tx, input.caller.user.id, shape.row, enrollmentId, body);
    return extensionsOf(tx, shape);
  });
}

async function grantOne(
  tx: Tx,
  actorId: number,
  a: { id: number; courseId: number },
  enrollmentId: number,
  body: Grant,
) {
  const now = new Date();
  const key = and(
    eq(extensions.assignmentId, a.id),
    eq(extensions.enrollmentId, enrollmentId),
    eq(extensions.model, body.stage),
  );
  const values = { endAt: body.end_date, reason: body.reason, grantedBy: actorId, updatedAt: now };
  // A new extension; a grant at the same moment for the same learner and stage waits here on the
  // unique index and then finds the row, which it changes (one row, each change audited as such).
  const [inserted] = await tx
    .insert(extensions)
    .values({ assignmentId: a.id, enrollmentId, model: body.stage, ...values })
    .onConflictDoNothing({ target: [extensions.assignmentId, extensions.enrollmentId, extensions.model] })
    .returning();
  let before: ExtensionRow | undefined;
  let after: ExtensionRow;
  if (inserted) after = inserted;
  else {
    [before] = await tx.select().from(extensions).where(key).for('update');
    if (!before) throw new AppError('conflict');
    const [updated] = await tx.update(extensions).set(values).where(eq(extensions.id, before.id)).returning();
    after = updated as ExtensionRow;
  }
  await auditExtension(tx, {
    kind: before ? 'extension_changed' : 'extension_granted',
    actorId,
    assignmentId: a.id,
    enrollmentId,
    before: before ?? null,
    after,
  });
  await tellLearner(tx, a, after);
}

/** The learner hears of their new end (once per extension and end). */
export async function tellLearner(tx: Tx, a: { id: number; courseId: number }, x: ExtensionRow) {
  await notifyLearner(
    tx,
    { courseId: a.courseId, assignmentId: a.id, enrollmentId: x.enrollmentId },
    {
      kind: 'extension_granted',
      key: `extension:${x.id}:${x.endAt.toISOString()}`,
      params: { stage: MODEL_CODES[x.model], deadline: x.endAt.toISOString() },
    },
  );
}
