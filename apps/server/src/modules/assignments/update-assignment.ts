import type { AssignmentSettings } from '@pw/contract';
import { nextBoundary } from '@pw/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { assignmentFiles, assignments, files, stages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller, Membership } from '../courses/courses.policy';
import { loadAssignmentManager } from '../courses/membership';
import { discardFiles, type FormInput, type StoredFile } from '../files/files.service';
import { loadAssignment } from './assignment-loader';
import { assertValidSettings } from './assignment-rules';
import { stageRowsOf } from './assignment-shape';
import { type AssignmentDeps, type AssignmentIds, loadVisibleAssignment } from './assignments.queries';
import { stageValues } from './create-assignment';
import { assignmentAnswer } from './get-assignment';

export type AssignmentEdit = { settings: AssignmentSettings; deleteFiles: number[] };

/** Edits an assignment (its managers: `loadAssignmentManager`, checked before the form is read) and returns it. */
export async function updateAssignment(
  input: AssignmentDeps & AssignmentIds & { caller: Caller; form: FormInput<AssignmentEdit>; now: Date },
) {
  const { db, caller, courseId, assignmentId, form, now } = input;
  const m = await loadAssignmentManager(db, caller, { courseId, assignmentId });
  await form(({ settings, deleteFiles }, uploaded) =>
    saveAssignment(input, m, assignmentId, settings, { uploaded, deleteFiles }, now),
  );
  return assignmentAnswer(input, m, await loadVisibleAssignment(db, m, assignmentId));
}

/** Saves an assignment's edit within the locks of its current stage. */
async function saveAssignment(
  deps: AssignmentDeps,
  m: Membership,
  assignmentId: number,
  settings: AssignmentSettings,
  changes: { uploaded: StoredFile[]; deleteFiles: number[] },
  now: Date,
) {
  const a = await deps.db.transaction(async (tx) => {
    const shape = await loadVisibleAssignment(tx, m, assignmentId, 'update');
    const { row: a } = shape;
    const rows = stageRowsOf(shape);
    // A started stage keeps the start it had, whatever the form sends.
    const started = shape.startedModels;
    for (const p of settings.progresses) {
      const old = shape.stage(p.model);
      if (old && started.has(p.model)) p.start_date = old.startAt;
    }
    assertValidSettings(settings, { now, existing: rows, stepIndex: a.stepIndex });
    const [clash] = await tx
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(eq(assignments.courseId, m.course.id), eq(assignments.name, settings.name)));
    if (clash && clash.id !== a.id) throw new AppError('duplicate_assignment');
    const values = stageValues(a.id, settings);
    // Started stages keep their rows (and ids); later ones are replaced.
    for (const v of values) {
      const old = shape.stage(v.model);
      if (old && started.has(v.model)) {
        await tx
          .update(stages)
          .set({ endAt: v.endAt, settings: v.settings, position: v.position })
          .where(eq(stages.id, old.id));
      } else if (old) {
        await tx
          .update(stages)
          .set({ startAt: v.startAt, endAt: v.endAt, settings: v.settings, position: v.position })
          .where(eq(stages.id, old.id));
      } else {
        await tx.insert(stages).values(v);
      }
    }
    const removed = rows.filter((r) => !values.some((v) => v.model === r.model)).map((r) => r.id);
    if (removed.length) await tx.delete(stages).where(inArray(stages.id, removed));
    // The stages as written (the row is still locked by this transaction).
    const fresh = await loadAssignment(tx, { assignmentId: a.id });
    await tx
      .update(assignments)
      .set({
        name: settings.name,
        description: settings.description,
        isAutoSchedule: settings.is_auto_schedule,
        isContinueFromPreviousStep: settings.is_continue_from_previous_step,
        isPublic: settings.is_public,
        isReleaseHeld: settings.is_release_held,
        nextTransitionAt: settings.is_auto_schedule ? nextBoundary(fresh.steps, a.stepIndex, now) : null,
        updatedAt: now,
      })
      .where(eq(assignments.id, a.id));
    if (changes.uploaded.length) {
      await tx
        .insert(assignmentFiles)
        .values(changes.uploaded.map((f) => ({ assignmentId: a.id, fileId: f.id })));
    }
    return a;
  });
  if (changes.deleteFiles.length) {
    const owned = await deps.db
      .select({ id: files.id, storageKey: files.storageKey })
      .from(assignmentFiles)
      .innerJoin(files, eq(files.id, assignmentFiles.fileId))
      .where(and(eq(assignmentFiles.assignmentId, a.id), inArray(files.id, changes.deleteFiles)));
    await discardFiles(deps, owned);
  }
}
