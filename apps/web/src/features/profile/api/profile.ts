import type { PasswordChange, Profile, ProfileUpdateInput, StandardScore } from '@pw/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { profileQuery } from '../../../lib/session/profile';

/** PATCH /users/profile/ (401: the current password is wrong). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateInput) => apiFetch<Profile>('/users/profile/', { method: 'PATCH', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: ['login-check'] });
    },
  });
}

/** POST /users/password-change/. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => apiFetch<void>('/users/password-change/', { method: 'POST', body }),
  });
}

/** GET /users/standard-scores/, fetched only once the graph is on screen. */
export function useStandardScores(enabled: boolean) {
  return useQuery({
    queryKey: ['standard-scores'],
    queryFn: ({ signal }) => apiFetch<StandardScore[]>('/users/standard-scores/', { signal }),
    enabled,
  });
}
