import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { courseKey } from '../../../lib/query-keys';

/** GET /courses/{id}/role/: which roles the user holds in the course. */
export function fetchCourseRole(courseId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.getCourseRole, { params: { id: courseId }, signal });
}

export function courseRoleQuery(courseId: number) {
  return queryOptions({
    queryKey: [...courseKey(courseId), 'role'] as const,
    queryFn: ({ signal }) => fetchCourseRole(courseId, signal),
  });
}

export function useCourseRole(courseId: number) {
  return useQuery(courseRoleQuery(courseId));
}
