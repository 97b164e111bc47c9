import type { Performance, PerformanceSave } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { uploadEndpointWithProgress } from '../../../lib/endpoint-client';
import { assignmentKey } from '../../../lib/query-keys';

export const performanceKey = (courseId: number, assignmentId: number, performanceId: number) =>
  [...assignmentKey(courseId, assignmentId), 'performances', performanceId] as const;

export function performanceQuery(courseId: number, assignmentId: number, performanceId: number) {
  return queryOptions({
    queryKey: performanceKey(courseId, assignmentId, performanceId),
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.getPerformance, {
        params: { id: courseId, aid: assignmentId, pid: performanceId },
        signal,
      }),
  });
}

export function usePerformance(courseId: number, assignmentId: number, performanceId: number | null) {
  return useQuery({
    ...performanceQuery(courseId, assignmentId, performanceId ?? 0),
    enabled: performanceId != null && performanceId > 0,
  });
}

export type SaveRequest = {
  courseId: number;
  assignmentId: number;
  performanceId: number;
  stageObject: PerformanceSave;
  /** The version the learner edited; a newer stored one makes the server answer 409. */
  version?: number;
  files?: File[];
  late?: boolean;
  onProgress?: (p: number) => void;
};

/**
 * PATCH …/performances/{id}/ (or …/late-essay/). A save without files goes as JSON
 * (`{stage_object, version}`; its progress jumps to 1 once answered); with files as multipart
 * (`stage_object` JSON text, `version`, `files`) with upload progress.
 */
export async function savePerformance(req: SaveRequest): Promise<Performance> {
  const endpoint = req.late ? endpoints.saveLateEssay : endpoints.savePerformance;
  const params = { id: req.courseId, aid: req.assignmentId, pid: req.performanceId };
  const files = req.files ?? [];
  if (files.length === 0) {
    const fresh = await callEndpoint(endpoint, {
      params,
      body: { stage_object: req.stageObject, ...(req.version !== undefined ? { version: req.version } : {}) },
    });
    req.onProgress?.(1);
    return fresh;
  }
  const form = new FormData();
  form.append('stage_object', JSON.stringify(req.stageObject));
  if (req.version !== undefined) form.append('version', String(req.version));
  for (const file of files) form.append('files', file);
  return uploadEndpointWithProgress(endpoint, { params, formData: form, onProgress: req.onProgress });
}
