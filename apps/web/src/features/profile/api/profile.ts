import type { PasswordChange, ProfileUpdateInput } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { profileQuery } from '../../../lib/session/profile';

/** PATCH /users/profile/ (401: the current password is wrong). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateInput) => callEndpoint(endpoints.updateProfile, { body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: ['login-check'] });
    },
  });
}

/** POST /users/password-change/. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: PasswordChange) => callEndpoint(endpoints.changePassword, { body }),
  });
}

/** GET /users/standard-scores/, fetched only once the graph is on screen. */
export function useStandardScores(enabled: boolean) {
  return useQuery({
    queryKey: ['standard-scores'],
    queryFn: ({ signal }) => callEndpoint(endpoints.listStandardScores, { signal }),
    enabled,
  });
}
