import {
  type Delta,
  deltaText,
  isOverLimit,
  type Language,
  lateEssayRule,
  type Performance,
  type PerformanceSave,
  performanceSaveSchema,
  readStageSettings,
  saveRule,
} from '@pw/contract';
import { codeAt, type StageModel, type Step, stepsOf } from '@pw/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  assignments,
  courses,
  enrollments,
  files,
  participations,
  performanceFiles,
  performances,
  stages,
  users,
} from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import { perDatabase } from '../../lib/per-database';
import type { FileStorage } from '../../lib/storage';
import { assertCanSeeAssignment } from '../assignments/assignments.policy';
import { type Caller, isManager, type Membership, membershipOf } from '../courses/courses.policy';
import { loadMembership } from '../courses/membership';
import {
  attachedFilesOfPerformance,
  discardFiles,
  type FormInput,
  fileLink,
  type StoredFile,
} from '../files/files.service';
import { peerTargetsOf, receivedReviewsOf } from '../reviews/learner-reviews';
import { assertCanReadPerformance, assertCanWritePerformance, isOwner } from './performances.policy';

type Deps = { db: Db; storage: FileStorage; secret: string };
type StageRow = typeof stages.$inferSelect;

/** Performances take pdf and mp4 attachments only (part 2 §5). */
const WORK_FILE_TYPES = new Set(['application/pdf', 'video/mp4']);

function stepsFor(rows: readonly StageRow[]) {
  return stepsOf(rows.map((s) => ({ model: s.model as StageModel, startAt: s.startAt, endAt: s.endAt })));
}

type StageJson = Omit<StageRow, 'startAt' | 'endAt'> & { startAt: string | null; endAt: string | null };

/**
 * Read with the performance in the same statement (a save is about ten round trips fewer per
 * second of a deadline burst): every stage of the assignment, the performance's files, and the
 * learner's question performance.
 */
const stagesOfAssignment = sql<StageJson[]>`(select coalesce(json_agg(json_build_object(
  'id', s.id, 'assignmentId', s.assignment_id, 'position', s.position, 'model', s.model,
  'startAt', s.start_at, 'endAt', s.end_at, 'settings', s.settings) order by s.position), '[]'::json)
  from stages s where s.assignment_id = ${assignments.id})`;
const questionOfLearner = sql<number | null>`(select q.id from performances q
  join stages qs on qs.id = q.stage_id
  where qs.assignment_id = ${assignments.id} and qs.model = 'questionwriting'
    and q.enrollment_id = ${performances.enrollmentId} limit 1)`;

/**
 * The caller's membership and a performance of an assignment of the course, with its stage, the
 * assignment, all its stages, its files and the learner's question performance: one prepared
 * statement (built once per database handle), the first of every read and save of a performance.
 */
function prepareContextLookup(db: Db) {
  return db
    .select({
      course: courses,
      enrollment: enrollments,
      p: performances,
      // Only the columns the rules and the answer read (every column costs building and mapping).
      stage: { id: stages.id, model: stages.model, settings: stages.settings },
      a: { id: assignments.id, stepIndex: assignments.stepIndex, isPublic: assignments.isPublic },
      participation: participations.status,
      stageRows: stagesOfAssignment,
      files: attachedFilesOfPerformance,
      questionId: questionOfLearner,
    })
    .from(performances)
    .innerJoin(stages, eq(stages.id, performances.stageId))
    .innerJoin(assignments, eq(assignments.id, stages.assignmentId))
    .innerJoin(courses, eq(courses.id, assignments.courseId))
    .leftJoin(
      enrollments,
      and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, sql.placeholder('user'))),
    )
    .leftJoin(
      participations,
      and(
        eq(participations.assignmentId, assignments.id),
        eq(participations.enrollmentId, performances.enrollmentId),
      ),
    )
    .where(
      and(
        eq(performances.id, sql.placeholder('performance')),
        eq(assignments.id, sql.placeholder('assignment')),
        eq(courses.id, sql.placeholder('course')),
        eq(courses.organisationId, sql.placeholder('org')),
      ),
    )
    .limit(1)
    .prepare('performance_context');
}

const contextLookup = perDatabase(prepareContextLookup);

type Ids = { courseId: number; assignmentId: number; performanceId: number };

