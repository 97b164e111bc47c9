// Installs the developers' tools (every devDependency: TypeScript, Biome, Vitest, Playwright,
// Lighthouse, the load generators) when they are missing. A plain `npm install` leaves them out
// (.npmrc `omit=dev`, issue 35); the commands that need them run this first, so a fresh clone
// still runs `npm test` as before. Nothing is fetched when they are there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// One package of each workspace's developer tools: when all are there, the last
// `npm install --include=dev` ran after the last `npm install`.
const markers = [
  'node_modules/typescript/package.json',
  'node_modules/tsx/package.json',
  'node_modules/@biomejs/biome/package.json',
  'node_modules/vitest/package.json',
  'node_modules/@playwright/test/package.json',
  'node_modules/lighthouse/package.json',
  'node_modules/happy-dom/package.json',
];
const missing = markers.filter((m) => !existsSync(join(root, m)));
if (missing.length) {
  console.log(
    `Installing the developer tools (npm install --include=dev; missing: ${missing.map((m) => m.split('/').slice(1, -1).join('/')).join(', ')})…`,
  );
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--include=dev', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
