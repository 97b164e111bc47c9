import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8765);
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 8766);
// This file is evaluated in the runner and again in each worker: keep one folder for all of them.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pw-e2e-'));
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'pw-e2e-mail-'));
process.env.E2E_SMTP_PORT = String(smtpPort);
const dataDir = process.env.E2E_DATA_DIR;

/** Browser tests in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A whole scenario per test (a learner writes, revises and compares; the instructor reads it):
  // with `npm test`'s two parts side by side on two cores, the longest took over a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  // One folder per server port: the parts `npm test` runs side by side each clean their own.
  outputDir: join(tmpdir(), `pw-e2e-results-${port}`),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: 'node --import tsx ../apps/server/src/server.ts',
    url: `http://127.0.0.1:${port}/api/v1/health/`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'on',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  },
});
