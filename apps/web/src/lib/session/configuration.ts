import type { EndpointResponse } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { baseHeaders, callEndpoint, readAnswer } from '../api';
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
  queryFn: ({ signal }) => {
    const early = takeEarlyAnswer();
    return early
      ? early.then(readAnswer<EndpointResponse<typeof endpoints.getConfiguration>>, () => {
          throw new ApiError(0);
        })
      : callEndpoint(endpoints.getConfiguration, { signal });
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: (failures, error) => failures < 3 && !isUnknownOrganisation(error),
  retryDelay: (attempt) => 1000 * 2 ** attempt,
  retryOnMount: false,
});

declare global {
  interface Window {
    /** The early request; null once the app has asked (so a late early script does not ask again). */
    __pwEarlyConfiguration?: { headers: Record<string, string>; answer: Promise<Response> } | null;
  }
}

/**
 * The answer `public/early-configuration.js` asked for while the app's scripts were loading, once,
 * when it was asked with the headers the app sends now (else the app asks itself).
 */
function takeEarlyAnswer(): Promise<Response> | undefined {
  const early = window.__pwEarlyConfiguration;
  window.__pwEarlyConfiguration = null;
  if (!early) return undefined;
  const same = (a: Record<string, string>, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);
  return same(early.headers, baseHeaders()) ? early.answer : undefined;
}

export function useConfiguration() {
  return useQuery(configurationQuery);
}
