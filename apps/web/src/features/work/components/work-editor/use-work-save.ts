import type { Performance, PerformanceSave } from '@pw/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isTooLarge } from '../../../../lib/api-error';
import { notify } from '../../../../lib/notify';
import { performanceKey, savePerformance } from '../../api/performance';

type Ids = { courseId: number; assignmentId: number };

/** The text save's state: nothing sent yet, on its way, stored, or refused (the message shown). */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

const stateOf = { idle: 'idle', pending: 'saving', success: 'saved', error: 'error' } as const;

/**
 * Saving a learner's work (part 2 §2, §4) through two TanStack mutations: the text (`saveText`,
 * with the version it was edited from; a 409 answer keeps the newer stored work in `stale` for the
 * comparison dialog) and the attachments (`upload` with progress 0..1, `removeFile`). Each answer
 * replaces the cached work; failures are shown as a toast (too large, over the limit, offline…).
 */
export function useWorkSave({
  ids,
  performance: p,
  late,
}: {
  ids: Ids;
  performance: Performance;
  late: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stale, setStale] = useState<Performance | null>(null);
  const [filesChanged, setFilesChanged] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const send = (req: { stageObject: PerformanceSave; version?: number; files?: File[] }) =>
    savePerformance({ ...ids, performanceId: p.id, late, ...req });
  const text = useMutation({ mutationFn: send });
  const attachments = useMutation({ mutationFn: send });

  const apply = (fresh: Performance) => {
    queryClient.setQueryData(performanceKey(ids.courseId, ids.assignmentId, p.id), fresh);
    void queryClient.invalidateQueries({
      queryKey: [...performanceKey(ids.courseId, ids.assignmentId, p.id).slice(0, 3)],
    });
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'performance_stale' && error.body.current) {
      setStale(error.body.current as Performance);
      return;
    }
    if (isTooLarge(error)) {
      notify('save', { color: 'yellow', message: t('errors.payload_too_large') });
      return;
    }
    if (error instanceof ApiError && error.code === 'essay_too_long') {
      notify('save', { color: 'yellow', message: t('work.overLimit') });
      return;
    }
    if (error instanceof ApiError && error.status === 0) {
      notify('save', { color: 'yellow', message: t('work.offlineKept') });
      return;
    }
    const detail = error instanceof ApiError && error.status !== 500 ? error.body.detail : undefined;
    notify('save', { color: 'yellow', message: detail ?? t('work.saveFailed') });
  };

  /** Saves the text; resolves to the stored work, or null when refused (already reported). */
  const saveText = async (stageObject: PerformanceSave, version: number): Promise<Performance | null> => {
    try {
      const fresh = await text.mutateAsync({ stageObject, version });
      setFilesChanged(false);
      setStale(null);
      apply(fresh);
      return fresh;
    } catch (error) {
      failed(error);
      return null;
    }
  };

  const changeFiles = async (
    req: { stageObject: PerformanceSave; files?: File[] },
    done: string,
    withProgress: boolean,
  ) => {
    if (withProgress) setProgress(0);
    try {
      const fresh = await attachments.mutateAsync({
        ...req,
        ...(withProgress ? { onProgress: setProgress } : {}),
      });
      setFilesChanged(true);
      apply(fresh);
      notify('save', { color: 'teal', message: done });
    } catch (error) {
      failed(error);
    } finally {
      if (withProgress) setProgress(null);
    }
  };

  /** Adds pdf/mp4 files (20 MB each at most), with upload progress. */
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    if (files.some((f) => !/\.(pdf|mp4)$/i.test(f.name))) {
      notify('save', { color: 'yellow', message: t('work.fileTypes') });
      return;
    }
    if (files.some((f) => f.size > 20 * 1024 * 1024)) {
      notify('save', { color: 'yellow', message: t('errors.payload_too_large') });
      return;
    }
    await changeFiles({ stageObject: {}, files }, t('work.fileCreated'), true);
  };

  const removeFile = (fileId: number) =>
    changeFiles({ stageObject: { delFile: true, fileId } }, t('work.fileDeleted'), false);

  /** Gives up the local text for the newer stored work of a stale save. */
  const takeStale = () => {
    if (stale) apply(stale);
    setStale(null);
  };

  return {
    state: stateOf[text.status] as SaveState,
    saving: text.isPending,
    saveText,
    stale,
    closeStale: () => setStale(null),
    takeStale,
    filesChanged,
    progress,
    upload,
    removeFile,
  };
}
