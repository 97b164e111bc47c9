// The sign-in page's budget: the JavaScript and CSS it downloads on arrival (the entry chunk and
// everything it imports statically, from Vite's manifest; chunks loaded on demand are not counted),
// gzip-compressed. Exits 1 when over. Limits: BUDGET_JS_KB and BUDGET_CSS_KB (KB).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(root, 'apps/web/dist');
// The goal for JS is 150 KB (issue 11). Today the sign-in page loads 177 KB: React 19's runtime
// (≈60 KB), Mantine, the router, TanStack Query, i18next and the Korean catalog. zod, react-hook-form
// and the help manual's texts are no longer on it (the sign-in rules load with the first submit);
// the guard holds the measured level so nothing creeps back.
const limits = { js: Number(process.env.BUDGET_JS_KB ?? 185), css: Number(process.env.BUDGET_CSS_KB ?? 40) };

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
process.exit(over ? 1 : 0);
