import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Mailer } from '../lib/mailer';
import { jobsFailed, mailsFailed, mailsSent, onQueueDepth } from '../lib/metrics';
import { advanceDueAssignments } from '../modules/assignments/stage-runner';
import {
  type GradeJob,
  gradeJobKey,
  hasPendingGrades,
  queuePendingGrades,
  sendGrade,
} from '../modules/lti/grade-passback';
import { sendDigests } from '../modules/notifications/digest';
import { hasPendingMail, sweepNotificationMails } from '../modules/notifications/mail-sweep';
import { sendDueReminders } from '../modules/notifications/reminders';
import { sendResetMail } from '../modules/password-reset/send-reset-mail';
import { bossExecutor, executorOf, jobIdOf } from './executor';
import { ensureQueues, newBoss } from './queue-setup';
import {
  type Jobs,
  type MailJob,
  type PasswordResetMailJob,
  QUEUES,
  type QueueName,
  queueSettings,
} from './queues';

export type JobsOptions = {
  /** Run the stage scheduler's timer in this process (tests drive stage moves by hand). */
  scheduler?: boolean;
  /** How often an idle worker looks for jobs (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** First retry delay of a failed mail or LTI grade; each later one doubles (tests shorten it). */
  mailRetryDelaySeconds?: number;
  /** How long a stop waits for running jobs before failing them back to the queue. */
  stopTimeoutMs?: number;
};

/** The advisory lock under which a starting server sets up the job queue (after the migrations' 727000). */
const JOBS_SETUP_LOCK_KEY = 727002;

/**
 * Starts the job queue on the app's database (pg-boss in its own `pgboss` schema, created or
 * migrated on first start), creates the queues, registers their handlers and, with the
 * scheduler on, the timer that queues one stage-scheduler pass per SCHEDULER_INTERVAL_MS slot.
 */
