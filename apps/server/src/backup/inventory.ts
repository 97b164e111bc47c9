import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../db/client';

/** The migrations this build knows, oldest first (drizzle's journal). */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** The rows of a raw statement, on PGlite and on node-postgres alike. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Inventory = {
  /** The last migration applied (its journal tag, or `unknown@<time>` from a newer build). */
  lastMigration: string | null;
  migrations: number;
  /** Rows per table: `users` for the app's tables, `drizzle.__drizzle_migrations` for others. */
  tables: Record<string, number>;
  /** Every storage key the `files` table names. */
  storageKeys: string[];
};

/** What a database holds, as a backup's manifest records it and a restore checks it. */
export async function inventoryOf(db: Db): Promise<Inventory> {
  const tableRows = await rows<{ schema: string; name: string }>(
    db,
    sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
    order by table_schema, table_name`,
  );
  const tables: Record<string, number> = {};
  for (const { schema, name } of tableRows) {
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)}`,
    );
    tables[schema === 'public' ? name : `${schema}.${name}`] = Number(count?.n ?? 0);
  }
  let lastMigration: string | null = null;
  let migrations = 0;
  if ('drizzle.__drizzle_migrations' in tables) {
    const applied = await rows<{ created_at: string | number }>(
      db,
      sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
    );
    migrations = applied.length;
    const last = applied.at(-1);
    if (last) {
      const when = Number(last.created_at);
      lastMigration = knownMigrations().find((m) => m.when === when)?.tag ?? `unknown@${when}`;
    }
  }
  const storageKeys =
    'files' in tables
      ? (await rows<{ key: string }>(db, sql`select storage_key as key from files order by 1`)).map(
          (r) => r.key,
        )
      : [];
  return { lastMigration, migrations, tables, storageKeys };
}
