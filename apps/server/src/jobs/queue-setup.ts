import PgBoss from 'pg-boss';
import type { SqlExecutor } from './executor';
import type { QueueSettings } from './queue-settings';

/** pg-boss's own schema name in the app's database. */
export const BOSS_SCHEMA = 'pgboss';

/** pg-boss on an executor (see `executor.ts`), in its own schema, without its cron. */
export function newBoss(executor: SqlExecutor, pollingIntervalSeconds = 2) {
  return new PgBoss({
    db: executor,
    schema: BOSS_SCHEMA,
    // No cron: the stage scheduler needs finer slots than a minute (see startStageTimer).
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 120,
    pollingIntervalSeconds,
  });
}

type StoredQueue = Partial<Record<keyof QueueSettings, unknown>>;

/** Which of the wanted settings a stored queue lacks (only the keys the wanted settings name). */
export function queueDiffers(stored: StoredQueue, wanted: QueueSettings) {
  return (Object.keys(wanted) as (keyof QueueSettings)[]).some(
    (key) => wanted[key] !== undefined && stored[key] !== wanted[key],
  );
}

/**
 * Makes the queues that are missing and brings the others to today's settings (a queue keeps
 * what it was created with otherwise). One read when all is as it should be: a restart touches
 * nothing, which on PGlite saves the few hundred milliseconds that creating them costs.
 */
export async function ensureQueues(boss: PgBoss, wanted: QueueSettings[]) {
  const stored = new Map((await boss.getQueues()).map((queue) => [queue.name, queue as StoredQueue]));
  for (const settings of wanted) {
    const queue = stored.get(settings.name);
    if (!queue) await boss.createQueue(settings.name, settings);
    else if (queueDiffers(queue, settings)) await boss.updateQueue(settings.name, settings);
  }
}
