import type { SignUpBodyInput } from '@pw/contract';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

/** POST /users/sign-up/. */
export function signUp(body: SignUpBodyInput) {
  return apiFetch<{ id: number; email: string; name: string }>('/users/sign-up/', { method: 'POST', body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
