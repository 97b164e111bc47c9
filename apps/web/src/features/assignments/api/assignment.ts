import type { Assignment } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentsKey } from './assignments';

/** Every query of one assignment starts with this key. */
export const assignmentKey = (courseId: number, assignmentId: number) =>
  [...assignmentsKey(courseId), assignmentId] as const;

/** GET /courses/{id}/assignments/{aid}/ (404 for a private one to learners). */
export function fetchAssignment(courseId: number, assignmentId: number, signal?: AbortSignal) {
  return apiFetch<Assignment>(`/courses/${courseId}/assignments/${assignmentId}/`, { signal });
}

export function assignmentQuery(courseId: number, assignmentId: number) {
  return queryOptions({
    queryKey: [...assignmentKey(courseId, assignmentId), 'detail'] as const,
    queryFn: ({ signal }) => fetchAssignment(courseId, assignmentId, signal),
  });
}

export function useAssignment(courseId: number, assignmentId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...assignmentQuery(courseId, assignmentId), enabled: options.enabled ?? true });
}
