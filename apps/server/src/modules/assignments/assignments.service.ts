import type { Assignment, AssignmentSettings, StageCode } from '@pw/contract';
import { codeAt, editableAt, isWaitingNextStage, nextBoundary, type StageModel, stepsOf } from '@pw/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  assignmentFiles,
  assignments,
  files,
  participations,
  performances,
  reports,
  stages,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { type Caller, isManager, type Membership } from '../courses/courses.policy';
import { loadManager, loadMembership } from '../courses/membership';
import { discardFiles, type FormInput, fileLink, type StoredFile } from '../files/files.service';
import { filesOfAssignment } from '../files/owned-files';
import { assertValidSettings, scheduledStages } from './assignment-rules';
import { assertCanSeeAssignment, seesUnpublished } from './assignments.policy';
import { advanceAssignment, moveToNextStage } from './stage-runner';

type Deps = { db: Db; storage: FileStorage; secret: string };
export type AssignmentRow = typeof assignments.$inferSelect;
type StageRow = typeof stages.$inferSelect;

function stepsFor(rows: StageRow[]) {
  return stepsOf(rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })));
}

/** An assignment of this course that the member may see (learners: public ones only), with its stages. */
export async function loadAssignment(db: Db, m: Membership, assignmentId: number, forUpdate = false) {
  const query = db
    .select()
    .from(assignments)
    .where(and(eq(assignments.id, assignmentId), eq(assignments.courseId, m.course.id)))
    .limit(1);
  // Locked for the caller's transaction: a stage move (which locks the same row) waits, so what
  // the caller decides from the row and its stages still holds when it writes.
  const [a] = await (forUpdate ? query.for('update') : query);
  if (!a) throw new AppError('not_found');
  assertCanSeeAssignment(m, a);
  const rows = await db
    .select()
    .from(stages)
    .where(eq(stages.assignmentId, a.id))
    .orderBy(asc(stages.position));
  return { a, rows };
}

/** Any member's view of an assignment of the course (404/403 as `loadMembership`, then unpublished ones 404 to learners). */
export async function loadForMember(db: Db, caller: Caller, courseId: number, assignmentId: number) {
  const m = await loadMembership(db, caller, courseId);
  return { m, ...(await loadAssignment(db, m, assignmentId)) };
}

