import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { assignmentsKey } from '../../../lib/query-keys';

/** GET /courses/{id}/last-assignment/: the assignment whose settings "import previous" copies, or null. */
export function fetchLastAssignment(courseId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.getLastAssignment, { params: { id: courseId }, signal });
}

export function lastAssignmentQuery(courseId: number) {
  return queryOptions({
    queryKey: [...assignmentsKey(courseId), 'last'] as const,
    queryFn: ({ signal }) => fetchLastAssignment(courseId, signal),
  });
}

export function useLastAssignment(courseId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...lastAssignmentQuery(courseId), enabled: options.enabled ?? true });
}
