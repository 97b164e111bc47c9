import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';

// A burst of requests fills the pool's queue; the readiness probe must not wait in it, or the load
// balancer takes a busy, healthy node out (the cluster test saw HAProxy mark a node down by a
// check timeout while it served 250 requests).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('the health checks connection', () => {
  it('ready answers at once while every pooled connection is busy (PostgreSQL: a connection of its own)', async () => {
    const busySeconds = 6;
    // Every connection of the app's pool (10) busy, and more statements waiting for one.
    const busy =
      t.database.kind === 'postgres'
        ? Array.from({ length: 14 }, () =>
            // Sent now (a drizzle query runs when awaited).
            Promise.resolve(t.database.db.execute(sql.raw(`select pg_sleep(${busySeconds})`))),
          )
        : [];
    await sleep(200);
    if (t.database.kind === 'postgres') {
      expect(t.database.poolStats().total).toBe(10);
      expect(t.database.poolStats().waiting).toBeGreaterThanOrEqual(4);
    }
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    const tookMs = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    // Far below the busy statements' 6 s (a ready that queued behind them would take 6 s or more),
    // with room for a loaded machine (2.1 s seen with two test files running at once).
    expect(tookMs).toBeLessThan(3000);
    await Promise.all(busy);
  });
});
