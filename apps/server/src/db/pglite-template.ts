import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queueSettings } from '../jobs/queues';
import type { Db } from './client';

/**
 * A migrated, empty PGlite database with the job queue's schema and queues, keyed by the
 * migrations' content, pg-boss's version and the queues' settings, made once by the build
 * (`npm run build`, and `npm start` when it is missing): as a data folder, which a first start
 * on an empty data folder copies (creating PGlite and migrating it takes seconds, a copy of its
 * 40 MB a fraction of one, and nothing passes through the WebAssembly heap), and as a tarball,
 * which the tests load into in-memory databases.
 */
const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
const cacheFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../.cache');

/** What the template is made of: today's migrations, pg-boss's version and the queues' settings. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json'))
      hash.update(file).update(readFileSync(join(migrationsFolder, file)));
  }
  const boss = createRequire(import.meta.url)('pg-boss/package.json') as { version: string };
  hash.update(`pg-boss ${boss.version}`).update(JSON.stringify(queueSettings()));
  return hash.digest('hex').slice(0, 16);
}

/** Where the template of today's migrations lives (it may not exist yet): a folder and a tarball. */
export function templatePaths(folder = cacheFolder) {
  const base = join(folder, `pglite-template-${migrationsHash()}`);
  return { dir: base, tar: `${base}.tar` };
}

/** The template's data folder for today's migrations, when it has been built. */
export function templateDir(): string | undefined {
  const { dir } = templatePaths();
  return existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
}

/** Builds the template unless it exists; returns its paths. Both parts appear atomically. */
export async function buildTemplate(folder = cacheFolder) {
  const paths = templatePaths(folder);
  if (existsSync(join(paths.dir, 'PG_VERSION')) && existsSync(paths.tar)) return paths;
  const work = `${paths.dir}.${process.pid}.tmp`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const [{ PGlite }, { drizzle }, { migrate }, { bossExecutor }, { ensureQueues, newBoss }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      import('../jobs/executor'),
      import('../jobs/queue-setup'),
    ]);
  const client = await PGlite.create(work);
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  // The job queue's schema and queues, as a server's first start would make them.
  const executor = bossExecutor(db as unknown as Db, 'pglite');
  const boss = newBoss(executor);
  await boss.start();
  await ensureQueues(boss, queueSettings());
  await boss.stop({ graceful: false, wait: true });
  await executor.idle();
  const blob = await client.dumpDataDir('none');
  await client.close();
  writeFileSync(`${work}.tar`, Buffer.from(await blob.arrayBuffer()));
  rmSync(paths.dir, { recursive: true, force: true });
  renameSync(work, paths.dir);
  renameSync(`${work}.tar`, paths.tar);
  return paths;
}

// `tsx src/db/pglite-template.ts`: build it (the build and `npm start` run this).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { dir } = await buildTemplate();
  console.log(`PGlite template ready (${Math.round(performance.now() - started)} ms): ${dir}`);
}
