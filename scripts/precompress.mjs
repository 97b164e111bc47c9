// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the built web app, so
// the server sends them as they are (@fastify/static `preCompressed`) instead of compressing on
// every request or not at all. Node's own zlib does the work; run after `vite build`.
//
// Usage: node scripts/precompress.mjs <dist folder>

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <dist folder>');
  process.exit(2);
}
// zlib's asynchronous calls run on libuv's thread pool: every core compresses (a first start waits
// for this; 3.3 s of CPU for the whole build).
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
let raw = 0;
let br = 0;
let count = 0;
await Promise.all(
  [...files(root)]
    .filter((path) => TEXT.has(extname(path)))
    .map(async (path) => {
      const data = readFileSync(path);
      if (data.length < MIN_BYTES) return;
      const [compressed, zipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${path}.br`, compressed), writeFile(`${path}.gz`, zipped)]);
      raw += data.length;
      br += compressed.length;
      count += 1;
    }),
);
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`,
);