export async function startJobs(deps: {
  database: Pick<Database, 'db' | 'kind' | 'exclusively'>;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** The server's signing secret (unsubscribe links), read when a sweep first needs it. */
  signingSecret: () => Promise<string>;
  options?: JobsOptions;
}): Promise<Jobs> {
  const { database, config, log, mailer } = deps;
  const options = deps.options ?? {};
  const { db } = database;
  const executor = bossExecutor(db, database.kind);
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const boss = newBoss(executor, pollingIntervalSeconds);
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  // pg-boss's schema and the queues (each a table) are made one server at a time: servers starting
  // together on an empty database otherwise deadlock on the DDL. On PGlite the template holds them.
  await database.exclusively(JOBS_SETUP_LOCK_KEY, async () => {
    await boss.start();
    await ensureQueues(boss, queueSettings(options.mailRetryDelaySeconds));
  });

  const workers = new Map<QueueName, string>();
  /** Set when the queue starts stopping: no new sweep is queued, no newly fetched job runs. */
  let stopping = false;
  const wake = (queue: QueueName) => {
    const id = workers.get(queue);
    if (id) boss.notifyWorker(id);
  };
  const work = async <T extends object>(name: QueueName, handler: (data: T) => Promise<unknown>) => {
    const id = await boss.work<T>(name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
      // A job fetched while the queue was stopping is left for later (it expires and is retried).
      if (!job || stopping) return undefined;
      try {
        return await handler(job.data);
      } catch (err) {
        jobsFailed.inc({ queue: name });
        throw err;
      }
    });
    workers.set(name, id);
  };
  // Sweeps this process is queueing (a request's hook does not wait for it): `settled` waits for them.
  const queueing = new Set<Promise<void>>();
  const sweepNotifications = () => {
    // Once the queue stops, the scheduler's next pass (on this node or another) sweeps instead.
    if (stopping) return Promise.resolve();
    const sending = (async () => {
      const id = await boss.send(QUEUES.notificationMails, {}, { singletonKey: 'sweep' });
      if (id) wake(QUEUES.notificationMails);
    })();
    queueing.add(sending);
    const done = () => queueing.delete(sending);
    sending.then(done, done);
    return sending;
  };
  // LTI grades waiting to be sent: one job per learner, assignment and score version (its id), so
  // two processes queueing at once queue it once; the worker sends only the latest version.
  const queueGrades = () => {
    if (stopping) return Promise.resolve();
    const sending = (async () => {
      const queued = await queuePendingGrades(db, (job) =>
        boss.send(QUEUES.ltiGrades, job, { id: jobIdOf(gradeJobKey(job)) }),
      );
      if (queued > 0) wake(QUEUES.ltiGrades);
    })();
    queueing.add(sending);
    const done = () => queueing.delete(sending);
    sending.then(done, done);
    return sending;
  };
  // The pass returns the steps it took per assignment, kept as the job's output; it then queues
  // a sweep when notifications wait for their mail (the moves' own, or any left behind).
  //
  // The follow-ups (reminders, digests, the sweep) are each done again by the next pass: one that
  // fails is logged and counted, and the pass still completes with the steps it took (a failed
  // pass would hide them, and the steps themselves are committed).
  const followUps: [string, (now: Date) => Promise<unknown>][] = [
    ['reminders', (now) => sendDueReminders(db, now, config.reminderHours)],
    ['digests', (now) => sendDigests(db, now)],
    ['sweep', async () => (await hasPendingMail(db)) && sweepNotifications()],
    ['grades', async () => (await hasPendingGrades(db)) && queueGrades()],
  ];
  await work(QUEUES.stageMoves, async () => {
    const now = new Date();
    const steps = await advanceDueAssignments(db, now, log);
    for (const [part, run] of followUps) {
      try {
        await run(now);
      } catch (err) {
        jobsFailed.inc({ queue: `${QUEUES.stageMoves}:${part}` });
        log.error({ err, part }, 'a follow-up of the stage scheduler pass failed');
      }
    }
    return steps;
  });
  // Mail counted as sent or failed (each failed try; a retry that succeeds counts once as sent).
  const counted: Mailer = {
    kind: mailer.kind,
    send: async (message) => {
      try {
        await mailer.send(message);
        mailsSent.inc();
      } catch (err) {
        mailsFailed.inc();
        throw err;
      }
    },
  };
  await work<MailJob>(QUEUES.mail, async (message) => {
    await counted.send(message);
  });
  await work<PasswordResetMailJob>(QUEUES.passwordResetMail, (job) =>
    sendResetMail({ db, mailer: counted, config }, job),
  );
  await work<GradeJob>(QUEUES.ltiGrades, (job) => sendGrade(db, job));
  await work(QUEUES.notificationMails, async () => {
    const queued = await sweepNotificationMails({
      db,
      config,
      secret: await deps.signingSecret(),
      queueMail: async (tx, message, key) => {
        const data: MailJob = { ...message, messageId: `<${jobIdOf(key)}@peerwrite>` };
        await boss.send(QUEUES.mail, data, { id: jobIdOf(key), db: executorOf(tx) });
      },
    });
    if (queued > 0) wake(QUEUES.mail);
    return { queued };
  });
  // Jobs waiting (created or retrying) per queue, read when Prometheus scrapes.
  const stopDepth = onQueueDepth(async () => {
    const names = Object.values(QUEUES);
    const sizes = await Promise.all(names.map((q) => boss.getQueueSize(q)));
    return Object.fromEntries(names.map((q, i) => [q, sizes[i] ?? 0]));
  });

  const stopTimer =
    options.scheduler === false
      ? async () => {}
      : startStageTimer(
          config.schedulerIntervalMs,
          async (slot) => {
            // The slot names the job (its key and its id): a slot's pass is queued once, even when
            // one process offers it after another's pass of that slot has already finished.
            const key = `stage-moves:${slot}`;
            const id = await boss.send(QUEUES.stageMoves, {}, { id: jobIdOf(key), singletonKey: key });
            // The process that queued the slot's pass starts it now; the others' sends were no-ops.
            if (id) wake(QUEUES.stageMoves);
          },
          log,
        );

  const mailOptions = (key: string) => ({ id: jobIdOf(key) });
  return {
    sendMail: async (message, { key, db: handle }) => {
      const data: MailJob = { ...message, messageId: `<${jobIdOf(key)}@peerwrite>` };
      // Ahead of the notifications' mails (priority 0): a stage move can queue one per learner.
      await boss.send(QUEUES.mail, data, { ...mailOptions(key), priority: 10, db: executorOf(handle) });
    },
    sendPasswordResetMail: async (job, { key, db: handle }) => {
      await boss.send(QUEUES.passwordResetMail, job, { ...mailOptions(key), db: executorOf(handle) });
    },
    wake,
    sweepNotifications,
    queueGrades,
    settled: async (queues, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      while (queueing.size) await Promise.allSettled([...queueing]);
      for (;;) {
        const sizes = await Promise.all(queues.map((q) => boss.getQueueSize(q, { before: 'completed' })));
        if (sizes.every((n) => n === 0)) return;
        if (Date.now() > until) throw new Error(`jobs still pending in ${queues.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop: async () => {
      stopping = true;
      while (queueing.size) await Promise.allSettled([...queueing]);
      stopDepth();
      await stopTimer();
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 8_000 });
      // pg-boss marks a finished job complete without awaiting it: let that land first.
      await executor.idle();
      executor.close();
    },
  };
}

/**
 * Every `intervalMs`, offers the pass of the current time slot (`floor(now / intervalMs)`).
 * Each process does so; the queue keeps one job per slot key, so a slot's pass runs once.
 */
function startStageTimer(intervalMs: number, offer: (slot: number) => Promise<void>, log: FastifyBaseLogger) {
  let pending: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (pending) return;
    pending = offer(Math.floor(Date.now() / intervalMs))
      .catch((err: unknown) => log.error({ err }, 'could not queue the stage scheduler pass'))
      .finally(() => {
        pending = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await pending;
  };
}
