// `npm test`: every check, in order (the simulation and the API tests side by side, and the browser
// tests in two parts side by side), stopping at the first failure.
//   typecheck, lint, import boundaries, unit tests, the scoring simulation's criteria, API tests on PGlite, API tests on PostgreSQL and
//   the cluster test (two server processes behind HAProxy, cluster/; both when TEST_DATABASE_URL is set), the web build and the
//   sign-in page's bundle budget, then the browser tests in Chromium against a built app, and Lighthouse's mobile
//   score of a first visit to the sign-in and essay pages (issue 35).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitByTime } from './split-by-time.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const pgUrl = process.env.TEST_DATABASE_URL;
const { TEST_DATABASE_URL: _omit, ...envWithoutPg } = process.env;

/** Steps run side by side (or in turn with TEST_SERIAL=1), each one's output printed when it ends. */
function together(group) {
  return process.env.TEST_SERIAL === '1' ? group : [{ together: group }];
}

/** Runs a step with its output kept, then prints it whole under the step's heading. */
function runCaptured([name, cmd, args, env, cwd = root]) {
  const started = Date.now();
  console.log(`\n… ${name}: started beside the others`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...env, FORCE_COLOR: '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(output));
      console.log(status === 0 ? `✓ ${name} (${seconds}s)` : `✗ ${name} (${seconds}s)`);
      resolve({ name, status, seconds });
    });
  });
}

/** The browser tests, in `parts` groups of files run side by side on ports 8765 + 2i (+1: SMTP). */
function browserTests(parts) {
  const e2e = join(root, 'e2e');
  if (!(parts > 1)) return [['browser tests (Chromium)', npx, ['playwright', 'test'], process.env, e2e]];
  const files = readdirSync(join(e2e, 'tests')).filter((f) => f.endsWith('.spec.ts'));
  const timings = JSON.parse(readFileSync(join(e2e, 'timings.json'), 'utf8')).seconds;
  const groups = splitByTime(files, timings, parts);
  return together(
    groups.map((group, i) => [
      `browser tests (Chromium), part ${i + 1} of ${groups.length} (${group.files.length} files, about ${Math.round(group.seconds)} s by e2e/timings.json)`,
      npx,
      // A file's path as Playwright's filter (a pattern matched against the path): `tests/` and the
      // whole name select that one file.
      ['playwright', 'test', ...group.files.map((f) => `tests/${f}`)],
      { ...process.env, E2E_PORT: String(8765 + 2 * i), E2E_SMTP_PORT: String(8766 + 2 * i) },
      e2e,
    ]),
  );
}

const steps = [
  // A plain `npm install` leaves the developer tools out (.npmrc): they come first, once.
  ['developer tools', 'node', ['scripts/dev-tools.mjs'], process.env],
  ['typecheck', npm, ['run', 'typecheck'], process.env],
  ['lint', npm, ['run', 'lint'], process.env],
  ['import boundaries (dependency-cruiser)', npm, ['run', 'lint:deps'], process.env],
  ['unit tests', npx, ['vitest', 'run', '--project', 'unit'], process.env],
  // These three side by side (CI took 69 minutes with every step in turn, stop 47): an API test
  // file spends much of its time waiting (the job queue's polls, timers, PostgreSQL's own process),
  // so the three end in about half the time (stop 48: 724 s against about 1,390 s). TEST_SERIAL=1:
  // in turn.
  ...together([
    [
      'scoring simulation (done criteria, docs/simulation.md current)',
      npm,
      ['run', 'simulate', '--', '--check'],
      process.env,
    ],
    ['API tests (PGlite)', npx, ['vitest', 'run', '--project', 'api'], envWithoutPg],
    ...(pgUrl ? [['API tests (PostgreSQL)', npx, ['vitest', 'run', '--project', 'api'], process.env]] : []),
  ]),
  ...(pgUrl
    ? [
        [
          'cluster test (two nodes behind HAProxy on PostgreSQL, S3, SMTP)',
          npx,
          ['vitest', 'run', '--project', 'cluster'],
          process.env,
        ],
      ]
    : []),
  ['web build', npm, ['run', 'build', '-w', '@pw/web'], process.env],
  ['sign-in bundle budget', 'node', ['scripts/bundle-budget.mjs'], process.env],
  // The browser tests in E2E_SHARDS parts (2 by default; 1: in one run), side by side, each part with
  // its own server, database, mail server and ports (the files split by their measured time,
  // splitByTime): a browser test spends most of its time waiting for the page, so two parts fill
  // the two cores.
  ...browserTests(Number(process.env.E2E_SHARDS ?? 2)),
  // Issue 35: a phone's first visit (Lighthouse's mobile preset, fresh profile, median of 3) on the
  // sign-in and essay pages. The goal is 90. The floors catch a gross regression, not the goal:
  // Lighthouse scales the host's own CPU time, and this shared machine's speed varies. On
  // 2026-11-27 (stop 42) the host ran everything 2-3x slower than in the quiet runs (a bare Node
  // server under tsx took 0.7-0.9 s to answer instead of 0.26 s): sign-in, whose JavaScript had
  // not changed (144 KB), scored 68 and 73 instead of 91, the essay page 16 and 17 instead of 43.
  // The mobile preset's CPU slowdown is calibrated to the host (BENCH_CPU_CALIBRATE, Lighthouse's
  // own benchmark index before each run: bench/lighthouse.bench.ts), which takes the host's speed
  // out of it; what it cannot take out is a machine busy with other work during the run (on
  // 2026-11-27 at a load of 18, with an index of 1,268-1,501, sign-in scored 80 and the essay page
  // 17). So the floors are a gross-regression check: 60 and 10 until stop 49, when the essay page
  // scored 90-94 on a quiet machine (one file per area, bench/README.md) and 80 in stop 48's CI
  // run of older code; its floor is 30 since: a quiet run clears it by 60 points, and the load of
  // 18 above cost the page 60 % of its score.
  [
    'Lighthouse, mobile, first visit (sign-in, essay page)',
    npx,
    ['tsx', 'bench/lighthouse.bench.ts'],
    {
      ...process.env,
      BENCH_PAGES: 'sign-in,essay',
      BENCH_FORMS: 'mobile',
      BENCH_TEMPS: 'cold',
      BENCH_RUNS: '3',
      BENCH_CPU_CALIBRATE: '1',
      BENCH_MIN_PERFORMANCE: process.env.LIGHTHOUSE_MIN ?? 'sign-in=60,essay=30',
      BENCH_PORT: process.env.LIGHTHOUSE_PORT ?? '8797',
    },
  ],
];

for (const step of steps) {
  if ('together' in step) {
    const results = await Promise.all(step.together.map(runCaptured));
    const failed = results.find((r) => r.status !== 0);
    if (failed) {
      console.error(`\n✗ ${failed.name} failed after ${failed.seconds}s`);
      process.exit(failed.status ?? 1);
    }
    continue;
  }
  const [name, cmd, args, env, cwd = root] = step;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${name} (${seconds}s)`);
}
if (!pgUrl)
  console.log(
    '\nNote: TEST_DATABASE_URL is not set, so the API tests ran on PGlite only and the cluster test did not run.',
  );
console.log('\nAll checks passed.');
