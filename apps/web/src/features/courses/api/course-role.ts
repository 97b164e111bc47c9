import type { CourseRoleInfo } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { courseKey } from '../../../lib/query-keys';

/** GET /courses/{id}/role/: which roles the user holds in the course. */
export function fetchCourseRole(courseId: number, signal?: AbortSignal) {
  return apiFetch<CourseRoleInfo>(`/courses/${courseId}/role/`, { signal });
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
