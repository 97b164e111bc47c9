import * as endpoints from '@pw/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../api';

/** GET /users/login-check/: who the stored token belongs to. */
export function loginCheckQuery(token: string | null) {
  return queryOptions({
    queryKey: ['login-check', token],
    queryFn: ({ signal }) => callEndpoint(endpoints.loginCheck, { signal }),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
