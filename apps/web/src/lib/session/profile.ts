import type { Profile } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api';

/** GET /users/profile/: the signed-in user's profile with their courses and enrolments. */
export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => apiFetch<Profile>('/users/profile/', { signal }),
});

export function useProfile() {
  return useQuery(profileQuery);
}
