import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';

/**
 * The advisory lock that servers starting together on one PostgreSQL database take, one at a
 * time, to migrate it (the demo seed takes 727001 in its transaction; assignments use the
 * two-key form). A single fixed key.
 */
export const MIGRATION_LOCK_KEY = 727000;

/** Runs one statement and returns its rows (a dedicated pg client, or PGlite). */
export type RunQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** The database holds a migration this build does not know: a newer build migrated it. */
export class SchemaTooNewError extends Error {}

type Known = { count: number; latestTag: string; latestWhen: number };
const knownByFolder = new Map<string, Known>();

/** The migrations this build ships (the journal in `migrationsFolder`), read once. */
export function knownMigrations(migrationsFolder: string): Known {
  const cached = knownByFolder.get(migrationsFolder);
  if (cached) return cached;
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  // readMigrationFiles also proves every file of the journal is there.
  const files = readMigrationFiles({ migrationsFolder });
  const known = { count: files.length, latestTag: last?.tag ?? '(none)', latestWhen: last?.when ?? 0 };
  knownByFolder.set(migrationsFolder, known);
  return known;
}

type Applied = { count: number; latestWhen: number };

/** What drizzle's journal table says was applied (nothing when the table does not exist yet). */
export async function appliedMigrations(query: RunQuery): Promise<Applied> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!exists?.exists) return { count: 0, latestWhen: 0 };
  const [row] = await query(
    `select count(*)::int as "count", coalesce(max(created_at), 0)::bigint as "latest"
       from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.count ?? 0), latestWhen: Number(row?.latest ?? 0) };
}

const when = (millis: number) => new Date(millis).toISOString();

/** Throws SchemaTooNewError, naming both versions, when the database is ahead of this build. */
export async function assertSchemaNotNewer(query: RunQuery, migrationsFolder: string) {
  const build = knownMigrations(migrationsFolder);
  const applied = await appliedMigrations(query);
  if (applied.latestWhen > build.latestWhen || applied.count > build.count) {
    throw new SchemaTooNewError(
      `The database schema is newer than this build of PeerWrite: the database has ${applied.count} ` +
        `migrations applied, the latest from ${when(applied.latestWhen)}; this build knows ` +
        `${build.count}, up to ${build.latestTag} (${when(build.latestWhen)}). Start a build at least ` +
        'as new as the one that migrated the database; an older one would not understand its tables.',
    );
  }
}

/** Readiness: every migration of this build is applied (and none newer). Throws when not. */
export async function assertMigrationsApplied(query: RunQuery, migrationsFolder: string) {
  const build = knownMigrations(migrationsFolder);
  const applied = await appliedMigrations(query);
  if (applied.latestWhen < build.latestWhen)
    throw new Error(`migrations pending: the database is at ${applied.count}, this build at ${build.count}`);
  if (applied.latestWhen > build.latestWhen) throw new Error('the database schema is newer than this build');
}
