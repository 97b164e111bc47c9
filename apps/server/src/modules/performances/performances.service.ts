import {
  type Delta,
  deltaText,
  isOverLimit,
  type Language,
  lateEssayRule,
  type Performance,
  type PerformanceSave,
  performanceSaveSchema,
  saveRule,
} from '@pw/contract';
import { codeAt, type StageModel, type Step, stepsOf } from '@pw/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  enrollments,
  files,
  participations,
  performanceFiles,
  performances,
  stages,
  users,
} from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { lockAssignmentWork } from '../assignments/assignment-lock';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import { type Caller, isManager, loadMembership, type Membership } from '../courses/courses.policy';
import { discardFiles, type FormInput, fileLink, type StoredFile } from '../files/files.service';
import { peerTargetsOf, receivedReviewsOf } from '../reviews/reviews.service';
import { assertCanReadPerformance, assertCanWritePerformance, isOwner } from './performances.policy';

type Deps = { db: Db; storage: FileStorage; secret: string };
type StageRow = typeof stages.$inferSelect;

/** Performances take pdf and mp4 attachments only (part 2 §5). */
const WORK_FILE_TYPES = new Set(['application/pdf', 'video/mp4']);

function stepsFor(rows: readonly StageRow[]) {
  return stepsOf(rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })));
}

/** A performance of an assignment of this course, with its stage, the assignment and all its stages. */
async function loadContext(
  db: Db | Tx,
  m: Membership,
  assignmentId: number,
  performanceId: number,
  lock = false,
) {
  const query = db
    .select({ p: performances, stage: stages, a: assignments, participation: participations.status })
    .from(performances)
    .innerJoin(stages, eq(stages.id, performances.stageId))
    .innerJoin(assignments, eq(assignments.id, stages.assignmentId))
    .leftJoin(
      participations,
      and(
        eq(participations.assignmentId, assignments.id),
        eq(participations.enrollmentId, performances.enrollmentId),
      ),
    )
    .where(
      and(
        eq(performances.id, performanceId),
        eq(assignments.id, assignmentId),
        eq(assignments.courseId, m.course.id),
      ),
    )
    .limit(1);
  // A save locks the performance row in the same statement (one round trip fewer).
  const [row] = await (lock ? query.for('update', { of: performances }) : query);
  if (!row) throw new AppError('not_found');
  assertCanReadPerformance(m, row.p.enrollmentId);
  const rows = await db
    .select()
    .from(stages)
    .where(eq(stages.assignmentId, row.a.id))
    .orderBy(asc(stages.position));
  return { ...row, rows, steps: stepsFor(rows) };
}

type Context = Awaited<ReturnType<typeof loadContext>>;

async function filesOf(db: Db | Tx, secret: string, performanceIds: number[]) {
  if (performanceIds.length === 0) return () => [];
  const list = await db
    .select({
      performanceId: performanceFiles.performanceId,
      id: files.id,
      organisationId: files.organisationId,
      originalName: files.originalName,
      size: files.size,
    })
    .from(performanceFiles)
    .innerJoin(files, eq(files.id, performanceFiles.fileId))
    .where(inArray(performanceFiles.performanceId, performanceIds))
    .orderBy(asc(files.id));
  return (id: number) => list.filter((f) => f.performanceId === id).map((f) => fileLink(secret, f));
}

