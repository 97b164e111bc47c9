import type { Assignment } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { courseKey } from '../../../lib/query-keys';

/** Every assignment query of a course starts with this key. */
export const assignmentsKey = (courseId: number) => [...courseKey(courseId), 'assignments'] as const;

/** GET /courses/{id}/assignments/: newest first; learners see the public ones only. */
export function fetchAssignments(courseId: number, signal?: AbortSignal) {
  return apiFetch<Assignment[]>(`/courses/${courseId}/assignments/`, { signal });
}

export function assignmentsQuery(courseId: number) {
  return queryOptions({
    queryKey: [...assignmentsKey(courseId), 'list'] as const,
    queryFn: ({ signal }) => fetchAssignments(courseId, signal),
  });
}

export function useAssignments(courseId: number) {
  return useQuery(assignmentsQuery(courseId));
}
