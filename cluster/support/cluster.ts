// The parts of the cluster test's cluster: a fresh PostgreSQL database, an S3-compatible server
// (s3rver), an SMTP stand-in, PeerWrite server processes and HAProxy in front, each started for
// the run and stopped (and removed) at its end.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const ROOT = join(import.meta.dirname, '..', '..');
/** The balancer's configuration: this file, as docs/deploy.md shows it. */
export const HAPROXY_CONFIG = join(ROOT, 'cluster', 'haproxy.cfg');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port that is free now (the system's choice, released at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Thrown by a `waitFor` check to stop waiting at once (e.g. the process being waited for exited). */
export class GaveUp extends Error {}

/** Polls `check` every `everyMs` until it returns a value other than undefined, or throws `message` after `timeoutMs`. */
export async function waitFor<T>(
  message: string,
  timeoutMs: number,
  check: () => Promise<T | undefined> | T | undefined,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof GaveUp) throw error;
      lastError = error;
    }
    if (Date.now() > until)
      throw new Error(`${message} (waited ${timeoutMs} ms)${lastError ? `: ${String(lastError)}` : ''}`);
    await sleep(everyMs);
  }
}

/** A fresh database on TEST_DATABASE_URL's server for one run, dropped (with its connections) by `drop`. */
export async function freshDatabase(adminUrl: string) {
  const name = `pw_cluster_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`the cluster test needs PostgreSQL at ${adminUrl}: ${String(error)}`);
  });
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle connection ended by the drop below is no failure of the run.
  pool.on('error', () => {});
  return {
    name,
    url: url.toString(),
    /** The test's own connection, for reading back what the nodes stored. */
    query: async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await pool.query<R>(text, values)).rows,
    drop: async () => {
      await pool.end().catch(() => {});
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** The last `lines` lines of a log file, for failure messages. */
function tail(file: string, lines = 30) {
  if (!existsSync(file)) return '(no log)';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

/** The server as production runs it: its bundle (`npm start` and `npm run build` make it). */
export const SERVER_BUNDLE = join(ROOT, 'apps/server/dist/server.mjs');

/** Makes the server's bundle when a source is newer than it (once, before the nodes start). */
export function bundleServer() {
  const made = spawnSync(process.execPath, [join(ROOT, 'apps/server/scripts/bundle.mjs'), '--if-stale'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`the server bundle failed: ${made.stderr}`);
}

/**
 * One PeerWrite server process (`node apps/server/dist/server.mjs`, as `npm start` runs it), its
 * output appended to `<dir>/<name>.log` across restarts.
 */
export class ServerNode {
  readonly logFile: string;
  private child: ChildProcess | undefined;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  private log: WriteStream;
  readonly dataDir: string;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    dir: string,
  ) {
    this.logFile = join(dir, `${name}.log`);
    this.dataDir = join(dir, `${name}-data`);
    this.log = createWriteStream(this.logFile, { flags: 'a' });
  }

  get address() {
    return `127.0.0.1:${this.port}`;
  }

  get running() {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process (returns at once; `ready` waits for it). */
  start() {
    if (this.running) throw new Error(`${this.name} is already running`);
    this.log.write(`\n--- start ${new Date().toISOString()} ---\n`);
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Waits until GET /health/ready answers 200 on the node itself; fails at once if it exits. */
  async ready(timeoutMs = 60_000) {
    await waitFor(`${this.name} did not become ready`, timeoutMs, async () => {
      if (!this.running)
        throw new GaveUp(
          `${this.name} exited (${this.child?.exitCode ?? this.child?.signalCode}):\n${tail(this.logFile)}`,
        );
      const res = await fetch(`http://${this.address}/health/ready`).catch(() => undefined);
      return res?.status === 200 ? true : undefined;
    }).catch((error: Error) => {
      if (error instanceof GaveUp) throw error;
      throw new Error(`${error.message}\n--- ${this.name} log ---\n${tail(this.logFile)}`);
    });
  }

  /** kill -9: no draining, no cleanup; resolves once the process is gone. */
  async kill9() {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** The process's exit (code and signal), whenever it comes. */
  exit() {
    return this.exited ?? Promise.resolve({ code: null, signal: null });
  }

  /** Sends SIGTERM; the promise is the process's exit. */
  terminate() {
    this.child?.kill('SIGTERM');
    return this.exited ?? Promise.resolve({ code: null, signal: null });
  }

  /** Whatever is still running is killed; the log is closed. */
  async stop() {
    if (this.running) {
      this.child?.kill('SIGKILL');
      await this.exited;
    }
    await new Promise((resolve) => this.log.end(resolve));
  }

  /** The node's JSON log lines (pino), parsed. */
  logLines(): Record<string, unknown>[] {
    return readFileSync(this.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return {};
        }
      });
  }

  tail(lines = 30) {
    return tail(this.logFile, lines);
  }
}

export type BalancedServer = { name: string; status: string };

/** HAProxy with cluster/haproxy.cfg, its "${...}" filled from the environment. */
export async function startHaproxy(opts: { dir: string; nodes: ServerNode[] }) {
  const which = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
  if (which.error || which.status !== 0)
    throw new Error('haproxy is not installed (apt-get install -y haproxy; .ci/run does it in CI)');
  const [port, statsPort] = [await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    PW_LB_BIND: `127.0.0.1:${port}`,
    PW_STATS_BIND: `127.0.0.1:${statsPort}`,
    ...Object.fromEntries(opts.nodes.map((n, i) => [`PW_NODE${i + 1}`, n.address])),
  };
  const check = spawnSync('haproxy', ['-c', '-q', '-f', HAPROXY_CONFIG], { env, encoding: 'utf8' });
  if (check.status !== 0)
    throw new Error(`haproxy refuses ${HAPROXY_CONFIG}:\n${check.stdout}${check.stderr}`);
  const logFile = join(opts.dir, 'haproxy.log');
  const log = createWriteStream(logFile);
  const child = spawn('haproxy', ['-db', '-f', HAPROXY_CONFIG], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));

  /** The state of each backend server from the stats page's CSV (UP, DOWN, "UP 1/2", …). */
  const servers = async (): Promise<BalancedServer[]> => {
    const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
    const [head = '', ...rows] = (await res.text()).trim().split('\n');
    const columns = head.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((r) => r.split(','))
      .filter((c) => c[at('pxname')] === 'peerwrite_nodes' && c[at('svname')] !== 'BACKEND')
      .map((c) => ({ name: c[at('svname')] ?? '', status: c[at('status')] ?? '' }));
  };
  const statusOf = async (name: string) => (await servers()).find((s) => s.name === name)?.status;
  return {
    port,
    statsPort,
    logFile,
    servers,
    statusOf,
    /** Waits until HAProxy's health checks show `name` in `status` (UP or DOWN). */
    waitStatus: (name: string, status: 'UP' | 'DOWN', timeoutMs = 20_000) =>
      waitFor(`haproxy did not mark ${name} ${status}`, timeoutMs, async () =>
        (await statusOf(name)) === status ? true : undefined,
      ),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      log.end();
    },
  };
}

/** A temporary folder for the run's data folders and logs (kept when the run fails). */
export function runFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'pw-cluster-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
