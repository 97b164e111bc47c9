import type { Configuration } from '@pw/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api';

/** GET /users/configuration/: branding and settings of this organisation (public). */
export const configurationQuery = queryOptions({
  queryKey: ['configuration'],
  queryFn: ({ signal }) => apiFetch<Configuration>('/users/configuration/', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useConfiguration() {
  return useQuery(configurationQuery);
}