/** 404 outside the course or for another learner's work; 403 when withdrawn (`membershipOf`). */
async function loadContext(db: Db, caller: Caller, ids: Ids) {
  const [row] = await contextLookup(db).execute({
    performance: ids.performanceId,
    assignment: ids.assignmentId,
    course: ids.courseId,
    org: caller.org.id,
    user: caller.user.id,
  });
  if (!row) {
    // Outside the course is 404 as well, but a withdrawn learner still hears why.
    await loadMembership(db, caller, ids.courseId);
    throw new AppError('not_found');
  }
  const m = membershipOf(row.course, row.enrollment, caller.user.id);
  assertCanReadPerformance(m, row.p.enrollmentId);
  const { stageRows, files: fileRows, course: _course, enrollment: _enrollment, ...rest } = row;
  const rows: StageRow[] = stageRows.map((r) => ({
    ...r,
    startAt: r.startAt ? new Date(r.startAt) : null,
    endAt: r.endAt ? new Date(r.endAt) : null,
  }));
  return {
    ...rest,
    m,
    files: fileRows,
    rows,
    steps: stepsFor(rows),
  };
}

type Context = Awaited<ReturnType<typeof loadContext>>;

/** Links to the files of these performances; the context's own performance's files are known. */
async function filesOf(db: Db | Tx, secret: string, ctx: Context, otherIds: number[]) {
  const list =
    otherIds.length === 0
      ? []
      : await db
          .select({
            performanceId: performanceFiles.performanceId,
            id: files.id,
            organisationId: files.organisationId,
            originalName: files.originalName,
            size: files.size,
          })
          .from(performanceFiles)
          .innerJoin(files, eq(files.id, performanceFiles.fileId))
          .where(inArray(performanceFiles.performanceId, otherIds))
          .orderBy(asc(files.id));
  return (id: number) =>
    (id === ctx.p.id ? ctx.files : list.filter((f) => f.performanceId === id)).map((f) =>
      fileLink(secret, f),
    );
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
  const question = model === 'essaywriting' || model === 'questionwriting' ? ctx.questionId : null;
  const filesFor = await filesOf(db, deps.secret, ctx, essay && essay.id !== p.id ? [essay.id] : []);
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
            ? await receivedReviewsOf({
                db,
                lang,
                assignmentId: a.id,
                authorId: p.enrollmentId,
                standards: readStageSettings(
                  'peerreview',
                  ctx.rows.find((s) => s.model === 'peerreview')?.settings,
                ).standards,
              })
            : null,
      extra: { question: question ?? null, is_late: essay?.isLate ?? false },
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
  const now = new Date();
  const ctx = await loadContext(deps.db, caller, { courseId, assignmentId, performanceId });
  assertCanSeeAssignment(ctx.m, ctx.a);
  return present(deps, deps.db, ctx.m, ctx, now, lang);
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
 * PATCH …/performances/{id}/ (and the late essay): any member may ask, and only the learner who
 * owns the work saves it. A form with files is read only once membership is known (strangers
 * never get bytes into storage); a JSON body is already read.
 */
export async function savePerformance(
  deps: Deps,
  caller: Caller,
  ids: Ids,
  form: FormInput<PerformanceSaveInput>,
  late: boolean,
  opts: { uploads: boolean },
) {
  // Outsiders and other learners are refused (404, 403 withdrawn) before the form is judged.
  const read = await loadContext(deps.db, caller, ids);
  assertCanWritePerformance(read.m, read.p.enrollmentId);
  // A JSON body is in hand at once, so the read stands; files take time, so after them read again.
  return form((input, uploaded) =>
    saveWork(deps, caller, ids, { ...input, uploaded }, late, opts.uploads ? undefined : read),
  );
}

/** The save's UPDATE found the work changed or the stage moved since it was read: read again. */
class ReadAgain extends Error {}

/**
 * Saves a learner's own work and marks it complete, never half in a matching.
 *
 * The work is read and checked first (membership, rules, version; one prepared statement). The
 * write is one UPDATE that applies only if the version is still the one read, the assignment is
 * still at the step read (checked so that a stage move in progress is waited for: see the two
 * paths below) and the learner still takes part. Otherwise nothing is written and the save is
 * tried again from a fresh read, which refuses it by the rules of the new stage or with 409 and
 * the stored work when another tab saved first.
 */
async function saveWork(
  deps: Deps,
  caller: Caller,
  ids: Ids,
  input: SaveInput,
  late: boolean,
  read: Context | undefined,
) {
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const ctx = attempt === 1 && read ? read : await loadContext(deps.db, caller, ids);
    const { m } = ctx;
    assertCanWritePerformance(m, ctx.p.enrollmentId);
    if (ctx.participation !== 1) throw new AppError('not_participating');
    const model = ctx.stage.model as StageModel;
    checkRules(ctx, model, now, late);
    if (input.version !== undefined && input.version !== ctx.p.version) {
      throw new AppError('performance_stale', {
        extra: { current: await present(deps, deps.db, m, ctx, now) },
      });
    }
    const completion = {
      isCompleted: true,
      completedAt: now,
      updatedAt: now,
      version: ctx.p.version + 1,
      ...(late ? { isLate: true, lateAt: now } : {}),
    };
    const guard = {
      id: ctx.p.id,
      readVersion: ctx.p.version,
      assignment: ctx.a.id,
      enrollment: ctx.p.enrollmentId,
      step: ctx.a.stepIndex,
    };
    let removed: StoredFile[] = [];
    const write = async (db: Db | Tx, fresh: boolean) => {
      const change = await applySave(db, ctx, model, input);
      const values = { ...change.patch, ...completion };
      const statement = fresh
        ? saveStatement(db, Object.keys(values))
        : preparedSave(db as Db, Object.keys(values));
      const [written] = await statement.execute({ ...values, ...guard });
      if (!written) throw new ReadAgain();
      // The row is the one read (its version was checked) with these values: the essay just sent
      // is not read back.
      const saved: PerformanceRow = { ...ctx.p, ...values };
      removed = change.removed;
      const gone = new Set(change.removed.map((f) => f.id));
      const filesAfter = [...ctx.files.filter((f) => !gone.has(f.id)), ...input.uploaded].sort(
        (x, y) => x.id - y.id,
      );
      return present(deps, db, m, { ...ctx, p: saved, files: filesAfter }, now);
    };
    try {
      // Without files the save is one autocommit statement (see saveStatement); with files, the
      // links and the save commit together.
      const changesFiles = input.uploaded.length > 0 || input.save.delFile === true;
      const result = changesFiles
        ? await deps.db.transaction((tx) => write(tx, true))
        : await write(deps.db, false);
      // Bytes go once the removal is committed.
      await discardFiles(deps, removed);
      return result;
    } catch (error) {
      // A fresh read refuses or saves; only an endless race would come back here.
      if (error instanceof ReadAgain && attempt < 5) continue;
      if (error instanceof ReadAgain) throw new AppError('performance_stale');
      throw error;
    }
  }
}

