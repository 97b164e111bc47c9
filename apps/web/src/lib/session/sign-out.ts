import * as endpoints from '@pw/contract/endpoints';
import { callEndpoint } from '../api';

/** POST /users/sign-out/: revokes the stored token on the server. */
export function signOutRequest() {
  return callEndpoint(endpoints.signOut);
}