/** The same learner's performance of another stage of this assignment (the essay, the questions). */
async function siblingOf(db: Db | Tx, ctx: Context, model: StageModel) {
  const stage = ctx.rows.find((s) => s.model === model);
  if (!stage) return undefined;
  const [row] = await db
    .select()
    .from(performances)
    .where(and(eq(performances.stageId, stage.id), eq(performances.enrollmentId, ctx.p.enrollmentId)))
    .limit(1);
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape of a performance (part 2 §3) for this member. */
async function present(
  deps: Deps,
  db: Db | Tx,
  m: Membership,
  ctx: Context,
  now: Date,
  lang: Language = 'ko',
): Promise<Performance> {
  const { p, stage, a, steps } = ctx;
  const model = stage.model as StageModel;
  const settings = stage.settings as Record<string, unknown>;
  const essayStage = ctx.rows.find((s) => s.model === 'essaywriting');
  const essay = model === 'essaywriting' ? p : await siblingOf(db, ctx, 'essaywriting');
  const question =
    model === 'essaywriting' || model === 'questionwriting'
      ? await siblingOf(db, ctx, 'questionwriting')
      : undefined;
  const filesFor = await filesOf(db, deps.secret, [p.id, ...(essay && essay.id !== p.id ? [essay.id] : [])]);
  const essaySettings = (essayStage?.settings ?? {}) as { limit_type?: 'L' | 'W'; max_length?: number };
  const owner = isOwner(m, p.enrollmentId);
  const ownStep = steps.findIndex((s) => s.models.includes(model));
  let ownerName: string | undefined;
  if (isManager(m) && !owner) {
    const [person] = await db
      .select({ name: users.name })
      .from(enrollments)
      .innerJoin(users, eq(users.id, enrollments.userId))
      .where(eq(enrollments.id, p.enrollmentId));
    ownerName = person?.name;
  }
  const quizzes =
    model === 'questionwriting' ? ((settings.quizs as { quiz: string }[] | undefined) ?? []) : [];
  const answers = (p.responses ?? []) as { id: number; response: string }[];
  const writesText = model === 'essaywriting' || model === 'revisement';
  return {
    id: p.id,
    is_completed: p.isCompleted,
    is_late: p.isLate,
    stage: steps[ownStep]?.code ?? codeAt(steps, a.stepIndex),
    model,
    version: p.version,
    updated_at: p.updatedAt.toISOString(),
    completed_at: iso(p.completedAt),
    late_time: iso(p.lateAt),
    editable: owner && saveRule(steps, a.stepIndex, model, now) === null,
    late_essay_open:
      owner &&
      model === 'essaywriting' &&
      lateEssayRule(steps, a.stepIndex, now, { isCompleted: p.isCompleted, isLate: p.isLate }) === null,
    is_mine: owner,
    ...(ownerName !== undefined ? { owner_name: ownerName } : {}),
    stage_object: {
      id: p.id,
      late: p.isLate,
      files: filesFor(p.id),
      content: p.content ?? null,
      plain_text: p.plainText ?? '',
      editor_type: p.editorType,
      max_length: writesText ? (essaySettings.max_length ?? null) : null,
      limit_type: writesText ? (essaySettings.limit_type ?? 'L') : null,
      responses:
        model === 'questionwriting'
          ? quizzes.map((q, i) => ({
              id: i,
              quiz: q.quiz,
              response: answers.find((r) => r.id === i)?.response ?? '',
            }))
          : null,
      essay:
        model === 'revisement' && essay
          ? {
              id: essay.id,
              content: essay.content ?? null,
              plain_text: essay.plainText ?? '',
              editor_type: essay.editorType,
              files: filesFor(essay.id),
              is_late: essay.isLate,
              is_completed: essay.isCompleted,
            }
          : null,
      retrospective: p.retrospective,
      // The reviews its owner owes (peer review) or received (feedback), labelled, never named.
      targets:
        model === 'peerreview'
          ? await peerTargetsOf(db, a.id, p.enrollmentId)
          : model === 'feedbackreview'
            ? await receivedReviewsOf(db, lang, a.id, p.enrollmentId)
            : null,
      extra: { question: question?.id ?? null, is_late: essay?.isLate ?? false },
    },
  };
}

/** GET …/performances/{id}/: the owner, the instructor and assistants (others 404). */
export async function getPerformance(
  deps: Deps,
  caller: Caller,
  courseId: number,
  assignmentId: number,
  performanceId: number,
  lang: Language = 'ko',
) {
  const m = await loadMembership(deps.db, caller, courseId);
  const now = new Date();
  const ctx = await loadContext(deps.db, m, assignmentId, performanceId);
  assertCanSeeAssignment(m, ctx.a);
  return present(deps, deps.db, m, ctx, now, lang);
}

/** The `stage_object` of a save, from a multipart field holding JSON or from a JSON body. */
export function parseSave(raw: unknown): PerformanceSave {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw validationError({ stage_object: ['validation.invalid'] });
    }
  }
  if (value === undefined || value === null) value = {};
  const result = performanceSaveSchema.safeParse(value);
  if (!result.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = ['stage_object', ...issue.path.map(String)].join('.');
      fields[key] = [
        ...(fields[key] ?? []),
        issue.message.startsWith('validation.') ? issue.message : 'validation.invalid',
      ];
    }
    throw validationError(fields);
  }
  return result.data as PerformanceSave;
}

