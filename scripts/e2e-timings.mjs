// Writes e2e/timings.json, the seconds each browser test file took, from Playwright JSON reports:
//   cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME=/tmp/part1.json npx playwright test --reporter=json …
//   node scripts/e2e-timings.mjs /tmp/part1.json [/tmp/part2.json …]
// scripts/test.mjs splits the browser tests into parts of about equal time by it (split-by-time.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = {};
function walk(suite, file) {
  const here = suite.file ?? file;
  for (const child of suite.suites ?? []) walk(child, here);
  for (const spec of suite.specs ?? []) {
    const name = (spec.file ?? here).split('/').pop();
    for (const test of spec.tests ?? [])
      for (const result of test.results ?? [])
        seconds[name] = (seconds[name] ?? 0) + (result.duration ?? 0) / 1000;
  }
}
const reports = process.argv.slice(2);
if (reports.length === 0) {
  console.error('usage: node scripts/e2e-timings.mjs <playwright-report.json> …');
  process.exit(1);
}
for (const report of reports)
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite);
const sorted = Object.fromEntries(
  Object.entries(seconds)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, s]) => [name, Math.round(s * 10) / 10]),
);
const target = join(root, 'e2e', 'timings.json');
const note =
  'Seconds each browser test file took (the sum of its tests), written by scripts/e2e-timings.mjs from Playwright JSON reports; scripts/test.mjs splits the files into parts of about equal time by it.';
writeFileSync(
  target,
  `${JSON.stringify({ note, measured: process.env.TIMINGS_MEASURED ?? new Date().toISOString().slice(0, 10), seconds: sorted }, null, 2)}\n`,
);
console.log(
  `written to ${target}: ${Object.keys(sorted).length} files, ${Math.round(Object.values(sorted).reduce((a, b) => a + b, 0))} s`,
);
