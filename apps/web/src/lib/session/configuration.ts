import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api';

/** GET /users/configuration/: branding and settings of this organisation (public). */
export const configurationQuery = queryOptions({
  queryKey: ['configuration'],
  queryFn: ({ signal }) => callEndpoint(endpoints.getConfiguration, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useConfiguration() {
  return useQuery(configurationQuery);
}
