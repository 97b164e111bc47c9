import type { ManagementTable } from '@pw/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { assignmentKey } from '../../../lib/query-keys';

/** GET /courses/{id}/assignments/{aid}/management/ (instructor or assistant). */
export function fetchManagement(courseId: number, assignmentId: number, signal?: AbortSignal) {
  return apiFetch<ManagementTable>(`/courses/${courseId}/assignments/${assignmentId}/management/`, {
    signal,
  });
}

export function managementQuery(courseId: number, assignmentId: number) {
  return queryOptions({
    queryKey: [...assignmentKey(courseId, assignmentId), 'management'] as const,
    queryFn: ({ signal }) => fetchManagement(courseId, assignmentId, signal),
  });
}
