import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createMailer } from '../lib/mailer';
import { executorOf } from './executor';
import { startJobs } from './jobs';
import type { Jobs } from './queues';
import { QUEUES } from './queues';

// Servers started at the same moment on a fresh database (the cluster test found this: pg-boss's
// create_queue adds a partition to its job table, and two processes doing so at once deadlock).

const opened: Database[] = [];
const started: Jobs[] = [];
afterAll(async () => {
  for (const jobs of started) await jobs.stop();
  for (const database of opened.reverse()) await database.close();
});

describe('starting the job queue', () => {
  it('several servers starting together on a fresh database all start, and create each queue once', async () => {
    const first = await createTestDatabase();
    opened.push(first);
    // On PostgreSQL each "server" has its own pool, as another machine would; PGlite is one process.
    const others = first.url ? await Promise.all([1, 2, 3].map(() => openDatabase({ url: first.url! }))) : [];
    opened.push(...others);
    const config = loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent' });
    const log = Fastify({ logger: false }).log;
    const mailer = createMailer(config, log);
    const results = await Promise.allSettled(
      [first, ...others].map((database) =>
        startJobs({
          database,
          config,
          log,
          mailer,
          signingSecret: async () => 'secret',
          options: { scheduler: false },
        }),
      ),
    );
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
    const { rows } = await executorOf(first.db).executeSql(
      'select name, count(*)::int as n from pgboss.queue group by name order by name',
    );
    expect(rows).toEqual(
      Object.values(QUEUES)
        .sort()
        .map((name) => ({ name, n: 1 })),
    );
  });
});