/** The version field of a save (multipart text or JSON number); absent means "don't check". */
export function parseVersion(raw: unknown): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 2_147_483_647)
    throw validationError({ version: ['validation.invalid'] });
  return n;
}

/** A save as the route reads it: the `stage_object` and the version it was made from. */
export type PerformanceSaveInput = { save: PerformanceSave; version: number | undefined };
type SaveInput = PerformanceSaveInput & { uploaded: StoredFile[] };

/**
 * PATCH …/performances/{id}/ (and the late essay): any member may ask, the form is read once
 * membership is known, and only the learner who owns the work saves it.
 */
export async function savePerformance(
  deps: Deps,
  caller: Caller,
  ids: { courseId: number; assignmentId: number; performanceId: number },
  form: FormInput<PerformanceSaveInput>,
  late: boolean,
) {
  const m = await loadMembership(deps.db, caller, ids.courseId);
  return form((input, uploaded) =>
    saveWork(deps, m, ids.assignmentId, ids.performanceId, { ...input, uploaded }, late),
  );
}

/**
 * Saves a learner's own work in one transaction and marks it complete. The save holds the
 * assignment's work lock shared (assignment-lock.ts), so a stage move waits for the save (and then sees the essay) or the
 * save waits for the move (and is refused by the rules of the new stage): an essay is never
 * half in a matching. A save made from an older version than the stored one is refused with
 * 409 and the stored work, so a second tab cannot silently overwrite the first.
 */
async function saveWork(
  deps: Deps,
  m: Membership,
  assignmentId: number,
  performanceId: number,
  input: SaveInput,
  late: boolean,
) {
  const now = new Date();
  let removed: StoredFile[] = [];
  const result = await deps.db.transaction(async (tx) => {
    // Shared with other saves, exclusive with a stage move: see assignment-lock.ts.
    await lockAssignmentWork(tx, assignmentId, 'shared');
    const ctx = await loadContext(tx, m, assignmentId, performanceId, true);
    assertCanWritePerformance(m, ctx.p.enrollmentId);
    if (ctx.participation !== 1) throw new AppError('not_participating');
    const model = ctx.stage.model as StageModel;
    checkRules(ctx, model, now, late);
    if (input.version !== undefined && input.version !== ctx.p.version) {
      throw new AppError('performance_stale', { extra: { current: await present(deps, tx, m, ctx, now) } });
    }
    const change = await applySave(tx, ctx, model, input);
    removed = change.removed;
    const [saved] = await tx
      .update(performances)
      .set({
        ...change.patch,
        isCompleted: true,
        completedAt: now,
        updatedAt: now,
        version: ctx.p.version + 1,
        ...(late ? { isLate: true, lateAt: now } : {}),
      })
      .where(eq(performances.id, ctx.p.id))
      .returning();
    return present(deps, tx, m, { ...ctx, p: saved ?? ctx.p }, now);
  });
  // Bytes go once the removal is committed.
  await discardFiles(deps, removed);
  return result;
}

function checkRules(ctx: Context, model: StageModel, now: Date, late: boolean) {
  const { steps, a, p } = ctx;
  if (late) {
    if (model !== 'essaywriting') throw new AppError('late_essay_not_open');
    const error = lateEssayRule(steps, a.stepIndex, now, { isCompleted: p.isCompleted, isLate: p.isLate });
    if (error) throw new AppError(error);
    return;
  }
  const error = saveRule(steps as Step[], a.stepIndex, model, now);
  if (error) throw new AppError(error);
}

