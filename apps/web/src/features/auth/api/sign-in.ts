import type { EndpointBody } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** POST /users/sign-in/. */
export function signIn(body: EndpointBody<typeof endpoints.signIn>) {
  return callEndpoint(endpoints.signIn, { body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
