import { lateEssayRule, saveRule } from '@pw/contract';
import { isExtended, joinsRunningMatching, type StageModel } from '@pw/domain';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { loadAssignment } from '../assignments/assignment-loader';
import type { Caller } from '../courses/courses.policy';
import { discardFiles, type FormInput, type StoredFile } from '../files/files.service';
import { matchLateJoiners } from '../reviews/late-joiners';
import { applySave, type SaveInput } from './apply-save';
import { performanceAnswer } from './get-performance';
import type { PerformanceSaveInput } from './performance-input';
import { assertCanWritePerformance, assertParticipating } from './performances.policy';
import { type Context, loadContext, type PerformanceIds, type PerformanceRow } from './performances.queries';
import { preparedSave, saveStatement } from './save-statement';

/**
 * PATCH …/performances/{id}/ (and the late essay): any member may ask, and only the learner who
 * owns the work saves it. A form with files is read only once membership is known (strangers
 * never get bytes into storage); a JSON body is already read.
 */
export async function savePerformance(input: {
  db: Db;
  storage: FileStorage;
  secret: string;
  caller: Caller;
  ids: PerformanceIds;
  form: FormInput<PerformanceSaveInput>;
  /** The late essay (`…/late-essay/`). */
  late: boolean;
  /** The form is multipart (files take time: the work is read again after them). */
  uploads: boolean;
}) {
  const { db, caller, ids } = input;
  // Outsiders and other learners are refused (404, 403 withdrawn) before the form is judged.
  const read = await loadContext(db, caller, ids);
  assertCanWritePerformance(read.m, read.p.enrollmentId);
  // A JSON body is in hand at once, so the read stands; files take time, so after them read again.
  return input.form((save, uploaded) =>
    saveWork(input, { ...save, uploaded }, input.uploads ? undefined : read),
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
  deps: { db: Db; storage: FileStorage; secret: string; caller: Caller; ids: PerformanceIds; late: boolean },
  input: SaveInput,
  read: Context | undefined,
) {
  const { caller, ids, late } = deps;
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const ctx = attempt === 1 && read ? read : await loadContext(deps.db, caller, ids);
    assertCanWritePerformance(ctx.m, ctx.p.enrollmentId);
    assertParticipating(ctx.participation);
    const model = ctx.stage.model;
    const extended = checkRules(ctx, model, now, late);
    if (input.version !== undefined && input.version !== ctx.p.version) {
      throw new AppError('performance_stale', {
        extra: { current: await performanceAnswer(deps.db, deps.secret, ctx, now) },
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
      step: ctx.shape.stepIndex,
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
      return performanceAnswer(db, deps.secret, { ...ctx, p: saved, files: filesAfter }, now);
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
      // An essay finished under an extension after peer review began joins the running matching.
      if (extended && model === 'essaywriting' && !ctx.p.isCompleted)
        await joinMatching(deps.db, ctx.shape.row.id, ctx.shape.stepIndex, now);
      return result;
    } catch (error) {
      // A fresh read refuses or saves; only an endless race would come back here.
      if (error instanceof ReadAgain && attempt < 5) continue;
      if (error instanceof ReadAgain) throw new AppError('performance_stale');
      throw error;
    }
  }
}

/**
 * The work rules of the stage machine (packages/contract/src/stages.ts) at `now`, with the learner's
 * extension (read with the work by the context's one statement).
 * True when the save is allowed by an extension alone.
 */
function checkRules(ctx: Context, model: StageModel, now: Date, late: boolean) {
  const { shape, p } = ctx;
  if (late) {
    if (model !== 'essaywriting') throw new AppError('late_essay_not_open');
    const error = lateEssayRule(shape.steps, shape.stepIndex, now, {
      isCompleted: p.isCompleted,
      isLate: p.isLate,
    });
    if (error) throw new AppError(error);
    return false;
  }
  const error = saveRule(shape.steps, shape.stepIndex, model, now);
  if (!error) return false;
  if (isExtended(shape.steps, shape.stepIndex, model, now, ctx.extensionEnd)) return true;
  throw new AppError(error);
}

/**
 * The late joiners' matching (`matchLateJoiners`), run after an essay is first finished under an
 * extension while peer review runs: the essay gets its reviewers, existing pairs stay. Under the
 * assignment's share lock, only if the step is still the one the save saw.
 */
async function joinMatching(db: Db, assignmentId: number, stepIndex: number, now: Date) {
  await db.transaction(async (tx) => {
    const shape = await loadAssignment(tx, { assignmentId, lock: 'share' });
    if (shape.stepIndex !== stepIndex || !joinsRunningMatching(shape.steps, shape.stepIndex, now)) return;
    await matchLateJoiners(tx, shape);
  });
}
