import type { LoginCheckResponse } from '@pw/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api';

/** GET /users/login-check/: who the stored token belongs to. */
export function loginCheckQuery(token: string | null) {
  return queryOptions({
    queryKey: ['login-check', token],
    queryFn: ({ signal }) => apiFetch<LoginCheckResponse>('/users/login-check/', { signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
