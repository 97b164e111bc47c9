import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { buildTemplate } from '../db/build-template';
import { type Database, openDatabase } from '../db/client';
import { bossExecutor, type SqlExecutor } from './executor';
import { QUEUES, queueSettings } from './queue-settings';
import { ensureQueues, newBoss, queueDiffers } from './queue-setup';

const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened.reverse()) await database.close();
});

/** The app's executor, remembering each statement's text. */
function recording(database: Database) {
  const inner = bossExecutor(database.db, database.kind);
  const texts: string[] = [];
  const executor: SqlExecutor & { idle: () => Promise<void> } = {
    executeSql: (text, values) => {
      texts.push(text);
      return inner.executeSql(text, values);
    },
    idle: inner.idle,
  };
  return { executor, texts };
}

const storedQueues = async (executor: SqlExecutor) =>
  (await executor.executeSql('select name, retry_delay as "retryDelay" from pgboss.queue order by name'))
    .rows;

describe('the job queue set-up', () => {
  it('a queue differs only in the settings it is asked to have', () => {
    const [stageMoves] = queueSettings();
    if (!stageMoves) throw new Error('no queues');
    const stored = { ...stageMoves, retryDelay: 0, retryBackoff: false, createdOn: 'x' };
    expect(queueDiffers(stored, stageMoves)).toBe(false);
    expect(queueDiffers({ ...stored, retryLimit: 3 }, stageMoves)).toBe(true);
    expect(queueDiffers({ ...stored, policy: 'standard' }, stageMoves)).toBe(true);
  });

  it('makes the missing queues, leaves matching ones untouched, and brings changed settings up to date', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const { executor, texts } = recording(database);
    const boss = newBoss(executor);
    await boss.start();
    try {
      await ensureQueues(boss, queueSettings());
      expect((await storedQueues(executor)).map((q) => q.name)).toEqual(Object.values(QUEUES).sort());

      // A restart with the same settings: one read, nothing written.
      texts.length = 0;
      await ensureQueues(boss, queueSettings());
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/FROM pgboss\.queue/);

      // A new first retry delay reaches the mail queues and the LTI grades', and no other.
      await ensureQueues(boss, queueSettings(7));
      const delays = Object.fromEntries((await storedQueues(executor)).map((q) => [q.name, q.retryDelay]));
      expect(delays).toEqual({
        [QUEUES.mail]: 7,
        [QUEUES.passwordResetMail]: 7,
        [QUEUES.ltiGrades]: 7,
        [QUEUES.stageMoves]: null,
        [QUEUES.notificationMails]: 10,
      });
    } finally {
      await boss.stop({ graceful: false, wait: true });
      await executor.idle();
    }
  });

  it('the PGlite template already holds the queue schema and every queue', async () => {
    // Built by the test setup on PGlite; on PostgreSQL made here (or found built).
    const template = process.env.PW_PGLITE_TEMPLATE ?? (await buildTemplate()).tar;
    const database = await openDatabase({ pgliteTemplate: new Blob([await readFile(template)]) });
    opened.push(database);
    const { executor } = recording(database);
    expect(await storedQueues(executor)).toEqual(
      queueSettings()
        .map((q) => ({ name: q.name, retryDelay: q.retryDelay ?? null }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
