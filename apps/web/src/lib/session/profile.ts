import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api';

/** GET /users/profile/: the signed-in user's profile with their courses and enrolments. */
export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => callEndpoint(endpoints.getProfile, { signal }),
});

export function useProfile() {
  return useQuery(profileQuery);
}
