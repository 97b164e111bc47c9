// Lighthouse (issues 18 and 35): performance, accessibility and best practices of the pages people
// meet first, on desktop and mobile (Lighthouse's presets: mobile is a throttled mid-range phone),
// the median of 3 runs each, in Debian's Chromium against the real server with demo data (PGlite
// in a temporary folder, the built web app).
//   npm run build && npm run bench:lighthouse -w @pw/bench
//
// Two rows per page and form:
// - cold, a first visit: every run in a fresh browser profile (empty HTTP cache, no storage). A
//   signed-in page gets its token through a page of the origin that loads none of the app's files
//   (the health check's JSON), so the app's scripts, styles and fonts all come over the network.
// - warm, a returning visitor: the same page opened once before in the same profile, then measured
//   without Lighthouse's storage reset (the browser's cache keeps the files).
// BENCH_TEMPS (e.g. `cold`) narrows to one row.
//
// As a check (`npm test` runs it on sign-in and the essay page, mobile, cold, median of 3):
// BENCH_MIN_PERFORMANCE=85 (or per page, `sign-in=85,essay=20`) exits 1 when a median performance
// score is below it, or accessibility or best practices below 100.
// Goals: performance ≥ 95 desktop and ≥ 90 mobile (cold), accessibility and best practices 100.
//
// BENCH_CPU_CALIBRATE=1 (what `npm test` uses) sets the mobile preset's CPU slowdown from this host's
// speed, as Lighthouse's docs/throttling.md advises for hosts that are not a high-end desktop:
// the preset's 4× assumes a host with a benchmark index of about 1,750 (the middle of the
// high-end desktop bracket, 1,500-2,000) and makes it a mid-tier phone of about 440. Before each
// run the fresh page computes Lighthouse's own benchmark index (twice, the faster kept: a busy
// machine only ever slows it), and the slowdown is index ÷ 437.5, between 1 and 4. On a slow or
// loaded host the simulated phone stays the same phone instead of becoming a budget one, so the
// score measures the page, not the host's hour.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import { type BenchServer, startServer } from './fixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 8796);
const base = `http://127.0.0.1:${port}`;
const tokenOf = async (email: string) => {
  const answer = await fetch(`${base}/api/v1/users/sign-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await answer.json()) as { token: string }).token;
};
let server: BenchServer | undefined;
let token = '';
let learnerToken = '';
let running = false;
/** The server on a fresh demo database, and the instructor's and a learner's tokens on it. */
async function boot() {
  server = await startServer({ port, name: 'pw-bench-lh', patience: 1800 });
  running = true;
  // On this shared machine a server has been seen to stop mid-run (exit 0, a signal from outside):
  // the next run then starts a new one instead of failing.
  server.process.once('exit', (code, signal) => {
    running = false;
    console.error(`the server stopped (${code ?? signal})`);
  });
  token = await tokenOf('prof@example.com');
  learnerToken = await tokenOf('student10@example.com');
}
await boot();
// The demo course's first assignment: its management page is the one measured.
const answer = (await (
  await fetch(`${base}/api/v1/courses/1/assignments/`, { headers: { authorization: `Token ${token}` } })
).json()) as { id: number }[] | { results: { id: number }[] };
const assignmentId = (Array.isArray(answer) ? answer : answer.results)[0]?.id ?? 1;

// BENCH_PAGES (e.g. `management`) and BENCH_FORMS (e.g. `mobile`) narrow the run to the pages
// whose name contains one of the words and to those forms; BENCH_LHR_DIR keeps each run's report.
const only = (env: string | undefined) =>
  env
    ?.split(',')
    .map((w) => w.trim())
    .filter(Boolean);
const pageWords = only(process.env.BENCH_PAGES);
const forms = (only(process.env.BENCH_FORMS) ?? ['desktop', 'mobile']) as ('desktop' | 'mobile')[];
const temps = (only(process.env.BENCH_TEMPS) ?? ['cold', 'warm']) as Temp[];
type Temp = 'cold' | 'warm';
const lhrDir = process.env.BENCH_LHR_DIR;
if (lhrDir) mkdirSync(lhrDir, { recursive: true });
// Who opens each page: nobody (sign-in), the instructor or a learner of the demo course.
type Who = 'nobody' | 'instructor' | 'learner';
const allPages: { name: string; path: string; who: Who }[] = [
  { name: 'sign-in', path: '/sign-in', who: 'nobody' },
  { name: 'dashboard', path: '/', who: 'instructor' },
  { name: 'course page', path: '/courses/1/instructor', who: 'instructor' },
  // student10 of the demo: an essay to write in assignment 2, peers to review in assignment 3, and
  // the completed assignment 4's report.
  { name: 'essay page', path: '/courses/1/learner/assignments/2/performances/ES', who: 'learner' },
  { name: 'peer-review page', path: '/courses/1/learner/assignments/3/performances/PE', who: 'learner' },
  { name: 'report', path: '/courses/1/learner/assignments/4/performances/CO', who: 'learner' },
  { name: 'management page', path: `/courses/1/instructor/assignments/${assignmentId}`, who: 'instructor' },
];
const pages = allPages.filter((p) => !pageWords || pageWords.some((w) => p.name.includes(w)));
let reportNumber = 0;
const calibrate = process.env.BENCH_CPU_CALIBRATE === '1';
/** The mobile preset's 4× slowdown is meant for a host of this benchmark index (see above). */
const PRESET_HOST_INDEX = 1750;
const PRESET_SLOWDOWN = 4;
const slowdowns: number[] = [];
/** The CPU slowdown that makes this host the preset's phone: index ÷ 437.5, from 1 to 4. */
async function calibratedSlowdown(page: import('puppeteer-core').Page): Promise<number> {
  const measure = () =>
    page.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`) as Promise<number>;
  const index = Math.max(await measure(), await measure());
  const slowdown = Math.min(PRESET_SLOWDOWN, Math.max(1, index / (PRESET_HOST_INDEX / PRESET_SLOWDOWN)));
  slowdowns.push(slowdown);
  console.log(`  host benchmark index ${Math.round(index)}: CPU slowdown ${slowdown.toFixed(2)}×`);
  return Math.round(slowdown * 100) / 100;
}

