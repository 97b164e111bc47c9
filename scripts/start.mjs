// `npm start`: builds the web app when it has not been built yet and the server's bundle when its
// sources changed, then runs the server (migrations and demo data are applied by the server at start).
// On a first start the web build and the database template are made side by side (one is mostly
// the bundler's threads, the other PGlite's single thread): about a third less waiting.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command to its end with the terminal's output; resolves to its exit status. */
function run(command, args) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}

async function buildWeb() {
  if (existsSync(join(root, 'apps/web/dist/index.html'))) return 0;
  console.log('Building the web app (first start)…');
  return run(npm, ['run', 'build', '-w', '@pw/web']);
}

async function prepareServer() {
  // The server runs as one bundle made from its sources (apps/server/scripts/bundle.mjs), rebuilt
  // when a source is newer: a start without tsx's hooks is about twice as fast and holds less memory.
  const bundled = await run(process.execPath, [join(root, 'apps/server/scripts/bundle.mjs'), '--if-stale']);
  if (bundled !== 0) return bundled;
  // A first start on PGlite loads a migrated template instead of creating the database (seconds
  // faster); it is built once per set of migrations (apps/server/src/db/build-template.ts, an
  // entry of the bundle).
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  if (!process.env.DATABASE_URL && !existsSync(join(dataDir, 'pglite/PG_VERSION'))) {
    const template = await run(process.execPath, [join(root, 'apps/server/dist/build-template.mjs')]);
    if (template !== 0) console.log('No database template; the first start creates the database.');
  }
  return 0;
}

const [web, server] = await Promise.all([buildWeb(), prepareServer()]);
if (web !== 0) process.exit(web);
if (server !== 0) process.exit(server);

const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