type PerformanceRow = typeof performances.$inferSelect;

/**
 * The write of a save: sets `columns` (each from the placeholder of its name) on the work, only if
 * its version is still the one read (`readVersion`), the learner still takes part, and the
 * assignment is still at the step read. That step is read FOR SHARE: a stage move or a matching
 * reset holds the assignment row FOR UPDATE for its whole transaction (assignment-lock.ts), so a
 * save either commits before the move reads the work, or waits for it and then sees the new step
 * (a locking read follows the row to its newest version) and writes nothing. One statement, so a
 * save without files needs no transaction: one round trip where begin, lock, update and commit
 * took four.
 */
function saveStatement(db: Db | Tx, columns: readonly string[]) {
  const set = Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)]));
  return db
    .update(performances)
    .set(set as Partial<PerformanceRow>)
    .where(
      and(
        eq(performances.id, sql.placeholder('id')),
        eq(performances.version, sql.placeholder('readVersion')),
        sql`exists (select 1 from participations where assignment_id = ${sql.placeholder('assignment')}
          and enrollment_id = ${sql.placeholder('enrollment')} and status = 1)`,
        sql`(select step_index from assignments where id = ${sql.placeholder('assignment')} for share)
          = ${sql.placeholder('step')}`,
      ),
    )
    .returning({ id: performances.id })
    .prepare(saveStatementName(columns));
}

/** PostgreSQL names prepared statements in at most 63 characters: a number per set of columns. */
const saveStatementNames = new Map<string, string>();
function saveStatementName(columns: readonly string[]) {
  const key = [...columns].sort().join(',');
  let name = saveStatementNames.get(key);
  if (!name) {
    name = `save_performance_${saveStatementNames.size + 1}`;
    saveStatementNames.set(key, name);
  }
  return name;
}

/** One prepared save statement per set of columns (a handful: essay, answers, retrospective, late), built once per database handle. */
const preparedSaves = perDatabase(() => new Map<string, ReturnType<typeof saveStatement>>());

function preparedSave(db: Db, columns: readonly string[]) {
  const byColumns = preparedSaves(db);
  const name = saveStatementName(columns);
  let statement = byColumns.get(name);
  if (!statement) {
    statement = saveStatement(db, columns);
    byColumns.set(name, statement);
  }
  return statement;
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
  tx: Db | Tx,
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
    // Written by the save's one UPDATE, with the completion and the version.
    patch.content = save.content;
    patch.plainText = text;
    patch.editorType = 'Q';
    if (model === 'revisement' && save.retrospective !== undefined) patch.retrospective = save.retrospective;
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
