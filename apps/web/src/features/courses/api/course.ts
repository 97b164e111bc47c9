import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { courseDetailKey } from '../../../lib/query-keys';

/** GET /courses/{id}/: 404 for a non-member, 403 (`course_withdrawn`) for a withdrawn learner. */
export function fetchCourse(courseId: number, signal?: AbortSignal) {
  return callEndpoint(endpoints.getCourse, { params: { id: courseId }, signal });
}

/** Every query of one course starts with this key, so invalidating it refreshes them all. */

export function courseQuery(courseId: number) {
  return queryOptions({
    queryKey: courseDetailKey(courseId),
    queryFn: ({ signal }) => fetchCourse(courseId, signal),
  });
}

export function useCourse(courseId: number) {
  return useQuery(courseQuery(courseId));
}
