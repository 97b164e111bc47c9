import autocannon from 'autocannon';
import { startServer } from './fixtures';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const port = Number(process.env.BENCH_PORT ?? 8799);

const server = await startServer({ port, name: 'pw-bench', showOutput: true });
const base = server.base;

const signInBody = JSON.stringify({ email: 'student01@example.com', password: 'demo1234' });
const signInRes = await fetch(`${base}/api/v1/users/sign-in/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: signInBody,
});
const { token } = (await signInRes.json()) as { token: string };

type Row = { name: string; rps: number; p50: number; p99: number; errors: number };

async function run(name: string, path: string, opts: Partial<autocannon.Options> = {}): Promise<Row> {
  const result = await autocannon({ url: `${base}${path}`, duration: seconds, connections: 20, ...opts });
  const non2xx = result.non2xx + result.errors;
  if (non2xx > 0) console.warn(name, 'status codes:', JSON.stringify(result.statusCodeStats));
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: non2xx,
  };
}

// Warm-up: let the JIT and the connection pool settle before measuring.
await autocannon({ url: `${base}/api/v1/health/`, duration: 2, connections: 20 });
await autocannon({
  url: `${base}/api/v1/users/login-check/`,
  duration: 2,
  connections: 20,
  headers: { authorization: `Token ${token}` },
});

const bare = await run('bare JSON (GET /api/v1/health/)', '/api/v1/health/');
const check = await run('login-check (GET /api/v1/users/login-check/)', '/api/v1/users/login-check/', {
  headers: { authorization: `Token ${token}` },
});
const bare2 = await run('bare JSON, 4 connections', '/api/v1/health/', { connections: 4 });
const signIn = await run('sign-in (POST /api/v1/users/sign-in/, argon2id)', '/api/v1/users/sign-in/', {
  method: 'POST',
  connections: 4,
  headers: { 'content-type': 'application/json' },
  body: signInBody,
});

const rows = [
  { ...bare, ratio: 1 },
  { ...check, ratio: check.rps / bare.rps },
  { ...bare2, ratio: 1 },
  { ...signIn, ratio: signIn.rps / bare2.rps },
];
console.log(
  `\ndatabase: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${seconds}s per run, node ${process.version}\n`,
);
console.log('| route | req/s | p50 ms | p99 ms | non-2xx | ratio to bare |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.ratio.toFixed(3)} |`,
  );
}
await await server.stop();
