import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { userCoursesKey } from '../../../lib/query-keys';

/** GET /users/course/: the side navigation's lists (opened and enrolled courses). */
export function fetchUserCourses(signal?: AbortSignal) {
  return callEndpoint(endpoints.listUserCourses, { signal });
}

export const userCoursesQuery = queryOptions({
  queryKey: userCoursesKey,
  queryFn: ({ signal }) => fetchUserCourses(signal),
});

export function useUserCourses() {
  return useQuery(userCoursesQuery);
}
