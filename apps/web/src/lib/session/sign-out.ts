import { apiFetch } from '../api';

/** POST /users/sign-out/: revokes the stored token on the server. */
export function signOutRequest() {
  return apiFetch<void>('/users/sign-out/', { method: 'POST' });
}
