import type { Extension } from '@pw/contract';
import { PARTICIPATION_STATUS } from '@pw/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { enrollments, extensions, participations, users } from '../../db/schema';
import type { AssignmentShape } from '../assignments/assignment-shape';

export type ExtensionRow = typeof extensions.$inferSelect;

/** The assignment's extensions with their learners' names, by name then stage. */
export async function extensionsOf(db: Db | Tx, shape: AssignmentShape): Promise<Extension[]> {
  const rows = await db
    .select({ x: extensions, name: users.name })
    .from(extensions)
    .innerJoin(enrollments, eq(enrollments.id, extensions.enrollmentId))
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(eq(extensions.assignmentId, shape.row.id))
    .orderBy(asc(users.name), asc(extensions.enrollmentId), asc(extensions.id));
  return rows.map((r) => extensionView(r.x, r.name, shape));
}

export function extensionView(x: ExtensionRow, name: string, shape: AssignmentShape): Extension {
  const stageEnd = shape.steps.find((s) => s.models.includes(x.model))?.endAt ?? null;
  return {
    id: x.id,
    enrollment_id: x.enrollmentId,
    name,
    stage: x.model,
    end_date: x.endAt.toISOString(),
    stage_end_date: stageEnd ? stageEnd.toISOString() : null,
    reason: x.reason,
    updated_at: x.updatedAt.toISOString(),
  };
}

/** Of the asked enrolments, those that take part in the assignment (active, participating). */
export async function participatingOf(db: Db | Tx, assignmentId: number, asked: readonly number[]) {
  const rows = await db
    .select({ id: participations.enrollmentId })
    .from(participations)
    .innerJoin(enrollments, eq(enrollments.id, participations.enrollmentId))
    .where(
      and(
        eq(participations.assignmentId, assignmentId),
        eq(participations.status, PARTICIPATION_STATUS.participating),
        eq(enrollments.isActive, true),
        inArray(participations.enrollmentId, [...asked]),
      ),
    );
  return rows.map((r) => r.id);
}

/** The end of one learner's extension of one stage, or null (read only when the plain rule refuses). */
export async function extensionEndOf(
  db: Db | Tx,
  ref: { assignmentId: number; enrollmentId: number; model: ExtensionRow['model'] },
): Promise<Date | null> {
  const [row] = await db
    .select({ endAt: extensions.endAt })
    .from(extensions)
    .where(
      and(
        eq(extensions.assignmentId, ref.assignmentId),
        eq(extensions.enrollmentId, ref.enrollmentId),
        eq(extensions.model, ref.model),
      ),
    );
  return row?.endAt ?? null;
}
