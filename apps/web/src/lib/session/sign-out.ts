import * as endpoints from '@pw/contract/endpoints';
import { callEndpoint } from '../endpoint-client';

/** POST /users/sign-out/: revokes the stored token on the server. */
export function signOutRequest() {
  return callEndpoint(endpoints.signOut);
}