/** An assignment of a course the caller runs (instructor or assistant; learners 403). */
export async function loadForManager(db: Db, caller: Caller, courseId: number, assignmentId: number) {
  const m = await loadManager(db, caller, courseId);
  return { m, ...(await loadAssignment(db, m, assignmentId)) };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Files and (for learners) participation of several assignments, in two queries. */
async function loadExtras(deps: Deps, m: Membership, ids: number[]) {
  const attached = ids.length
    ? await deps.db
        .select({
          assignmentId: assignmentFiles.assignmentId,
          id: files.id,
          organisationId: files.organisationId,
          originalName: files.originalName,
          size: files.size,
        })
        .from(assignmentFiles)
        .innerJoin(files, eq(files.id, assignmentFiles.fileId))
        .where(inArray(assignmentFiles.assignmentId, ids))
        .orderBy(asc(files.id))
    : [];
  const statuses =
    m.enrollment && m.isLearner && ids.length
      ? await deps.db
          .select({ assignmentId: participations.assignmentId, status: participations.status })
          .from(participations)
          .where(
            and(inArray(participations.assignmentId, ids), eq(participations.enrollmentId, m.enrollment.id)),
          )
      : [];
  // A learner's own work per stage and their reports, so the pages can link to them.
  const work =
    m.enrollment && m.isLearner && ids.length
      ? await deps.db
          .select({ id: performances.id, stageId: performances.stageId })
          .from(performances)
          .innerJoin(stages, eq(stages.id, performances.stageId))
          .where(and(inArray(stages.assignmentId, ids), eq(performances.enrollmentId, m.enrollment.id)))
      : [];
  const ownReports =
    m.enrollment && m.isLearner && ids.length
      ? await deps.db
          .select({ id: reports.id, assignmentId: reports.assignmentId })
          .from(reports)
          .where(and(inArray(reports.assignmentId, ids), eq(reports.enrollmentId, m.enrollment.id)))
      : [];
  return {
    performanceOf: (stageId: number) => work.find((w) => w.stageId === stageId)?.id ?? null,
    reportOf: (id: number) => ownReports.find((r) => r.assignmentId === id)?.id ?? null,
    filesOf: (id: number) =>
      attached.filter((f) => f.assignmentId === id).map((f) => fileLink(deps.secret, f)),
    // Learners always get a participation status (0: not taking part); managers get none.
    participationOf: (id: number) =>
      m.enrollment && m.isLearner ? (statuses.find((p) => p.assignmentId === id)?.status ?? 0) : undefined,
  };
}

type Extras = Awaited<ReturnType<typeof loadExtras>>;

function toApi(m: Membership, a: AssignmentRow, rows: StageRow[], now: Date, extras: Extras): Assignment {
  const steps = stepsFor(rows);
  const code = codeAt(steps, a.stepIndex);
  const step = steps[a.stepIndex];
  const upcoming = a.isAutoSchedule ? nextBoundary(steps, a.stepIndex, now) : null;
  const editable = editableAt(steps, a.stepIndex);
  const participation = extras.participationOf(a.id);
  return {
    id: a.id,
    course: a.courseId,
    name: a.name,
    description: a.description,
    is_auto_schedule: a.isAutoSchedule,
    is_directly_starting: a.isDirectlyStarting,
    is_continue_from_previous_step: a.isContinueFromPreviousStep,
    is_public: a.isPublic,
    status: code === 'PR' ? 0 : code === 'CO' ? 2 : 1,
    current_stage: {
      stage: code,
      start_date: iso(step?.startAt ?? null),
      end_date: iso(step?.endAt ?? null),
    },
    is_waiting_next_stage: isWaitingNextStage(steps, a.stepIndex, now),
    next_start_date: iso(upcoming),
    progresses: rows.map((s) => ({
      id: s.id,
      stage: codeAt(
        steps,
        steps.findIndex((st) => st.models.includes(s.model as StageModel)),
      ),
      model: s.model,
      start_date: iso(s.startAt),
      end_date: iso(s.endAt),
      stage_object: s.settings,
      ...(participation !== undefined ? { performance_id: extras.performanceOf(s.id) } : {}),
    })),
    files: extras.filesOf(a.id),
    ...(isManager(m)
      ? {
          editable: {
            locked: editable.locked,
            settings: editable.settings,
            first_open_step: editable.firstOpenStep,
          },
        }
      : {}),
    ...(participation !== undefined
      ? {
          participation,
          // The running step's main stage (the essay while writing, feedback while revising).
          performance_id: (() => {
            const main = rows.find((r) => r.model === step?.models[0]);
            return main ? extras.performanceOf(main.id) : null;
          })(),
          report_id: extras.reportOf(a.id),
        }
      : {}),
    now: now.toISOString(),
  };
}

/** GET one assignment (any member; learners: published ones). */
export async function getAssignment(deps: Deps, caller: Caller, courseId: number, assignmentId: number) {
  const { m, a, rows } = await loadForMember(deps.db, caller, courseId, assignmentId);
  return presentAssignment(deps, m, a, rows, new Date());
}

/** The API shape of an assignment at `now` (part 2 §3). */
async function presentAssignment(
  deps: Deps,
  m: Membership,
  a: AssignmentRow,
  rows: StageRow[],
  now: Date,
): Promise<Assignment> {
  return toApi(m, a, rows, now, await loadExtras(deps, m, [a.id]));
}

/** The newest assignment this member can see, for "import the previous assignment". */
export async function lastAssignmentId(db: Db, caller: Caller, courseId: number): Promise<number | null> {
  const m = await loadMembership(db, caller, courseId);
  const where = seesUnpublished(m)
    ? eq(assignments.courseId, m.course.id)
    : and(eq(assignments.courseId, m.course.id), eq(assignments.isPublic, true));
  const [row] = await db
    .select({ id: assignments.id })
    .from(assignments)
    .where(where)
    .orderBy(desc(assignments.createdAt), desc(assignments.id))
    .limit(1);
  return row?.id ?? null;
}

/** The course's assignments, newest first (learners: public ones), in four queries whatever their number. */
export async function listAssignments(deps: Deps, caller: Caller, courseId: number, now: Date) {
  const m = await loadMembership(deps.db, caller, courseId);
  const where = seesUnpublished(m)
    ? eq(assignments.courseId, m.course.id)
    : and(eq(assignments.courseId, m.course.id), eq(assignments.isPublic, true));
  const list = await deps.db
    .select()
    .from(assignments)
    .where(where)
    .orderBy(desc(assignments.createdAt), desc(assignments.id));
  if (list.length === 0) return [];
  const ids = list.map((a) => a.id);
  const allStages = await deps.db
    .select()
    .from(stages)
    .where(inArray(stages.assignmentId, ids))
    .orderBy(asc(stages.position));
  const extras = await loadExtras(deps, m, ids);
  return list.map((a) =>
    toApi(
      m,
      a,
      allStages.filter((s) => s.assignmentId === a.id),
      now,
      extras,
    ),
  );
}

function stageValues(assignmentId: number, settings: AssignmentSettings) {
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

/** Creates an assignment (instructor and assistants, checked before the form is read) and returns it. */
export async function createAssignment(
  deps: Deps,
  caller: Caller,
  courseId: number,
  form: FormInput<AssignmentSettings>,
  now: Date,
) {
  const m = await loadManager(deps.db, caller, courseId);
  const id = await form((settings, uploaded) => insertAssignment(deps, m, settings, uploaded, now));
  const { a, rows } = await loadAssignment(deps.db, m, id);
  return presentAssignment(deps, m, a, rows, new Date());
}

/** Inserts an assignment (406 when the name is taken in the course); "start directly" opens the first stage now. */
async function insertAssignment(
  deps: Deps,
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
      })
      .onConflictDoNothing({ target: [assignments.courseId, assignments.name] })
      .returning({ id: assignments.id });
    if (!row) throw new AppError('duplicate_assignment');
    const stageRows = await tx.insert(stages).values(stageValues(row.id, settings)).returning();
    if (uploaded.length)
      await tx.insert(assignmentFiles).values(uploaded.map((f) => ({ assignmentId: row.id, fileId: f.id })));
    const steps = stepsFor(stageRows);
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
      else await moveToNextStage(tx, m.course.id, row.id, now);
    }
    return row.id;
  });
  return id;
}

