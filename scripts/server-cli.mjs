// `npm run org|backup|restore|files`: runs a command-line tool of the server from its bundle
// (apps/server/dist/<tool>.mjs), bundling first when a source is newer than the bundle. A plain
// `npm install` has no tsx (a developers' tool): the tools run under plain Node, as the server does.
//   node scripts/server-cli.mjs <tool> [arguments…]
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, entries, isStale } from '../apps/server/scripts/bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [tool, ...args] = process.argv.slice(2);
if (!tool || tool === 'server' || !(tool in entries)) {
  console.error(
    `expected one of: ${Object.keys(entries)
      .filter((name) => name !== 'server')
      .join(', ')}`,
  );
  process.exit(2);
}
if (isStale()) await bundle();
const child = spawn(process.execPath, [join(root, 'apps/server/dist', `${tool}.mjs`), ...args], {
  cwd: process.cwd(),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
