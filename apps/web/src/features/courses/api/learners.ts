import type { LearnerRow } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { learnersKey } from '../../../lib/query-keys';

/** GET /courses/{id}/learners/ (instructor or assistant; withdrawn learners included). */
export function fetchLearners(courseId: number, signal?: AbortSignal) {
  return apiFetch<LearnerRow[]>(`/courses/${courseId}/learners/`, { signal });
}

export function learnersQuery(courseId: number) {
  return queryOptions({
    queryKey: learnersKey(courseId),
    queryFn: ({ signal }) => fetchLearners(courseId, signal),
  });
}

export function useLearners(courseId: number, enabled = true) {
  return useQuery({ ...learnersQuery(courseId), enabled });
}
