// `npm run typecheck`: every TypeScript project, two at a time (the machines have two cores; each
// tsc is one thread), so the step takes about half as long as one after another. Output is printed
// per project when it finishes; the exit code is the first failure's.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Largest first, so the two lanes end close together.
const projects = [
  'apps/web',
  'apps/server',
  'packages/domain',
  'e2e',
  'packages/contract',
  'bench',
  'cluster',
  'scripts',
];
const parallel = Number(process.env.TYPECHECK_JOBS ?? 2);
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} tsc -p ${project} (${seconds}s)\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...projects];
let failed = 0;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const code = await check(project);
      if (code !== 0 && !failed) failed = code;
    }
  }),
);
process.exit(failed);
