// The server as production runs it: one ES module bundle of the server's code and of the
// workspace packages it uses (@pw/contract, @pw/domain), with every npm package left external and
// each lazily imported module (S3, Excel, mail, …) in its own chunk, so it still loads on first use.
// Plain `node apps/server/dist/server.mjs` then starts without tsx: no TypeScript hooks on each of
// the ~1,100 modules a start loads, no hooks' worker thread (issue 29: start time and memory).
// The command-line tools (org, backup, files) and the PGlite template's builder are entries of the
// same bundle, so a plain install runs them without tsx too. Bundled by rolldown, the bundler the
// web build (Vite) already brings: no second bundler in the install (issue 35).
//   node apps/server/scripts/bundle.mjs            build now
//   node apps/server/scripts/bundle.mjs --if-stale build only when a source is newer than the bundle
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const serverRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(serverRoot, '../..');
export const bundlePath = join(serverRoot, 'dist/server.mjs');
/** The bundle's entries: the server, the PGlite template's builder and the command-line tools. */
export const entries = {
  server: 'src/server.ts',
  'build-template': 'src/db/build-template.ts',
  org: 'src/cli/org.ts',
  backup: 'src/cli/backup.ts',
  files: 'src/cli/files.ts',
};
const sources = [
  join(serverRoot, 'src'),
  join(root, 'packages/contract/src'),
  join(root, 'packages/domain/src'),
];
const manifests = [
  join(serverRoot, 'package.json'),
  join(root, 'package-lock.json'),
  fileURLToPath(import.meta.url),
];

/** The newest modification time among the bundle's inputs (its TypeScript and JSON, tests left out). */
function newestInput() {
  let newest = 0;
  for (const file of manifests) if (existsSync(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  for (const dir of sources) {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|json)$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) continue;
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

export function isStale() {
  return !existsSync(bundlePath) || statSync(bundlePath).mtimeMs < newestInput();
}

/** Bundles the server into `outdir` (apps/server/dist; a test bundles into a folder of its own). */
export async function bundle(outdir = join(serverRoot, 'dist')) {
  const { dependencies } = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8'));
  // npm packages stay in node_modules (loaded by Node as published); the workspace's own
  // TypeScript packages are compiled into the bundle.
  const packages = Object.keys(dependencies).filter((name) => !name.startsWith('@pw/'));
  const external = (id) => packages.some((name) => id === name || id.startsWith(`${name}/`));
  await build({
    input: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(serverRoot, file)])),
    platform: 'node',
    external,
    tsconfig: join(serverRoot, 'tsconfig.json'),
    logLevel: 'warn',
    output: {
      dir: outdir,
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: '[name]-[hash].mjs',
      sourcemap: true,
      cleanDir: true,
    },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ifStale = process.argv.includes('--if-stale');
  if (!ifStale || isStale()) {
    const started = performance.now();
    if (ifStale) console.log('Bundling the server (its sources changed)…');
    await bundle();
    console.log(`Server bundled into ${bundlePath} in ${Math.round(performance.now() - started)} ms.`);
  }
}
