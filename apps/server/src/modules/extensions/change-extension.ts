import type { ExtensionChangeParsed as Change } from '@pw/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, extensions, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { loadAssignment } from '../assignments/assignment-loader';
import type { Caller } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { auditExtension } from './extension-audit';
import { assertExtensionAllowed } from './extensions.policy';
import { type ExtensionRow, extensionView } from './extensions.queries';
import { tellLearner } from './grant-extensions';
import type { ExtensionIds } from './list-extensions';

type Input = ExtensionIds & { db: Db; caller: Caller; extensionId: number };

/** The extension, locked, within the assignment (404 for another assignment's). */
async function lockExtension(tx: Parameters<Parameters<Db['transaction']>[0]>[0], input: Input) {
  const [row] = await tx
    .select({ x: extensions, name: users.name })
    .from(extensions)
    .innerJoin(enrollments, eq(enrollments.id, extensions.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(and(eq(extensions.id, input.extensionId), eq(extensions.assignmentId, input.assignmentId)))
    .for('update', { of: extensions });
  if (!row) throw new AppError('not_found');
  return row;
}

/** PATCH …/extensions/{extensionId}/ `{end_date?, reason?}`: a new end or reason, audited. */
export async function changeExtension(input: Input & { body: Change }) {
  const m = await loadAssignmentManager(input.db, input.caller, input);
  const { body } = input;
  return input.db.transaction(async (tx) => {
    const shape = await loadAssignment(tx, {
      assignmentId: input.assignmentId,
      courseId: m.course.id,
      lock: 'share',
    });
    const { x: before, name } = await lockExtension(tx, input);
    const endAt = body.end_date ?? before.endAt;
    // A new end is checked as a grant's is; a new reason alone keeps the end.
    if (body.end_date) assertExtensionAllowed(shape, before.model, endAt, new Date());
    else if (shape.stepIndex >= shape.steps.length) throw new AppError('assignment_completed');
    const [row] = await tx
      .update(extensions)
      .set({
        endAt,
        reason: body.reason ?? before.reason,
        grantedBy: input.caller.user.id,
        updatedAt: new Date(),
      })
      .where(eq(extensions.id, before.id))
      .returning();
    const after = row as ExtensionRow;
    await auditExtension(tx, {
      kind: 'extension_changed',
      actorId: input.caller.user.id,
      assignmentId: shape.row.id,
      enrollmentId: before.enrollmentId,
      before,
      after,
    });
    if (after.endAt.getTime() !== before.endAt.getTime()) await tellLearner(tx, shape.row, after);
    return extensionView(after, name, shape);
  });
}

/** DELETE …/extensions/{extensionId}/: the learner's end is the stage's again; audited. */
export async function withdrawExtension(input: Input) {
  const m = await loadAssignmentManager(input.db, input.caller, input);
  await input.db.transaction(async (tx) => {
    const shape = await loadAssignment(tx, {
      assignmentId: input.assignmentId,
      courseId: m.course.id,
      lock: 'share',
    });
    const { x: before } = await lockExtension(tx, input);
    await tx.delete(extensions).where(eq(extensions.id, before.id));
    await auditExtension(tx, {
      kind: 'extension_withdrawn',
      actorId: input.caller.user.id,
      assignmentId: shape.row.id,
      enrollmentId: before.enrollmentId,
      before,
      after: null,
    });
  });
}
