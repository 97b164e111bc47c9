import type { AssignmentSettings, PreviousReliability } from '@pw/contract';
import { nextBoundary } from '@pw/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { assignmentFiles, assignments, stages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Caller, Membership } from '../courses/courses.policy';
import { loadManager } from '../courses/membership';
import type { FormInput, StoredFile } from '../files/files.service';
import { assignmentReliability } from '../reports/reliability';
import { loadAssignment } from './assignment-loader';
import { assertValidSettings, scheduledStages } from './assignment-rules';
import { shapeOf } from './assignment-shape';
import { type AssignmentDeps, loadVisibleAssignment } from './assignments.queries';
import { assignmentAnswer } from './get-assignment';
import { advanceAssignment, moveToNextStage } from './stage-runner';

/** The stage rows of an editor's settings (its progresses, in order, with their schedule). */
export function stageValues(assignmentId: number, settings: AssignmentSettings) {
  const scheduled = scheduledStages(settings);
  return settings.progresses.map((p, position) => ({
    assignmentId,
    position,
    model: p.model,
    startAt: scheduled[position]?.startAt ?? null,
    endAt: scheduled[position]?.endAt ?? null,
    settings: p.stage_object as Record<string, unknown>,
  }));
}

/**
 * "Import the previous assignment" keeps the source's rubric reliability with the new one (issue
 * 33): a snapshot of its figures, shown in the editor. A source outside the course is ignored.
 */
async function previousReliabilityOf(
  tx: Tx,
  m: Membership,
  sourceId: number | undefined,
): Promise<PreviousReliability | null> {
  if (sourceId === undefined) return null;
  const source = await loadAssignment(tx, { assignmentId: sourceId, courseId: m.course.id }).catch(
    () => null,
  );
  if (!source?.stage('peerreview')) return null;
  return {
    assignment_name: source.row.name,
    standards: await assignmentReliability(tx, source.row.id, source.standards),
  };
}

/** Creates an assignment (instructor and assistants, checked before the form is read) and returns it. */
export async function createAssignment(
  input: AssignmentDeps & {
    caller: Caller;
    courseId: number;
    form: FormInput<AssignmentSettings>;
    now: Date;
  },
) {
  const { db, caller, courseId, form, now } = input;
  const m = await loadManager(db, caller, courseId);
  const id = await form((settings, uploaded) => insertAssignment(input, m, settings, uploaded, now));
  return assignmentAnswer(input, m, await loadVisibleAssignment(db, m, id));
}

/** Inserts an assignment (406 when the name is taken in the course); "start directly" opens the first stage now. */
async function insertAssignment(
  deps: AssignmentDeps,
  m: Membership,
  settings: AssignmentSettings,
  uploaded: StoredFile[],
  now: Date,
) {
  if (settings.is_directly_starting && settings.progresses[0]) {
    settings.progresses[0].start_date = now;
  }
  assertValidSettings(settings, { now: new Date(now.getTime() - 60_000) });
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(assignments)
      .values({
        courseId: m.course.id,
        name: settings.name,
        description: settings.description,
        isAutoSchedule: settings.is_auto_schedule,
        isDirectlyStarting: settings.is_directly_starting,
        isContinueFromPreviousStep: settings.is_continue_from_previous_step,
        isPublic: settings.is_public,
        isReleaseHeld: settings.is_release_held,
        previousReliability: await previousReliabilityOf(tx, m, settings.imported_from),
      })
      .onConflictDoNothing({ target: [assignments.courseId, assignments.name] })
      .returning();
    if (!row) throw new AppError('duplicate_assignment');
    const stageRows = await tx.insert(stages).values(stageValues(row.id, settings)).returning();
    if (uploaded.length)
      await tx.insert(assignmentFiles).values(uploaded.map((f) => ({ assignmentId: row.id, fileId: f.id })));
    const { steps } = shapeOf(row, stageRows);
    await tx
      .update(assignments)
      .set({
        nextTransitionAt: settings.is_auto_schedule
          ? nextBoundary(steps, -1, new Date(now.getTime() - 1000))
          : null,
      })
      .where(eq(assignments.id, row.id));
    if (settings.is_directly_starting) {
      // Start now, in the same transaction, so no one ever sees it created but not started:
      // manual assignments move by hand, automatic ones catch up with their schedule.
      if (settings.is_auto_schedule) await advanceAssignment(tx, row.id, now);
      else await moveToNextStage(tx, { courseId: m.course.id, assignmentId: row.id, now });
    }
    return row.id;
  });
  return id;
}
