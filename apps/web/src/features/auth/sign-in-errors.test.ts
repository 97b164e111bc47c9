import { describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/i18n', () => ({ i18n: { language: 'ko' } }));
const { ApiError } = await import('../../lib/api-error');
const { signInErrorKey } = await import('./sign-in-errors');

describe('signInErrorKey (part 1 §8)', () => {
  it('maps each status to its message', () => {
    expect(signInErrorKey(new ApiError(400, { code: 'invalid_credentials' }))).toEqual({
      key: 'signIn.error400',
    });
    expect(signInErrorKey(new ApiError(403, { code: 'account_expired' }))).toEqual({
      key: 'signIn.error403',
    });
    expect(signInErrorKey(new ApiError(403, { code: 'account_inactive' }))).toEqual({
      key: 'signIn.errorInactive',
    });
    expect(signInErrorKey(new ApiError(429, { detail: 'wait 15' }))).toEqual({
      key: 'signIn.errorDefault',
      detail: 'wait 15',
    });
    expect(signInErrorKey(new ApiError(0))).toEqual({ key: 'common.serverDown' });
    expect(signInErrorKey(new ApiError(502))).toEqual({ key: 'common.serverDown' });
    expect(signInErrorKey(new ApiError(418))).toEqual({ key: 'signIn.errorDefault' });
    expect(signInErrorKey(new Error('x'))).toEqual({ key: 'signIn.errorDefault' });
  });

  it("single sign-on's refusals show the server's translated sentence", () => {
    expect(signInErrorKey(new ApiError(400, { code: 'sso_code_invalid', detail: 'sign in again' }))).toEqual({
      key: 'signIn.errorDefault',
      detail: 'sign in again',
    });
    expect(
      signInErrorKey(new ApiError(403, { code: 'password_sign_in_off', detail: 'use the button' })),
    ).toEqual({ key: 'signIn.errorDefault', detail: 'use the button' });
  });
});