/** A browser on a profile of its own, removed with it. */
async function freshBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'pw-lh-profile-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    headless: true,
    userDataDir: profile,
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export type Scores = {
  performance: number;
  accessibility: number;
  'best-practices': number;
  fcp: number;
  lcp: number;
  tbt: number;
};
async function audit(
  path: string,
  who: Who,
  form: 'desktop' | 'mobile',
  temp: Temp,
  attempt = 1,
): Promise<Scores> {
  if (!running) await boot();
  const { browser, close } = await freshBrowser();
  const page = await browser.newPage();
  // The token where the app keeps it, set on the origin before Lighthouse loads the page, from a
  // page that loads none of the app's files (so a cold run finds the HTTP cache empty).
  const reached = await page.goto(`${base}/api/v1/health/`).then(
    () => true,
    () => false,
  );
  if (!reached) {
    await close();
    if (attempt >= 3) throw new Error(`${path} ${form}: the server keeps stopping`);
    await new Promise((r) => setTimeout(r, 500));
    return audit(path, who, form, temp, attempt + 1);
  }
  const value = who === 'learner' ? learnerToken : token;
  await page.evaluate(
    `localStorage.clear();${who !== 'nobody' ? ` localStorage.setItem('token', ${JSON.stringify(value)});` : ''}`,
  );
  // Warm: the page once before, so its files are in the cache.
  if (temp === 'warm') {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
    if (who === 'nobody') await page.evaluate('localStorage.clear()');
  }
  const slowdown = form === 'mobile' && calibrate ? await calibratedSlowdown(page) : undefined;
  const result = await lighthouse(
    `${base}${path}`,
    {
      ...(slowdown === undefined
        ? {}
        : {
            throttling: { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown },
          }),
      output: 'json',
      logLevel: 'error',
      // A signed-in page needs its token; the fresh profile is what makes the cold run cold.
      // The sign-in page gets Lighthouse's own reset (storage and cache) on top.
      disableStorageReset: temp === 'warm' || who !== 'nobody',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    form === 'desktop' ? desktopConfig : undefined,
    page,
  );
  await page.close();
  await close();
  // A run Lighthouse itself could not measure (e.g. NO_NAVSTART on a busy machine) scores 0 in
  // every category: run it again rather than let it into the median.
  if (result?.lhr.runtimeError) {
    if (attempt >= 3) throw new Error(`${path} ${form}: ${result.lhr.runtimeError.code}`);
    console.log(`${path} ${form}: ${result.lhr.runtimeError.code}, running it again`);
    return audit(path, who, form, temp, attempt + 1);
  }
  if (!running) {
    if (attempt >= 3) throw new Error(`${path} ${form}: the server keeps stopping`);
    return audit(path, who, form, temp, attempt + 1);
  }
  // A signed-in page that ended on the sign-in page would score the wrong page.
  const landed = new URL(result?.lhr.finalDisplayedUrl ?? base).pathname;
  if (landed !== path) throw new Error(`${path} ended on ${landed}`);
  if (lhrDir && result) {
    const file = `${String(++reportNumber).padStart(2, '0')}-${path.replace(/\W+/g, '_')}-${form}-${temp}.json`;
    writeFileSync(join(lhrDir, file), JSON.stringify(result.lhr));
  }
  if (process.env.BENCH_DETAILS && result) {
    // What fell short: every scored audit under 0.9, and the performance metrics.
    const { audits } = result.lhr;
    const short = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => {
        const items = ((a.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(
          0,
          4,
        );
        const what = items.map((item) => {
          const node = item.node as { snippet?: string; explanation?: string } | undefined;
          return node
            ? `${node.snippet ?? ''} ${(node.explanation ?? '').slice(0, 160)}`
            : JSON.stringify(item).slice(0, 160);
        });
        return `${a.id} ${a.score} ${a.displayValue ?? ''}${what.length ? `\n      ${what.join('\n      ')}` : ''}`;
      });
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ].map((id) => `${id} ${audits[id]?.displayValue ?? ''}`);
    console.log(`${path} ${form}:\n  ${[...metrics, ...short].join('\n  ')}`);
  }
  const categories = result?.lhr.categories ?? {};
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => Math.round(result?.lhr.audits[id]?.numericValue ?? 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows: string[] = [];
// A number for every page, or `page=score` pairs (`sign-in=85,essay=20`: the page whose name
// contains the word).
const floors = (process.env.BENCH_MIN_PERFORMANCE ?? '').split(',').filter(Boolean);
const floorOf = (name: string) => {
  for (const floor of floors) {
    const [word, score] = floor.includes('=') ? floor.split('=') : ['', floor];
    if (name.includes(word ?? '')) return Number(score);
  }
  return 0;
};
const failures: string[] = [];
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
for (const p of pages) {
  for (const form of forms) {
    for (const temp of temps) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(p.path, p.who, form, temp));
      const m = (k: keyof Scores) => median(runs.map((r) => r[k]));
      const floor = floorOf(p.name);
      if (m('performance') < floor)
        failures.push(`${p.name} ${form} ${temp}: performance ${m('performance')} < ${floor}`);
      if (floor && (m('accessibility') < 100 || m('best-practices') < 100))
        failures.push(`${p.name} ${form} ${temp}: accessibility or best practices below 100`);
      rows.push(
        `| ${p.name} | ${form} | ${temp} | ${m('performance')} | ${s(m('fcp'))} | ${s(m('lcp'))} | ${m('tbt')} ms | ${m('accessibility')} | ${m('best-practices')} |`,
      );
      console.log(rows.at(-1), ` runs: ${runs.map((r) => r.performance).join(', ')}`);
    }
  }
}
if (running) await server?.stop();
console.log(
  `\nLighthouse 12.8, median of ${RUNS}${
    slowdowns.length
      ? `; mobile CPU slowdown calibrated to the host: ${Math.min(...slowdowns).toFixed(2)}–${Math.max(...slowdowns).toFixed(2)}× (preset 4×)`
      : ''
  }:\n`,
);
console.log('| page | form | cache | performance | FCP | LCP | TBT | accessibility | best practices |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
if (failures.length) {
  console.error(`\n✗ Lighthouse below its floor:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