export type AssignmentEdit = { settings: AssignmentSettings; deleteFiles: number[] };

/** Edits an assignment (instructor and assistants, checked before the form is read) and returns it. */
export async function updateAssignment(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  form: FormInput<AssignmentEdit>,
  now: Date,
) {
  const m = await loadManager(deps.db, caller, courseId);
  await form(({ settings, deleteFiles }, uploaded) =>
    saveAssignment(deps, m, assignmentId, settings, { uploaded, deleteFiles }, now),
  );
  const { a, rows } = await loadAssignment(deps.db, m, assignmentId);
  return presentAssignment(deps, m, a, rows, new Date());
}

/** Saves an assignment's edit within the locks of its current stage. */
async function saveAssignment(
  deps: Deps,
  m: Membership,
  assignmentId: number,
  settings: AssignmentSettings,
  changes: { uploaded: StoredFile[]; deleteFiles: number[] },
  now: Date,
) {
  const a = await deps.db.transaction(async (tx) => {
    const { a, rows } = await loadAssignment(tx, m, assignmentId, true);
    // A started stage keeps the start it had, whatever the form sends.
    const started = new Set<string>(
      stepsFor(rows)
        .slice(0, Math.max(0, a.stepIndex + 1))
        .flatMap((s) => s.models),
    );
    for (const p of settings.progresses) {
      const old = rows.find((r) => r.model === p.model);
      if (old && started.has(p.model)) p.start_date = old.startAt;
    }
    assertValidSettings(settings, {
      now,
      existing: rows.map((r) => ({ ...r, model: r.model as StageModel, settings: r.settings })),
      stepIndex: a.stepIndex,
    });
    const [clash] = await tx
      .select({ id: assignments.id })
      .from(assignments)
      .where(and(eq(assignments.courseId, m.course.id), eq(assignments.name, settings.name)));
    if (clash && clash.id !== a.id) throw new AppError('duplicate_assignment');
    const values = stageValues(a.id, settings);
    // Started stages keep their rows (and ids); later ones are replaced.
    for (const v of values) {
      const old = rows.find((r) => r.model === v.model);
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
    const fresh = await tx
      .select()
      .from(stages)
      .where(eq(stages.assignmentId, a.id))
      .orderBy(asc(stages.position));
    await tx
      .update(assignments)
      .set({
        name: settings.name,
        description: settings.description,
        isAutoSchedule: settings.is_auto_schedule,
        isContinueFromPreviousStep: settings.is_continue_from_previous_step,
        isPublic: settings.is_public,
        nextTransitionAt: settings.is_auto_schedule ? nextBoundary(stepsFor(fresh), a.stepIndex, now) : null,
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

/**
 * Moves an assignment one step on by hand (instructor and assistants), from the stage the
 * confirmation showed when `expected` is given; returns it as moved.
 */
export async function advanceByHand(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  expected: StageCode | undefined,
  now: Date,
) {
  const { m } = await loadForManager(deps.db, caller, courseId, assignmentId);
  await moveToNextStage(deps.db, m.course.id, assignmentId, now, expected);
  const { a, rows } = await loadAssignment(deps.db, m, assignmentId);
  return presentAssignment(deps, m, a, rows, new Date());
}

/** Deletes an assignment and its attachments (instructor and assistants). */
export async function deleteAssignment(deps: Deps, caller: Caller, courseId: number, assignmentId: number) {
  const { a } = await loadForManager(deps.db, caller, courseId, assignmentId);
  // Its attachments and the learners' work in its stages: rows and bytes.
  const owned = await deps.db.transaction(async (tx) => {
    const found = await filesOfAssignment(tx, a.id);
    await tx.delete(assignments).where(eq(assignments.id, a.id));
    return found;
  });
  await discardFiles(deps, owned);
}
