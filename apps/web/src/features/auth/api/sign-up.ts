import type { SignUpBodyInput } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

/** POST /users/sign-up/. */
export function signUp(body: SignUpBodyInput) {
  return callEndpoint(endpoints.signUp, { body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