/** Writes the parts of a save that apply to the stage; returns the files to delete after commit. */
async function applySave(
  tx: Tx,
  ctx: Context,
  model: StageModel,
  input: SaveInput,
): Promise<{ patch: Partial<typeof performances.$inferInsert>; removed: StoredFile[] }> {
  const patch: Partial<typeof performances.$inferInsert> = {};
  const { save, uploaded } = input;
  const p = ctx.p;
  if (uploaded.some((f) => !WORK_FILE_TYPES.has(f.contentType)))
    throw validationError({ files: ['validation.file_type'] });
  if (uploaded.length && model !== 'essaywriting' && model !== 'revisement')
    throw validationError({ files: ['validation.invalid'] });

  if (save.content !== undefined) {
    if (model !== 'essaywriting' && model !== 'revisement')
      throw validationError({ 'stage_object.content': ['validation.invalid'] });
    const text = deltaText(save.content as Delta);
    const essaySettings = (ctx.rows.find((s) => s.model === 'essaywriting')?.settings ?? {}) as {
      limit_type?: 'L' | 'W';
      max_length?: number;
    };
    const limitType = essaySettings.limit_type ?? 'L';
    if (isOverLimit(text, limitType, essaySettings.max_length)) {
      throw new AppError('essay_too_long', {
        params: { max: essaySettings.max_length, unit: limitType === 'W' ? ' words' : '' },
      });
    }
    await tx
      .update(performances)
      .set({
        content: save.content,
        plainText: text,
        editorType: 'Q',
        ...(model === 'revisement' && save.retrospective !== undefined
          ? { retrospective: save.retrospective }
          : {}),
      })
      .where(eq(performances.id, p.id));
  } else if (save.retrospective !== undefined) {
    if (model !== 'revisement')
      throw validationError({ 'stage_object.retrospective': ['validation.invalid'] });
    patch.retrospective = save.retrospective;
  }

  if (save.responses !== undefined) {
    if (model !== 'questionwriting')
      throw validationError({ 'stage_object.responses': ['validation.invalid'] });
    const count = ((ctx.stage.settings as { quizs?: unknown[] }).quizs ?? []).length;
    if (save.responses.some((r) => r.id >= count))
      throw validationError({ 'stage_object.responses': ['validation.invalid'] });
    const merged = new Map(
      ((p.responses ?? []) as { id: number; response: string }[]).map((r) => [r.id, r.response]),
    );
    for (const r of save.responses) merged.set(r.id, r.response);
    patch.responses = [...merged].sort((x, y) => x[0] - y[0]).map(([id, response]) => ({ id, response }));
  }

  if (uploaded.length) {
    await tx.insert(performanceFiles).values(uploaded.map((f) => ({ performanceId: p.id, fileId: f.id })));
  }

  if (save.delFile) {
    if (save.fileId === undefined) throw validationError({ 'stage_object.fileId': ['validation.required'] });
    const [link] = await tx
      .select({ file: files })
      .from(performanceFiles)
      .innerJoin(files, eq(files.id, performanceFiles.fileId))
      .where(and(eq(performanceFiles.performanceId, p.id), eq(performanceFiles.fileId, save.fileId)));
    if (!link) throw new AppError('not_found');
    await tx.delete(performanceFiles).where(eq(performanceFiles.fileId, save.fileId));
    await tx.delete(files).where(eq(files.id, save.fileId));
    return { patch, removed: [link.file] };
  }
  return { patch, removed: [] };
}

/** For the assignment response: a participating learner's performance per stage and the running one. */
export async function performancesOfLearner(db: Db, enrollmentId: number, stageIds: number[]) {
  if (stageIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: performances.id, stageId: performances.stageId })
    .from(performances)
    .where(and(eq(performances.enrollmentId, enrollmentId), inArray(performances.stageId, stageIds)));
  return new Map(rows.map((r) => [r.stageId, r.id]));
}
