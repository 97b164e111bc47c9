import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types (apps/server/scripts/bundle.mjs)
import { bundle } from '../scripts/bundle.mjs';
import { freePort } from './free-port';

// `npm start` runs the server from its bundle under plain Node (no tsx): the bundle must start,
// find the files that ship beside the code (migrations, the PGlite template), answer, and stop
// cleanly; modules loaded on first use stay out of the start.
const serverRoot = join(import.meta.dirname, '..');
const outdir = mkdtempSync(join(serverRoot, '.cache', 'bundle-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'pw-bundle-data-'));
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server bundle', () => {
  it('starts under plain Node on an empty data folder, answers, and stops on SIGTERM', async () => {
    await bundle(outdir);
    const files = readdirSync(outdir);
    // The S3 driver is a chunk of its own, loaded only when FILE_STORE=s3.
    expect(files.some((f) => /^storage-s3-.*\.mjs$/.test(f))).toBe(true);
    expect(readFileSync(join(outdir, 'server.mjs'), 'utf8')).not.toContain('@aws-sdk/client-s3');

    const port = await freePort();
    const child = spawn(process.execPath, [join(outdir, 'server.mjs')], {
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        WEB_DIST: join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const until = Date.now() + 60_000;
      let ready: Response | undefined;
      while (Date.now() < until && child.exitCode === null) {
        ready = await fetch(`http://127.0.0.1:${port}/health/ready`).catch(() => undefined);
        if (ready?.status === 200) break;
        await sleep(50);
      }
      expect(ready?.status, `the bundle did not become ready: ${stderr}`).toBe(200);
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health/`);
      expect(health.status).toBe(200);
      // The database was made from the migrations the bundle found beside it.
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      const signIn = await fetch(`http://127.0.0.1:${port}/api/v1/users/sign-in/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      expect(signIn.status).toBe(400);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, stderr).toBe(0);
  }, 120_000);

  it('runs the command-line tools under plain Node from the same bundle (a plain install has no tsx)', async () => {
    // Bundled by the test above; the server has stopped, so the data folder is free.
    for (const tool of ['org', 'backup', 'files', 'build-template'])
      expect(existsSync(join(outdir, `${tool}.mjs`)), tool).toBe(true);
    const { stdout } = await promisify(execFile)(process.execPath, [join(outdir, 'org.mjs'), 'list'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    });
    // The organisation the empty database was given at its first start.
    expect(stdout).toMatch(/default/);
    const help = await promisify(execFile)(process.execPath, [join(outdir, 'org.mjs'), '--help']);
    expect(help.stdout).toContain('add-staff');
    // The PGlite template `npm start` builds on a first start, from the migrations beside the code.
    const templates = join(dataDir, 'templates');
    const built = await promisify(execFile)(process.execPath, [
      join(outdir, 'build-template.mjs'),
      templates,
    ]);
    expect(built.stdout).toContain('PGlite template ready');
    const [template] = readdirSync(templates).filter((name) => !name.endsWith('.tar'));
    expect(existsSync(join(templates, template ?? '-', 'PG_VERSION'))).toBe(true);
  }, 90_000);
});
