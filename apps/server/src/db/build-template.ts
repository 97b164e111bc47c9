import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queueSettings } from '../jobs/queue-settings';
import { migrationsFolder } from '../paths';
import type { Db } from './client';
import { templatePaths } from './pglite-template';

/** Builds the template unless it exists; returns its paths. Both parts appear atomically. */
export async function buildTemplate(folder?: string) {
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

// `node apps/server/dist/build-template.mjs` (an entry of the server's bundle; `npm start` and the
// build run it) or `tsx src/db/build-template.ts`: build it (into the folder given, or the cache).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const { dir } = await buildTemplate(process.argv[2]);
  console.log(`PGlite template ready (${Math.round(performance.now() - started)} ms): ${dir}`);
}
