import { createHash } from 'node:crypto';
import type { Db, Tx } from '../db/client';

type Result = { rows: Record<string, unknown>[] };

/** What pg-boss runs its SQL through (its `db` option, and `send`'s `db` for a transaction). */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<Result> };

type Client = {
  query: (text: string, values?: unknown[]) => Promise<Result>;
  transaction?: <T>(fn: (tx: { exec: (text: string) => Promise<Result[]> }) => Promise<T>) => Promise<T>;
};

/**
 * The driver client under a drizzle handle: the pool (PostgreSQL), the PGlite instance, or the
 * transaction's own connection. Drizzle keeps it on its session on both drivers.
 */
function clientOf(db: Db | Tx): Client {
  return (db as unknown as { session: { client: Client } }).session.client;
}

/**
 * Runs statements on the app's handle, inside its transaction when given one: a job sent through
 * it is stored (or not) with the data change it belongs to. On PGlite this is how a send inside
 * an app transaction avoids waiting for the one connection that the transaction itself holds.
 */
export function executorOf(db: Db | Tx): SqlExecutor {
  const client = clientOf(db);
  return { executeSql: (text, values) => client.query(text, values) };
}

const LOCKED = /^\s*BEGIN;([\s\S]*);\s*COMMIT;\s*$/;

/**
 * pg-boss's own connection to the app's database. PostgreSQL: the app's pool. PGlite: the one
 * embedded connection, where every statement queues behind the app's transactions (PGlite runs one
 * at a time), and pg-boss's multi-statement `BEGIN; …; COMMIT;` blocks (creation, migrations,
 * maintenance) run as one PGlite transaction, so a failure rolls back rather than leaving the
 * shared connection in an aborted transaction. `idle()` resolves when no statement is in flight
 * (pg-boss completes a job without awaiting it; the app closes the database only after); after
 * `close()` statements are dropped.
 */
export function bossExecutor(db: Db, kind: 'postgres' | 'pglite') {
  const client = clientOf(db);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const run = (text: string, values?: unknown[]) => {
    const locked = kind === 'pglite' && !values?.length ? LOCKED.exec(text) : null;
    if (locked && client.transaction) {
      const body = locked[1] ?? '';
      return client.transaction(async (tx) => (await tx.exec(body)).at(-1) ?? { rows: [] });
    }
    return client.query(text, values);
  };
  const executor: SqlExecutor & { idle: () => Promise<void>; close: () => void } = {
    executeSql: (text, values) => {
      // After the queue stopped (the database may be closing): a worker whose fetch was in flight
      // at the stop may still complete its job; that write never runs (the promise never
      // settles, so pg-boss reads no result), the job stays active and is taken again after it
      // expires.
      if (closed) return new Promise<Result>(() => {});
      const pending = run(text, values);
      inFlight.add(pending);
      const forget = () => inFlight.delete(pending);
      pending.then(forget, forget);
      return pending;
    },
    idle: async () => {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    close: () => {
      closed = true;
    },
  };
  return executor;
}

/**
 * A job id derived from a key naming the effect (`support-inquiry:12`): a second send with the
 * same key is the same row (pg-boss inserts with ON CONFLICT DO NOTHING), so an effect is queued
 * once however often its sender runs.
 */
export function jobIdOf(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  // Shaped as a version-4 UUID (pg-boss's id column is uuid).
  const variant = ((Number.parseInt(h[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
