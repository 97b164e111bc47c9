import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port';
import { lockDataDir } from './data-dir-lock';

const serverEntry = join(import.meta.dirname, '../server.ts');
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts the real server on a folder; resolves with its exit, or once it answers /health. */
function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  const ready = (async () => {
    for (let i = 0; i < 300; i++) {
      if (child.exitCode !== null) return false;
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/health/`)).ok) return true;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  })();
  return { child, exited, ready };
}

describe('one server per data folder', () => {
  it('a second server on the same DATA_DIR stops at once, naming the folder; after the first stops, a new one starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-lock-'));
    const first = startServer(dataDir, await freePort());
    expect(await first.ready).toBe(true);
    const second = startServer(dataDir, await freePort());
    const { code, stderr } = await second.exited;
    expect(code).toBe(75);
    expect(stderr).toContain(`The data folder ${dataDir} is in use by another PeerWrite server`);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    const third = startServer(dataDir, await freePort());
    expect(await third.ready).toBe(true);
    third.child.kill('SIGTERM');
    await third.exited;
  }, 180_000);

  it('a lock left by a process that is gone is taken over', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-lock-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dataDir, '.peerwrite.lock'), gone.stdout.toString());
    const release = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, '.peerwrite.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dataDir, '.peerwrite.lock'))).toBe(false);
  });
});
