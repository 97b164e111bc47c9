import type { SignInBody, SignInResponse } from '@pw/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** POST /users/sign-in/. */
export function signIn(body: SignInBody) {
  return apiFetch<SignInResponse>('/users/sign-in/', { method: 'POST', body });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
