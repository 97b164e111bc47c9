import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { assertSchemaNotNewer, MIGRATION_LOCK_KEY, type RunQuery } from './migrate';
import { templateDir } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database handle every service receives; identical API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a `Db` is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  /**
   * Applies every pending migration. On PostgreSQL under an advisory lock on a dedicated
   * connection, so servers starting together migrate one after the other (the later ones find
   * nothing to do). Throws `SchemaTooNewError` when the database is ahead of this build.
   */
  migrate: () => Promise<void>;
  /**
   * Runs `work` while holding the advisory lock `key` on a dedicated PostgreSQL connection, so
   * servers starting together do it one after the other (the job queue's own tables and queues:
   * created concurrently, their DDL deadlocks). PGlite serves one process: it just runs `work`.
   */
  exclusively: <T>(key: number, work: () => Promise<T>) => Promise<T>;
  /**
   * One statement's rows, outside drizzle (health checks). On PostgreSQL on a connection of its
   * own, never waiting behind the requests in the pool's queue; on PGlite the one connection.
   */
  query: RunQuery;
  /** Connections: PostgreSQL's pool (total, idle, waiting); PGlite is one embedded connection. */
  poolStats: () => { total: number; idle?: number; waiting?: number };
  close: () => Promise<void>;
  /** PGlite only: the data directory as a tarball, consistent (taken between transactions). */
  dump?: () => Promise<Blob>;
};

export { migrationsFolder } from '../paths';

import { migrationsFolder } from '../paths';

/** Opens PostgreSQL when a URL is given, otherwise PGlite stored in `dataDir` (or in memory). */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** A dumped PGlite data directory to start from (tests load a migrated template). */
  pgliteTemplate?: Blob;
  /**
   * A new PGlite data folder starts as a copy of the built template of today's migrations when
   * there is one (`pglite-template.ts`); `false` makes it from scratch.
   */
  template?: boolean;
  /** Told of every statement the app sends (tests count queries per request with it). */
  onQuery?: (query: string) => void;
}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  if (opts.url) {
    // Idle connections stay open for five minutes (pg's default is ten seconds): a connection keeps
    // its prepared statements and their plans, so a class saving at a deadline after a quiet
    // minute does not wait for new connections and fresh plans.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, idleTimeoutMillis: 300_000 });
    // An idle connection that the server ends (a restart, an administrator, a dropped database)
    // is removed by the pool and replaced on next use; unheard, the pool's error would end the
    // process.
    pool.on('error', () => {});
    // The health checks' own connection: behind a burst of requests the pool's queue can be
    // seconds long, and a readiness probe waiting in it would make a busy, healthy node look
    // down to the load balancer (found by the cluster test, cluster/cluster.test.ts).
    const probe = new pg.Pool({ connectionString: opts.url, max: 1, idleTimeoutMillis: 60_000 });
    probe.on('error', () => {});
    const db = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
    const url = opts.url;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(url),
      exclusively: (key, work) => underAdvisoryLock(url, key, () => work()),
      query: async (text) => (await probe.query(text)).rows,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        await Promise.all([pool.end(), probe.end()]);
      },
    };
  }
  let dataDir: string | undefined;
  let release = () => {};
  if (opts.dataDir) {
    dataDir = join(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(opts.dataDir);
  }
  if (dataDir && opts.template !== false && !existsSync(join(dataDir, 'PG_VERSION'))) {
    // A new data folder starts as a copy of the built template, when there is one.
    const template = templateDir();
    if (template) cpSync(template, dataDir, { recursive: true });
  }
  // Loaded only for PGlite: importing it costs ~40 MB of memory that a PostgreSQL server never uses.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {}),
    // PostgreSQL's default of 128 MB of shared buffers lives in the WebAssembly heap: 16 MB holds
    // a school's working set (the rest is in the OS's file cache) and takes ~110 MB off the RSS.
    postgresqlconf: ['shared_buffers = 16MB'],
  });
  const db = drizzlePglite(client, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  const pgliteQuery: RunQuery = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
  return {
    db,
    kind: 'pglite',
    exclusively: (_key, work) => work(),
    migrate: async () => {
      // One process per data folder (the lock above): nobody to wait for.
      await assertSchemaNotNewer(pgliteQuery, migrationsFolder);
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    query: pgliteQuery,
    poolStats: () => ({ total: 1 }),
    close: async () => {
      await client.close();
      release();
    },
    // Taken inside a transaction of its own: PGlite runs one transaction at a time, so no other
    // is half done, and the checkpoint leaves a restore little to replay.
    dump: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return client.dumpDataDir('none');
      }),
  };
}

/**
 * Runs `work` while holding the advisory lock `key` on a connection of its own (given to `work`),
 * so servers started together take their turn. Ending the connection releases the lock, also
 * when `work` failed.
 */
async function underAdvisoryLock<T>(
  url: string,
  key: number,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Migrates a PostgreSQL database under `MIGRATION_LOCK_KEY`: each server re-reads the journal
 * after the lock, so only the first applies anything.
 */
function migrateUnderLock(url: string) {
  return underAdvisoryLock(url, MIGRATION_LOCK_KEY, async (client) => {
    await assertSchemaNotNewer(async (text) => (await client.query(text)).rows, migrationsFolder);
    await migratePg(drizzlePg(client), { migrationsFolder });
  });
}
