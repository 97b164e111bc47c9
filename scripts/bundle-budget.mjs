// The sign-in page's budget, fast check: the JavaScript and CSS of the entry and everything it
// imports statically (from Vite's manifest), gzip-compressed. Exits 1 when over. Limits:
// BUDGET_JS_KB and BUDGET_CSS_KB (KB).
//
// This is a lower bound and an early signal only: a page also fetches what its code imports on
// demand right after it starts. The budget that counts is the browser test
// `e2e/tests/budget.spec.ts`, which sums every script Chromium fetches until the page is idle
// (sign-in, the dashboards, the management page; figures in bench/README.md, "Page weight").
// Since everything the first page runs is built into one file (apps/web/vite.config.ts), the two
// agree on the sign-in page as long as it fetches nothing on demand before the user acts.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(root, 'apps/web/dist');
// Issue 11's budget: 150 KB of JS, 40 KB of CSS. Most of the JS is React 19's runtime (≈61 KB),
// the router, Mantine's provider and inputs, TanStack Query and i18next; the pages, the signed-in
// route table, the toasts' container (with the first toast), English and the pages' texts all
// load on demand.
const limits = { js: Number(process.env.BUDGET_JS_KB ?? 150), css: Number(process.env.BUDGET_CSS_KB ?? 40) };

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
if (!entry) throw new Error('no index.html entry in the manifest');

/** Every file the entry loads before the page can run: its chunk, static imports, their CSS. */
function filesOf(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) filesOf(imported, seen);
  return seen;
}
const files = { js: new Set(), css: new Set() };
for (const key of filesOf(entry)) {
  const chunk = manifest[key];
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
}

const kb = (bytes) => bytes / 1024;
let over = false;
for (const kind of ['js', 'css']) {
  const rows = [...files[kind]].map((f) => [f, gzipSync(readFileSync(join(dist, f)), { level: 9 }).length]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  rows.sort((a, b) => b[1] - a[1]);
  for (const [f, n] of rows.slice(0, 5)) console.log(`  ${kind}  ${kb(n).toFixed(1).padStart(7)} KB  ${f}`);
  const ok = kb(total) <= limits[kind];
  over ||= !ok;
  console.log(
    `${ok ? '✓' : '✗'} sign-in ${kind}: ${kb(total).toFixed(1)} KB gzip in ${rows.length} files (budget ${limits[kind]} KB)`,
  );
}

// Every text the sign-in page's own code asks for must be in what it loads: the arrival catalog
// (locales/ko/base.json) and the contract's shared messages. The pages' texts (common.json) are
// not there yet, so a key from them would show as a raw key on arrival.
const catalog = {
  ...JSON.parse(readFileSync(join(root, 'apps/web/src/locales/ko/base.json'), 'utf8')),
  ...JSON.parse(readFileSync(join(root, 'packages/contract/locales/ko/messages.json'), 'utf8')),
};
const has = (key) =>
  key
    .split('.')
    .reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), catalog) !==
  undefined;
const sources = new Set();
for (const f of files.js) {
  if (!existsSync(join(dist, `${f}.map`))) continue; // the bundler's own runtime has no map
  const map = JSON.parse(readFileSync(join(dist, `${f}.map`), 'utf8'));
  for (const source of map.sources) {
    if (!source.includes('node_modules')) sources.add(join(dist, dirname(f), source));
  }
}
const missing = [];
for (const source of sources) {
  const text = readFileSync(source, 'utf8');
  // t('a.b'), i18n.t('a.b'), { key: 'a.b' } and template keys up to their first ${…}.
  for (const m of text.matchAll(/(?:\bt\(|\bkey: )\s*['`]([a-zA-Z][\w.]*)(\$\{)?/g)) {
    const key = m[2] ? m[1].replace(/\.$/, '') : m[1];
    if (!has(key)) missing.push(`${source.replace(`${root}/`, '')}: ${m[1]}`);
  }
}
if (missing.length) {
  over = true;
  console.log(`✗ texts the sign-in page uses but does not load (move them to locales/*/base.json):`);
  for (const line of missing) console.log(`  ${line}`);
} else {
  console.log(
    `✓ every text of the sign-in page's ${sources.size} source files is in base.json or the shared messages`,
  );
}
process.exit(over ? 1 : 0);
