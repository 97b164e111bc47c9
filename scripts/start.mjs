// `npm start`: builds the web app when it has not been built yet and the server's bundle when its
// sources changed, then runs the server (migrations and demo data are applied by the server at start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.log('Building the web app (first start)…');
  const build = spawnSync(npm, ['run', 'build', '-w', '@pw/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs as one bundle made from its sources (apps/server/scripts/bundle.mjs), rebuilt
// when a source is newer: a start without tsx's hooks is about twice as fast and holds less memory.
const bundled = spawnSync(process.execPath, [join(root, 'apps/server/scripts/bundle.mjs'), '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (bundled.status !== 0) process.exit(bundled.status ?? 1);

// A first start on PGlite loads a migrated template instead of creating the database (seconds
// faster); it is built once per set of migrations (apps/server/src/db/build-template.ts, an entry
// of the bundle).
const dataDir = resolve(process.env.DATA_DIR ?? './data');
if (!process.env.DATABASE_URL && !existsSync(join(dataDir, 'pglite/PG_VERSION'))) {
  const template = spawnSync(process.execPath, [join(root, 'apps/server/dist/build-template.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (template.status !== 0) console.log('No database template; the first start creates the database.');
}

const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
