import { LANGUAGES } from '@pw/contract';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../lib/server-i18n';
import { ssoAccountDecision } from './sso.policy';
import { SSO_FAILURES } from './sso-failure';

describe('ssoAccountDecision', () => {
  const open = { isSignUpAvailable: true };
  const closed = { isSignUpAvailable: false };
  const verified = { email: 'a@uni.ac.kr', emailVerified: true };

  it('signs in a verified email that has an account, whatever the sign-up switch', () => {
    expect(ssoAccountDecision(open, verified, true)).toEqual({ kind: 'existing' });
    expect(ssoAccountDecision(closed, verified, true)).toEqual({ kind: 'existing' });
  });

  it('makes an account for a new verified email only when sign-up is on', () => {
    expect(ssoAccountDecision(open, verified, false)).toEqual({ kind: 'create' });
    expect(ssoAccountDecision(closed, verified, false)).toEqual({ kind: 'refuse', reason: 'sign_up_closed' });
  });

  it('never trusts an unverified or missing email, even for an existing account', () => {
    expect(ssoAccountDecision(open, { email: 'a@uni.ac.kr', emailVerified: false }, true)).toEqual({
      kind: 'refuse',
      reason: 'email_unverified',
    });
    expect(ssoAccountDecision(open, { email: null, emailVerified: true }, false)).toEqual({
      kind: 'refuse',
      reason: 'no_email',
    });
  });
});

describe('single sign-on failure pages', () => {
  it('every reason has its text in Korean and English, with its placeholders filled', () => {
    for (const lang of LANGUAGES) {
      for (const key of ['title', 'retry', 'backToSignIn', ...Object.keys(SSO_FAILURES)]) {
        const text = pageText(lang, `sso.${key}`, { org: 'ORG' });
        expect(text, `${lang} sso.${key}`).not.toBe(`sso.${key}`);
        expect(text).not.toContain('{{');
      }
    }
  });

  it('no failure is a 500', () => {
    const statuses: number[] = Object.values(SSO_FAILURES);
    expect(statuses).not.toContain(500);
    for (const status of statuses) expect(status >= 400 && status < 600).toBe(true);
  });
});
