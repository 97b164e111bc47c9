import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api';
import { ApiError } from '../api-error';

/** An unknown subdomain: the organisation does not exist, and asking again will not change it. */
export const isUnknownOrganisation = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * GET /users/configuration/: branding and settings of this organisation (public). A failure is
 * asked again at most three times, 1, 2 and 4 s apart (never for an unknown organisation), and a
 * screen that mounts later does not ask again by itself: the app shows what failed and offers to
 * try again (part 1 §8), instead of asking in a loop.
 */
export const configurationQuery = queryOptions({
  queryKey: ['configuration'],
  queryFn: ({ signal }) => callEndpoint(endpoints.getConfiguration, { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: (failures, error) => failures < 3 && !isUnknownOrganisation(error),
  retryDelay: (attempt) => 1000 * 2 ** attempt,
  retryOnMount: false,
});

export function useConfiguration() {
  return useQuery(configurationQuery);
}
