import { type Delta, deltaText, isOverLimit } from '@pw/contract';
import type { StageModel } from '@pw/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files, performanceFiles, type performances } from '../../db/schema';
import { AppError, validationError } from '../../lib/errors';
import type { StoredFile } from '../files/files.service';
import type { PerformanceSaveInput } from './performance-input';
import type { Context } from './performances.queries';

/** Performances take pdf and mp4 attachments only (part 2 §5). */
const WORK_FILE_TYPES = new Set(['application/pdf', 'video/mp4']);

/** A save with the files its form uploaded. */
export type SaveInput = PerformanceSaveInput & { uploaded: StoredFile[] };

/** Writes the parts of a save that apply to the stage; returns the files to delete after commit. */
export async function applySave(
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
    const essaySettings = ctx.shape.stage('essaywriting')?.settings;
    const limitType = essaySettings?.limit_type ?? 'L';
    if (isOverLimit(text, limitType, essaySettings?.max_length)) {
      throw new AppError('essay_too_long', {
        params: { max: essaySettings?.max_length, unit: limitType === 'W' ? ' words' : '' },
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
    const count = ctx.stage.model === 'questionwriting' ? ctx.stage.settings.quizs.length : 0;
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
