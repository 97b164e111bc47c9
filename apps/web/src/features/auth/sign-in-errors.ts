import { ApiError } from '../../lib/api-error';

/** The message for a failed sign-in, keyed by status as part 1 §8 says. */
export function signInErrorKey(error: unknown): { key: string; detail?: string } {
  if (!(error instanceof ApiError)) return { key: 'signIn.errorDefault' };
  // Single sign-on's own refusals: the server's translated sentence says what to do.
  if ((error.code === 'sso_code_invalid' || error.code === 'password_sign_in_off') && error.body.detail)
    return { key: 'signIn.errorDefault', detail: error.body.detail };
  if (error.status === 400) return { key: 'signIn.error400' };
  if (error.status === 403)
    return { key: error.code === 'account_inactive' ? 'signIn.errorInactive' : 'signIn.error403' };
  if (error.status === 429 && error.body.detail)
    return { key: 'signIn.errorDefault', detail: error.body.detail };
  if (error.status === 0 || error.status >= 500) return { key: 'common.serverDown' };
  return { key: 'signIn.errorDefault' };
}
