import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port';
import { migrationsFolder, openDatabase } from './db/client';
import { knownMigrations } from './db/migrate';

// The real server process (src/server.ts) on its own PGlite folder: what a container runtime or
// a load balancer sees when it stops a node, and when an old build meets a newer database.

const serverEntry = join(import.meta.dirname, 'server.ts');
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, DEMO_DATA: 'off', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let ended: { code: number | null; stderr: string; at: number } | null = null;
  const exited = new Promise<{ code: number | null; stderr: string; at: number }>((resolve) =>
    child.on('exit', (code) => {
      ended = { code, stderr, at: Date.now() };
      resolve(ended);
    }),
  );
  return { child, exited, ended: () => ended, stderr: () => stderr };
}

/**
 * The server started on a free port and answering ready. A port picked free can be taken by
 * another test's socket before the child listens on it (a start takes seconds): then it starts
 * again on another. Any other early exit, or no answer in 90 s, fails with what the server said.
 */
async function startReadyServer(env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = startServer({ ...env, PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    // Starting takes seconds, more on a machine running other test files beside this one.
    const ready = await waitFor(
      async () => server.ended() !== null || (await status(`${base}/health/ready`)) === 200,
      90_000,
    );
    const ended = server.ended();
    if (ready && ended === null) return { server, port, base };
    if (ended?.stderr.includes('EADDRINUSE') && attempt < 3) continue;
    server.child.kill('SIGKILL');
    throw new Error(
      `the server did not become ready: ${ended === null ? 'no answer in 90 s' : `exit ${ended.code}`}\n${server.stderr()}`,
    );
  }
}

const status = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 'refused' as const,
  );

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A sign-in whose body arrives in two halves, `gapMs` apart: a request in flight meanwhile. */
function slowSignIn(port: number, gapMs: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
  return new Promise<number | string>((resolve) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/users/sign-in/',
        // A client that keeps its connection open as long as the server lets it (as balancers do).
        agent: new Agent({ keepAlive: true, timeout: 60_000 }),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error) => resolve(`error: ${error.message}`));
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), gapMs);
  });
}

describe('the server process', () => {
  it('on SIGTERM: ready 503 at once, requests served through the grace period, in-flight work finished, exit 0', async () => {
    const graceMs = 1500;
    const { server, port, base } = await startReadyServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-drain-')),
      SHUTDOWN_GRACE_MS: String(graceMs),
    });

    // In flight across the whole shutdown: its body's second half comes after the listener closed.
    const inFlight = slowSignIn(port, graceMs + 700);
    await new Promise((r) => setTimeout(r, 100));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await waitFor(async () => (await status(`${base}/health/ready`)) === 503, 1000)).toBe(true);
    expect(Date.now() - signalledAt).toBeLessThan(graceMs);
    // Still taking new requests while the balancer notices.
    expect(await status(`${base}/health/live`)).toBe(200);
    expect(await status(`${base}/api/v1/health/`)).toBe(200);

    // After the grace period the listener closes...
    expect(
      await waitFor(async () => (await status(`${base}/health/live`)) === 'refused', graceMs + 3000),
    ).toBe(true);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(graceMs);
    // ...the request in flight still gets its answer (a wrong password: 400), then the process ends.
    expect(await inFlight).toBe(400);
    const answeredAt = Date.now();
    const { code, at } = await server.exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(graceMs + 10_000);
    // Its kept-alive connection was closed with the answer: nothing held the process open.
    expect(at - answeredAt).toBeLessThan(4000);
  }, 150_000);

  it('refuses to start on a database a newer build migrated, naming both versions (exit 65)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pw-newer-'));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const build = knownMigrations(migrationsFolder);
    const future = build.latestWhen + 86_400_000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${String(future)})`,
    );
    await database.close();

    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const { code, stderr } = await server.exited;
    expect(code).toBe(65);
    expect(stderr).toContain('The database schema is newer than this build of PeerWrite');
    expect(stderr).toContain(
      `${build.count + 1} migrations applied, the latest from ${new Date(future).toISOString()}`,
    );
    expect(stderr).toContain(`this build knows ${build.count}, up to ${build.latestTag}`);
  }, 60_000);
});
