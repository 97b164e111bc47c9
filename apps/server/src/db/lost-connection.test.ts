import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';

// On PostgreSQL, an idle pooled connection that the server ends (a restart, an administrator,
// a dropped database) makes the pool emit an error; unheard, that error ends the whole process.
// The pool hears it (db/client.ts) and the next query gets a fresh connection. (PGlite has no
// connections to lose: there the check is only that the database keeps answering.)

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

describe(`a lost connection (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('an idle connection ended by the server neither ends the process nor fails the next query', async () => {
    // Two queries at once leave two connections idle in the pool.
    await Promise.all([
      database.db.execute(sql`select pg_sleep(0.05)`),
      database.db.execute(sql`select pg_sleep(0.05)`),
    ]);
    // From one of them, end every other connection to this database.
    const ended = rowsOf(
      await database.db.execute(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
      ),
    );
    if (process.env.TEST_DATABASE_URL) expect(ended.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 3; i++) {
      expect(rowsOf(await database.db.execute(sql`select 1 as one`))[0]).toEqual({ one: 1 });
    }
  });
});
