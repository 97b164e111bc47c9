import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourseWorld } from '../../test/factories';
import { buildTestApp, call, createTestDatabase, TEST_JOB_TIMINGS, type TestApp } from '../../test/helpers';
import { startSmtpServer, textOf } from '../../test/smtp';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { assignments, participations, stages } from '../db/schema';
import { assignmentForm, progresses } from '../modules/assignments/assignments.test-kit';
import { executorOf } from './executor';
import { QUEUES } from './queues';

// The job queue (pg-boss) on the app's own database: PGlite by default, PostgreSQL with
// TEST_DATABASE_URL. Several app instances share one database and one queue.

let t: TestApp;
let w: Awaited<ReturnType<typeof createCourseWorld>>;
const extra: { app: FastifyInstance; database?: Database }[] = [];
// Every instance has the same configuration, as a deployment's would: one mail server address,
// where the tests start (and stop) a real SMTP server.
let env: Record<string, string>;

beforeAll(async () => {
  const probe = await startSmtpServer();
  await probe.close();
  env = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(probe.port), SCHEDULER_INTERVAL_MS: '200' };
  t = await buildTestApp(env);
  w = await createCourseWorld(t);
});
afterAll(async () => {
  for (const { app, database } of extra) {
    await app.close();
    await database?.close();
  }
  await t.close();
});

/**
 * Another server instance on the test's database: on PostgreSQL with its own connection pool (as
 * another machine would have), on PGlite over the same embedded connection.
 */
