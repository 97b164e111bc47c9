import type { EndpointBody } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useCallback, useState } from 'react';
import { callEndpoint } from '../../../lib/api';

/** POST /users/sign-in/. */
export function signIn(body: EndpointBody<typeof endpoints.signIn>) {
  return callEndpoint(endpoints.signIn, { body });
}

/** POST /users/sso-exchange/: the one-time code a single sign-on left in the fragment, for a session. */
export function exchangeSsoCode(code: string) {
  return callEndpoint(endpoints.exchangeSsoCode, { body: { code } });
}

/**
 * The sign-in call with its pending state. A plain hook rather than TanStack's `useMutation`:
 * the sign-in page is the only mutation in the first script, and the mutation observer it would
 * bring costs about 1 KB gzip of the page's budget (scripts/bundle-budget.mjs).
 */
export function useSignIn() {
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(async (body: EndpointBody<typeof endpoints.signIn>) => {
    setPending(true);
    try {
      return await signIn(body);
    } finally {
      setPending(false);
    }
  }, []);
  return { isPending, mutateAsync };
}
