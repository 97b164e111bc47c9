import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { migrationsFolder } from './client';
import { knownMigrations, SchemaTooNewError } from './migrate';

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

describe(`a database migrated by a newer build (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('migrate refuses, naming the database’s version and this build’s', async () => {
    const database = await createTestDatabase();
    try {
      const build = knownMigrations(migrationsFolder);
      const future = build.latestWhen + 86_400_000;
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${String(future)})`,
      );
      const error = await database.migrate().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SchemaTooNewError);
      const message = (error as Error).message;
      expect(message).toContain(`the database has ${build.count + 1} migrations applied`);
      expect(message).toContain(new Date(future).toISOString());
      expect(message).toContain(`this build knows ${build.count}, up to ${build.latestTag}`);
      // Nothing was applied or changed.
      const [count] = rowsOf(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(count?.n).toBe(build.count + 1);
    } finally {
      await database.close();
    }
  });

  it('a database at this build’s migrations migrates again without change', async () => {
    const database = await createTestDatabase();
    try {
      await database.migrate();
      const [count] = rowsOf(
        await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      expect(count?.n).toBe(knownMigrations(migrationsFolder).count);
    } finally {
      await database.close();
    }
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;
// Servers starting together only share a database on PostgreSQL (PGlite is one process per folder).
if (baseUrl) {
  describe('servers started together on one empty PostgreSQL database', () => {
    it('all start: one migrates and seeds under the advisory lock, the others wait and find it done', async () => {
      const name = `pw_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const config = () =>
        loadConfig({
          DATABASE_URL: url.toString(),
          DATA_DIR: mkdtempSync(join(tmpdir(), 'pw-nodes-')),
          DEMO_DATA: 'off',
          LOG_LEVEL: 'silent',
          WEB_DIST: '/nonexistent',
        });
      const started = await Promise.allSettled(
        [1, 2, 3].map(() => buildApp(config(), { logger: false, scheduler: false })),
      );
      try {
        expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual([
          'ok',
          'ok',
          'ok',
        ]);
        const check = new pg.Client({ connectionString: url.toString() });
        await check.connect();
        const migrations = await check.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        const orgs = await check.query('select count(*)::int as n from organisations');
        const locks = await check.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and database =
             (select oid from pg_database where datname = current_database())`,
        );
        await check.end();
        expect(migrations.rows[0].n).toBe(knownMigrations(migrationsFolder).count);
        expect(orgs.rows[0].n).toBe(1);
        // Every lock was given back.
        expect(locks.rows[0].n).toBe(0);
      } finally {
        for (const s of started) if (s.status === 'fulfilled') await s.value.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 60_000);
  });
}
