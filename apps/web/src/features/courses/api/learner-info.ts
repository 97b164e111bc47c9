import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { courseKey } from '../../../lib/query-keys';

export type LearnerInfo = { learner_code: string | null; is_assistant: boolean };

/** GET /courses/{id}/learner-info/: the user's own student ID and assistant flag. */
export function fetchLearnerInfo(courseId: number, signal?: AbortSignal) {
  return apiFetch<LearnerInfo>(`/courses/${courseId}/learner-info/`, { signal });
}

export function learnerInfoQuery(courseId: number) {
  return queryOptions({
    queryKey: [...courseKey(courseId), 'learner-info'] as const,
    queryFn: ({ signal }) => fetchLearnerInfo(courseId, signal),
  });
}

export function useLearnerInfo(courseId: number, enabled = true) {
  return useQuery({ ...learnerInfoQuery(courseId), enabled });
}
