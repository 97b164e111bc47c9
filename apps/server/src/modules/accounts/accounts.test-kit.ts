import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildTestApp, createOrganisation, type TestApp } from '../../../test/helpers';
import { signInFailures } from '../../db/schema';

// The app and organisation the account tests share (one app per test file).

export let t: TestApp;
export let orgId: number;

/** One app with an open organisation (no subdomain) for the test file that calls it; each test starts with no sign-in failures. */
export function useAccountsApp() {
  beforeAll(async () => {
    t = await buildTestApp();
    orgId = (await createOrganisation(t, { subdomain: null, isPrivateInfo: false })).id;
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.database.db.delete(signInFailures);
  });
}

export const signUpBody = (over: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2)}@example.com`,
  name: '홍길동',
  password: 'abcdef',
  ...over,
});
