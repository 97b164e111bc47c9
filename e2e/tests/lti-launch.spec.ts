import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { type LmsLaunch, startMockLms } from './lti-platform';
import { type Lang, PHONE, text, WIDE } from './support';

// Issue 31, item 6: a learner launches PeerWrite from a mock LMS's course page, where the tool is
// embedded in an <iframe> (OIDC login initiation posted into the frame → the LMS's auth request →
// the id_token form post into the tool), lands on the essay page inside the frame, writes and
// saves; in Korean and English.
//
// Cookies in the frame: over plain http the state cookie is `SameSite=Lax` (browsers refuse
// `SameSite=None` without `Secure`, which needs TLS). Lax cookies are set and sent in a frame
// when the frame and the top page are the same site, so the mock LMS and the tool both run on
// 127.0.0.1 (different ports, same site), which is the path that works on a developer's machine.
// A cross-site LMS needs TLS (`SameSite=None; Secure; Partitioned`) or the new-window launch
// (docs/lti.md, "Inside the LMS frame").
//
// The organisation must have the LMS registered before its server opens the embedded database,
// so this file starts its own server (as sso.spec.ts does) after `npm run org -- lti add`.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let lms: Awaited<ReturnType<typeof startMockLms>>;
let server: ChildProcess | undefined;
let tool = '';
let dataDir = '';
let courseId = 0;
let assignmentId = 0;

test.describe.configure({ mode: 'serial' });

/** A launch driven without a browser (the instructor's set-up): the session token it signs in. */
async function launchByHttp(launch: LmsLaunch): Promise<{ token: string; target: string }> {
  const login = await fetch(`${tool}/lti/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      iss: lms.base,
      login_hint: launch.sub,
      target_link_uri: `${tool}/lti/launch`,
      client_id: lms.registration.clientId,
      lti_deployment_id: lms.registration.deploymentId,
    }).toString(),
  });
  expect(login.status).toBe(302);
  const auth = new URL(String(login.headers.get('location')));
  const cookie = String(login.headers.get('set-cookie')).split(';')[0] ?? '';
  const idToken = await lms.idToken(launch, auth.searchParams.get('nonce') ?? '');
  const launched = await fetch(`${tool}/lti/launch`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({ id_token: idToken, state: auth.searchParams.get('state') ?? '' }).toString(),
  });
  expect(launched.status).toBe(303);
  const code = new URL(String(launched.headers.get('location')), tool).searchParams.get('code') ?? '';
  const exchanged = await fetch(`${tool}/api/v1/lti/exchange/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(exchanged.status).toBe(200);
  return (await exchanged.json()) as { token: string; target: string };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  tool = `http://127.0.0.1:${port}`;
  lms = await startMockLms(() => tool);
  dataDir = mkdtempSync(join(tmpdir(), 'pw-e2e-lti-'));
  const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'warn' };
  await run(
    'node',
    [
      '--import',
      'tsx',
      join(root, 'apps/server/src/cli/org.ts'),
      'lti',
      'add',
      'default',
      '--issuer',
      lms.base,
      '--client-id',
      lms.registration.clientId,
      '--deployment',
      lms.registration.deploymentId,
      '--login-url',
      `${lms.base}/auth`,
      '--token-url',
      `${lms.base}/token`,
      '--jwks-url',
      `${lms.base}/jwks`,
    ],
    { env, cwd: root },
  );
  server = spawn('node', ['--import', 'tsx', join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: tool },
    stdio: 'inherit',
  });
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${tool}/api/v1/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  // The instructor's first launch opens the course; an assignment in its essay stage is made there.
  const instructor = await launchByHttp({
    sub: 'lms-prof',
    name: '김교수',
    email: 'prof@lms.example.ac.kr',
    role: 'instructor',
    locale: 'ko-KR',
    resourceLinkId: 'rl-setup',
  });
  courseId = Number(/^\/courses\/(\d+)\//.exec(instructor.target)?.[1]);
  // The learners come from the LMS before the assignment starts (a later one asks to join late).
  for (const lang of ['ko', 'en'] as const) await launchByHttp(learnerLaunch(lang, 'rl-setup'));
  const form = new FormData();
  form.set('name', 'LMS 에세이');
  form.set('description', '기술과 글쓰기에 관한 논증적 에세이');
  form.set('is_directly_starting', 'true');
  form.set(
    'progresses',
    JSON.stringify([
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 2500, max_writing_score: 70 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 1,
          max_review_score: 15,
          max_metacognition_score: 15,
          standards: [{ question: '논지가 분명한가?', max_point: 6 }],
        },
      },
    ]),
  );
  const created = await fetch(`${tool}/api/v1/courses/${courseId}/assignments/`, {
    method: 'POST',
    headers: { authorization: `Token ${instructor.token}` },
    body: form,
  });
  expect(created.status).toBe(201);
  assignmentId = ((await created.json()) as { id: number }).id;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await lms?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const LOCALE = { ko: 'ko-KR', en: 'en-US' } as const;
