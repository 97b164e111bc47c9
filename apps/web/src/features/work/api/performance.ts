import type { Performance, PerformanceSave } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, apiUploadWithProgress } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

export const performanceKey = (courseId: number, assignmentId: number, performanceId: number) =>
  [...assignmentKey(courseId, assignmentId), 'performances', performanceId] as const;

export function performanceQuery(courseId: number, assignmentId: number, performanceId: number) {
  return queryOptions({
    queryKey: performanceKey(courseId, assignmentId, performanceId),
    queryFn: ({ signal }) =>
      apiFetch<Performance>(
        `/courses/${courseId}/assignments/${assignmentId}/performances/${performanceId}/`,
        {
          signal,
        },
      ),
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

/** PATCH …/performances/{id}/ (or …/late-essay/) as multipart: `stage_object` JSON, `version`, `files`. */
export function savePerformance(req: SaveRequest) {
  const form = new FormData();
  form.append('stage_object', JSON.stringify(req.stageObject));
  if (req.version !== undefined) form.append('version', String(req.version));
  for (const file of req.files ?? []) form.append('files', file);
  const path = `/courses/${req.courseId}/assignments/${req.assignmentId}/performances/${req.performanceId}/${
    req.late ? 'late-essay/' : ''
  }`;
  return apiUploadWithProgress<Performance>(path, {
    method: 'PATCH',
    formData: form,
    onProgress: req.onProgress,
  });
}