async function anotherInstance(scheduler: boolean) {
  const database = t.database.url ? await openDatabase({ url: t.database.url }) : undefined;
  const config = loadConfig({ DEMO_DATA: 'off', WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp(config, {
    database: database ?? t.database,
    logger: false,
    seed: false,
    scheduler,
    jobs: TEST_JOB_TIMINGS,
  });
  await app.ready();
  extra.push({ app, ...(database ? { database } : {}) });
  return app;
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

type JobRow = {
  state: string;
  output: unknown;
  retry_count: number;
  singleton_key: string | null;
  to: string | null;
};

async function jobsOf(queue: string): Promise<JobRow[]> {
  const { rows } = await executorOf(t.database.db).executeSql(
    "select state, output, retry_count, singleton_key, data ->> 'to' as to from pgboss.job where name = $1",
    [queue],
  );
  return rows as JobRow[];
}

/** A new auto-scheduled assignment of the course, with its first stage (by start). */
async function autoScheduledAssignment() {
  const created = await call(t, {
    method: 'POST',
    url: `/api/v1/courses/${w.course.id}/assignments/`,
    token: w.tokens.instructor,
    ...assignmentForm({ is_auto_schedule: true }, progresses({ dates: true })),
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  const [first] = await t.database.db
    .select({ id: stages.id, startAt: stages.startAt })
    .from(stages)
    .where(eq(stages.assignmentId, id))
    .orderBy(stages.startAt)
    .limit(1);
  if (!first?.startAt) throw new Error('the assignment has no dated first stage');
  return { id, first: { id: first.id, startAt: first.startAt } };
}

describe('background jobs', () => {
  it('two instances tick the stage scheduler: a due stage move happens once', async () => {
    // An auto-scheduled assignment whose first stage started a minute ago.
    const { id, first } = await autoScheduledAssignment();
    const startedAt = new Date(Date.now() - 60_000);
    const shift = `${first.startAt.getTime() - startedAt.getTime()} milliseconds`;
    await t.database.db
      .update(stages)
      .set({
        startAt: sql`${stages.startAt} - ${shift}::interval`,
        endAt: sql`${stages.endAt} - ${shift}::interval`,
      })
      .where(eq(stages.assignmentId, id));
    await t.database.db
      .update(assignments)
      .set({ nextTransitionAt: startedAt })
      .where(eq(assignments.id, id));

    await Promise.all([anotherInstance(true), anotherInstance(true)]);
    const position = async () =>
      (await t.database.db.select().from(assignments).where(eq(assignments.id, id)))[0]!.stepIndex;
    await until(async () => (await position()) === 0);
    // More slots go by, each with one pass, across both instances.
    await sleep(1500);
    expect(await position()).toBe(0);
    const passes = (await jobsOf(QUEUES.stageMoves)).filter((j) => j.state === 'completed');
    expect(passes.length).toBeGreaterThan(3);
    // The passes' outputs (steps taken per assignment) add up to the one step this one needed.
    const steps = passes.map((j) => (j.output as Record<string, number> | null)?.[id] ?? 0);
    expect(steps.reduce((a, b) => a + b, 0)).toBe(1);
    // Each slot was queued once, whichever instance offered it first.
    const all = await jobsOf(QUEUES.stageMoves);
    expect(new Set(all.map((j) => j.singleton_key)).size).toBe(all.length);
    const parts = await t.database.db
      .select()
      .from(participations)
      .where(eq(participations.assignmentId, id));
    expect(parts).toHaveLength(2);
  });

  it('a follow-up that fails (the reminders) leaves the pass complete with its steps; the next pass reminds', async () => {
    const { id, first: essay } = await autoScheduledAssignment();
    // The essay stage opened a minute ago and ends within the hour: its opening pass also reminds.
    const startedAt = new Date(Date.now() - 60_000);
    await t.database.db
      .update(stages)
      .set({ startAt: startedAt, endAt: new Date(Date.now() + 3_600_000) })
      .where(eq(stages.id, essay.id));
    // The database refuses reminders (a fault in the follow-up, not in the step).
    const exec = (text: string) => executorOf(t.database.db).executeSql(text, []);
    await exec(`create or replace function pw_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'reminders refused by the test'; end $$`);
    await exec(`create trigger pw_test_refuse_reminders before insert on notifications for each row
      when (new.kind = 'reminder' and new.key like 'reminder:${id}:%') execute function pw_test_refuse()`);
    const reminders = async () =>
      (await exec(`select count(*)::int as n from notifications where key like 'reminder:${id}:%'`))
        .rows[0] as { n: number };
    try {
      await t.database.db
        .update(assignments)
        .set({ nextTransitionAt: startedAt })
        .where(eq(assignments.id, id));
      await anotherInstance(true);
      const position = async () =>
        (await t.database.db.select().from(assignments).where(eq(assignments.id, id)))[0]!.stepIndex;
      await until(async () => (await position()) === 0);
      // The pass that took the step is complete and says so, though its reminders failed.
      const tookStep = async () =>
        (await jobsOf(QUEUES.stageMoves)).filter(
          (j) => (j.output as Record<string, number> | null)?.[id] !== undefined,
        );
      await until(async () => (await tookStep()).length > 0);
      expect((await tookStep()).map((j) => [j.state, (j.output as Record<string, number>)[id]])).toEqual([
        ['completed', 1],
      ]);
      expect((await jobsOf(QUEUES.stageMoves)).filter((j) => j.state === 'failed')).toEqual([]);
      expect((await reminders()).n).toBe(0);
    } finally {
      await exec('drop trigger pw_test_refuse_reminders on notifications');
    }
    // The next pass sends the reminders the failed one could not.
    await until(async () => (await reminders()).n === 2);
  });

  it('a mail queued while the mail server is down is delivered once when it comes back', async () => {
    // No mail server listens at the configured address yet.
    const app = await anotherInstance(false);
    await app.jobs.sendMail(
      { to: 'someone@example.com', subject: 'Queued', text: 'Sent after the outage.' },
      { key: 'test-mail:outage', db: t.database.db },
    );
    // A second send of the same message (a retried request) is the same job.
    await app.jobs.sendMail(
      { to: 'someone@example.com', subject: 'Queued', text: 'Sent after the outage.' },
      { key: 'test-mail:outage', db: t.database.db },
    );
    app.jobs.wake(QUEUES.mail);
    // (The stage move above notified its participants: their mails are in the queue too.)
    const ours = async () => (await jobsOf(QUEUES.mail)).filter((j) => j.to === 'someone@example.com');
    const inbox = () => server.inbox.filter((m) => m.to.includes('someone@example.com'));
    await until(async () => (await ours()).some((j) => j.state === 'retry'));
    const server = await startSmtpServer(Number(env.SMTP_PORT));
    try {
      await app.jobs.settled([QUEUES.mail]);
      expect(inbox()).toHaveLength(1);
      expect(textOf(inbox()[0]!.raw)).toContain('Sent after the outage.');
      const jobs = await ours();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ state: 'completed' });
      expect(jobs[0]!.retry_count).toBeGreaterThan(0);
      await sleep(1500);
      expect(inbox()).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('closing the app lets a running job finish', async () => {
    // A mail server that takes 1.5 s to accept a message, and an instance alone on its own
    // database, so that the job running is this instance's.
    const server = await startSmtpServer(Number(env.SMTP_PORT), 1500);
    const database = await createTestDatabase();
    const config = loadConfig({ DEMO_DATA: 'off', WEB_DIST: '/nonexistent', LOG_LEVEL: 'silent', ...env });
    const app = await buildApp(config, { database, logger: false, seed: false, jobs: TEST_JOB_TIMINGS });
    try {
      await app.jobs.sendMail(
        { to: 'slow@example.com', subject: 'Slow', text: 'The server takes its time.' },
        { key: 'test-mail:slow', db: database.db },
      );
      app.jobs.wake(QUEUES.mail);
      await until(async () => server.receiving > 0);
      const started = Date.now();
      await app.close();
      expect(Date.now() - started).toBeLessThan(10_000);
      // The mail was accepted before the close returned, and its job is marked done.
      expect(server.inbox.map((m) => m.to)).toEqual([['slow@example.com']]);
      const { rows } = await executorOf(database.db).executeSql(
        'select state from pgboss.job where name = $1',
        [QUEUES.mail],
      );
      expect(rows).toEqual([{ state: 'completed' }]);
    } finally {
      await database.close();
      await server.close();
    }
  });
});