function learnerLaunch(lang: Lang, resourceLinkId: string): LmsLaunch {
  return {
    sub: `lms-learner-${lang}`,
    name: lang === 'ko' ? '이학생' : 'Lee Learner',
    email: `learner-${lang}@lms.example.ac.kr`,
    role: 'learner',
    locale: LOCALE[lang],
    resourceLinkId,
  };
}

for (const [lang, viewport] of [
  ['ko', WIDE],
  ['en', PHONE],
] as const) {
  test(`a learner launches from the LMS page into the essay inside its frame and saves (${lang})`, async ({
    browser,
  }) => {
    const hint = `learner-${lang}`;
    // The activity was placed by Deep Linking: its launch names the assignment (custom parameter).
    lms.prepare(hint, {
      ...learnerLaunch(lang, 'rl-essay'),
      custom: { peerwrite_assignment_id: String(assignmentId) },
    });
    const context = await browser.newContext({ viewport, locale: LOCALE[lang] });
    const page = await context.newPage();
    await page.goto(`${lms.base}/course?hint=${hint}`);
    await expect(page.getByRole('heading', { name: /Mock LMS/ })).toBeVisible();
    const frame = page.frameLocator('iframe[name="tool"]');
    // The tool's frame lands on the linked assignment's page for the learner (its task first).
    await expect(frame.getByRole('heading', { name: 'LMS 에세이' })).toBeVisible({ timeout: 20_000 });
    const toolFrame = page.frame({ name: 'tool' });
    const performances = `/courses/${courseId}/learner/assignments/${assignmentId}/performances`;
    expect(toolFrame?.url()).toContain(performances);
    // On to the essay: the writing tab (on a phone the tabs are a menu; the address is the same).
    const tab = frame.getByRole('tab', { name: text(lang, 'stages.ES') });
    if (await tab.isVisible()) await tab.click();
    else await toolFrame?.goto(`${tool}${performances}/ES`);
    await expect(frame.getByTestId('essay-work')).toBeVisible();
    expect(toolFrame?.url()).toContain(`${performances}/ES`);
    const save = frame.getByTestId('save-work');
    await expect(save).toHaveText(text(lang, 'work.stored'));
    await frame.locator('[data-testid="essay-editor"] .ql-editor').click();
    await page.keyboard.type(
      lang === 'ko' ? 'LMS 안에서 쓴 에세이입니다.' : 'An essay written inside the LMS.',
    );
    await expect(save).toHaveText(text(lang, 'work.saveSubmit'));
    await save.click();
    await expect(
      frame
        .getByRole('alert')
        .filter({ hasText: text(lang, 'work.submitted') })
        .first(),
    ).toBeVisible();
    await expect(save).toHaveText(text(lang, 'work.stored'));
    // The session lives in the tool's own storage inside the frame; the LMS page never sees it.
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await toolFrame?.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await context.close();
  });
}
