import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { queueSettings } from '../jobs/queue-settings';
import { cacheFolder, migrationsFolder } from '../paths';

/**
 * Where to find a migrated, empty PGlite database with the job queue's schema and queues, keyed
 * by the migrations' content, pg-boss's version and the queues' settings, made once by
 * `build-template.ts` (run by `npm run build`, and by `npm start` when it is missing): as a data folder, which a first start
 * on an empty data folder copies (creating PGlite and migrating it takes seconds, a copy of its
 * 40 MB a fraction of one, and nothing passes through the WebAssembly heap), and as a tarball,
 * which the tests load into in-memory databases.
 */

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
