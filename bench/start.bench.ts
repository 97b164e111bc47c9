// Start and memory (issue 18): the real server as `npm start` runs it (its bundle, demo data), timed
// from spawn to its first answer, and its resident memory idle and after a load run, beside a
// bare Node HTTP server started the same way in the same run (these machines are noisy).
//   npm run bench:start -w @pw/bench                      (PGlite; builds the template first)
//   DATABASE_URL=postgres://... npm run bench:start -w @pw/bench
//   BENCH_START_FROM=source npm run bench:start -w @pw/bench   (the sources under tsx, as before the bundle)
// Goals: first start on an empty data folder ≤ 3 s, a start on existing data ≤ 1.5 s; with
// PGlite ≤ 350 MB idle after a first start and back within 1.3× of idle after a load run; with
// PostgreSQL ≤ 200 MB idle.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freshPostgres } from './fixtures';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8797);
const base = `http://127.0.0.1:${port}`;
const postgres = Boolean(process.env.DATABASE_URL);

if (!postgres) {
  const built = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'apps/server/src/db/build-template.ts')],
    {
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('template build failed');
}
// `npm start` runs the server's bundle (rebuilt when a source changed); BENCH_START_FROM=source
// runs the sources under tsx instead, and the bare baseline then runs under tsx too.
const fromSource = process.env.BENCH_START_FROM === 'source';
if (!fromSource) {
  const bundled = spawnSync(process.execPath, [join(root, 'apps/server/scripts/bundle.mjs'), '--if-stale'], {
    stdio: 'inherit',
  });
  if (bundled.status !== 0) throw new Error('server bundle failed');
}
const runner = fromSource ? ['--import', 'tsx'] : [];

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(args: string[], env: Record<string, string>) {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    const ok = await fetch(`${base}/api/v1/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await sleep(10);
  }
  return { child, ms: performance.now() - t0 };
}
async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

// The baseline: a bare HTTP server, started as the real one is (plain Node, or under tsx).
const bareFolder = mkdtempSync(join(tmpdir(), 'pw-bench-bare-'));
const bareSource = join(bareFolder, 'bare.mjs');
writeFileSync(
  bareSource,
  `import { createServer } from 'node:http';
createServer((_q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); })
  .listen(Number(process.env.PORT), process.env.HOST);`,
);
const bare = await start([...runner, bareSource], {});
await sleep(3000);
const bareRss = rssMb(bare.child.pid ?? 0);
await stop(bare.child);

const server = fromSource
  ? [...runner, join(root, 'apps/server/src/server.ts')]
  : [join(root, 'apps/server/dist/server.mjs')];
const dataDir = mkdtempSync(join(tmpdir(), 'pw-bench-start-'));
// On PostgreSQL a first start is a start on a new, empty database (dropped at the end).
const pgDatabase = postgres
  ? await freshPostgres(process.env.DATABASE_URL as string, 'pw_bench_start')
  : undefined;
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  DEMO_DATA: 'on',
  ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
};

const first = await start(server, env);
await sleep(3000);
const firstRss = rssMb(first.child.pid ?? 0);
await stop(first.child);

const again = await start(server, env);
await sleep(3000);
const idleRss = rssMb(again.child.pid ?? 0);

// A load run: the instructor's dashboard, course page reads and the management table.
const signIn = await fetch(`${base}/api/v1/users/sign-in/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'prof@example.com', password: 'demo1234' }),
});
const token = ((await signIn.json()) as { token: string }).token;
const headers = { authorization: `Token ${token}` };
const paths = ['/api/v1/courses/', '/api/v1/courses/1/', '/api/v1/courses/1/assignments/1/management/'];
let peakRss = idleRss;
for (const path of paths) {
  const run = autocannon({ url: `${base}${path}`, headers, connections: 10, amount: 1000 });
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(again.child.pid ?? 0));
  }, 100);
  const result = await run;
  clearInterval(sampler);
  if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} answers were not 2xx`);
}
await sleep(5000);
const afterRss = rssMb(again.child.pid ?? 0);
await stop(again.child);
rmSync(dataDir, { recursive: true, force: true });
rmSync(bareFolder, { recursive: true, force: true });
await pgDatabase?.drop();

const db = postgres ? 'PostgreSQL' : 'PGlite';
const f = (n: number) => n.toFixed(0);
console.log(`\n${db}, Node ${process.version}:\n`);
console.log('| measure | server | bare Node HTTP | ratio | goal |');
console.log('|---|---:|---:|---:|---|');
console.log(
  `| first start on an empty data folder, ms | ${f(first.ms)} | ${f(bare.ms)} | ${(first.ms / bare.ms).toFixed(1)} | ≤ 3000 |`,
);
console.log(
  `| start on existing data, ms | ${f(again.ms)} | ${f(bare.ms)} | ${(again.ms / bare.ms).toFixed(1)} | ≤ 1500 |`,
);
console.log(
  `| RSS idle after a first start, MB | ${f(firstRss)} | ${f(bareRss)} | ${(firstRss / bareRss).toFixed(1)} | ${postgres ? '≤ 200' : '≤ 350'} |`,
);
console.log(
  `| RSS idle after a restart, MB | ${f(idleRss)} | ${f(bareRss)} | ${(idleRss / bareRss).toFixed(1)} | |`,
);
console.log(`| RSS peak under load, MB | ${f(peakRss)} | | | |`);
console.log(
  // Issue 18 asks the PGlite server to come back within 1.3 × idle; PostgreSQL only ≤ 200 MB idle.
  `| RSS 5 s after the load, MB | ${f(afterRss)} | | ${(afterRss / idleRss).toFixed(2)} × idle | ${postgres ? '' : '≤ 1.3 × idle'} |`,
);
