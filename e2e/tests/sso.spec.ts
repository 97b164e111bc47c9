import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { startIdentityProvider, type TestIdentityProvider } from '../../apps/server/test/identity-provider';

// Issue 31, item 5: single sign-on through a real OpenID provider (oidc-provider), in Korean and
// English. The organisation must be set up before its server opens the embedded database, so this
// file starts its own server (on a free port) after `npm run org -- update` configured it.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let idp: TestIdentityProvider;
let server: ChildProcess | undefined;
let base = '';
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider([`${base}/auth/oidc/callback`]);
  dataDir = mkdtempSync(join(tmpdir(), 'pw-e2e-sso-'));
  const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'warn' };
  const org = (...args: string[]) =>
    run('node', ['--import', 'tsx', join(root, 'apps/server/src/cli/org.ts'), ...args], { env, cwd: root });
  await org(
    'update',
    'default',
    '--name',
    '한국대학교',
    '--oidc-issuer',
    idp.issuer,
    '--oidc-client-id',
    idp.clientId,
    '--oidc-client-secret',
    idp.clientSecret,
    '--password-sign-in',
    'off',
  );
  await org(
    'add-staff',
    'default',
    '--email',
    'kim@hanguk.ac.kr',
    '--name',
    '김교수',
    '--password',
    'secret123',
  );
  server = spawn('node', ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base },
    stdio: 'inherit',
  });
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/api/v1/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await idp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('SSO sign-in in Korean: the button, the provider, back signed in; no code left in the address', async ({
  page,
}) => {
  idp.accounts.set('kim', { email: 'kim@hanguk.ac.kr', emailVerified: true, name: 'Kim' });
  idp.next = { subject: 'kim' };
  await page.goto(`${base}/sign-in`);
  // Password sign-in is off: only the organisation's button.
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
  await page.getByRole('link', { name: '한국대학교 계정으로 로그인' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toContainText('김교수');
  expect(page.url()).not.toContain('sso=');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
});

test('SSO sign-in in English: a new person gets an account; a refusal at the provider is a clear page', async ({
  page,
}) => {
  await page.goto(`${base}/sign-in`);
  await page.getByTestId('language-switch').getByText('English').click();
  // The default organisation lets people sign up: a new, verified email gets an account.
  idp.accounts.set('new', { email: 'new.learner@hanguk.ac.kr', emailVerified: true, name: 'New Learner' });
  idp.next = { subject: 'new' };
  await page.getByRole('link', { name: 'Sign in with 한국대학교' }).click();
  await expect(page.getByTestId('dashboard-greeting')).toContainText('New Learner');
  expect(page.url()).not.toContain('sso=');
  // A new learner's first visit opens the tutorial's dialogs (the manual, then the enrol).
  await expect(page.getByRole('dialog', { name: 'Manual' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Enrol in a course' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByTestId('logout').click();

  // Refused at the provider: a clear English page, then back to the sign-in page. (Signing out of
  // PeerWrite leaves the provider's own session: without its cookies the provider asks again.)
  await page.context().clearCookies();
  idp.next = { deny: true };
  await page.getByRole('link', { name: 'Sign in with 한국대학교' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in with 한국대학교 did not work' })).toBeVisible();
  await expect(page.getByText('cancelled or refused')).toBeVisible();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with 한국대학교' })).toBeVisible();
});
