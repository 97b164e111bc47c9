import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { organisations, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/accounts/passwords';
import { type S3TestServer, startS3Server } from './s3';

/** The statements a test database was sent (see `createTestDatabase`). */
export type QueryLog = {
  count: number;
  texts?: string[] | undefined;
  /** Runs `fn` counting only its own statements (not the server's background work meanwhile). */
  only: <T>(fn: () => Promise<T>) => Promise<T>;
};

/**
 * A fresh database for one test file: PGlite in memory by default, or a new PostgreSQL database
 * (created from TEST_DATABASE_URL and dropped afterwards) when that variable is set.
 */
export async function createTestDatabase(): Promise<
  Database & { label: string; url?: string; queries: QueryLog }
> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  // Every statement the app sends through drizzle, for tests that count queries per request;
  // their text too while a test sets `queries.texts` to an array. Within `queries.only(fn)` only
  // the statements of `fn`'s own async work count: the server's timers and background sweeps
  // (stage moves, reminders, mail) run beside it on a busy machine and are not the request's.
  const scope = new AsyncLocalStorage<true>();
  let scoped = false;
  const queries: QueryLog = {
    count: 0,
    only: async (fn) => {
      scoped = true;
      try {
        return await scope.run(true, fn);
      } finally {
        scoped = false;
      }
    },
  };
  const onQuery = (query: string) => {
    if (scoped && !scope.getStore()) return;
    queries.count += 1;
    queries.texts?.push(query);
  };
  if (!baseUrl) {
    const template = process.env.PW_PGLITE_TEMPLATE;
    const database = template
      ? await openDatabase({ pgliteTemplate: new Blob([await readFile(template)]), onQuery })
      : await openDatabase({ onQuery });
    await database.migrate();
    return { ...database, label: 'pglite', queries };
  }
  const name = `pw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), onQuery });
  await database.migrate();
  return {
    ...database,
    queries,
    label: 'postgres',
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database & { url?: string; queries: QueryLog };
  config: Config;
  /** The S3 server the app stores files in, when built with `{ store: 's3' }`. */
  s3?: S3TestServer;
  close: () => Promise<void>;
};

/** The job queue's timings in tests: workers look every half second, a failed mail retries after 1 s. */
export const TEST_JOB_TIMINGS = { pollingIntervalSeconds: 0.5, mailRetryDelaySeconds: 1 };

/** The file stores every upload and download test runs against. */
export const FILE_STORES = ['local', 's3'] as const;
export type FileStoreKind = (typeof FILE_STORES)[number];

/**
 * Builds the app on a fresh test database, with demo data off unless asked for. With
 * `{ store: 's3' }` its files go to a bucket of an S3 server started for it (and stopped with it).
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: { store?: FileStoreKind } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const s3 = options.store === 's3' ? await startS3Server() : undefined;
  const config = loadConfig({
    DEMO_DATA: 'off',
    BASE_DOMAIN: 'peer.test',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    ...s3?.env,
    ...overrides,
  });
  const app = await buildApp(config, {
    database,
    logger: false,
    seed: false,
    scheduler: false,
    jobs: TEST_JOB_TIMINGS,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    ...(s3 ? { s3 } : {}),
    close: async () => {
      await app.close();
      await database.close();
      await s3?.close();
    },
  };
}

let passwordHashCache: Promise<string> | undefined;
export const TEST_PASSWORD = 'secret123';

/** Creates an organisation; `subdomain` null makes it the default one. */
export async function createOrganisation(
  t: TestApp,
  values: Partial<typeof organisations.$inferInsert> & { subdomain?: string | null } = {},
) {
  const [org] = await t.database.db
    .insert(organisations)
    .values({
      name: values.subdomain ? `Org ${values.subdomain}` : 'Default Org',
      isDefault: !values.subdomain,
      ...values,
    })
    .returning();
  return org!;
}

/** Creates a user with TEST_PASSWORD (hashed once per test run). */
export async function createUser(
  t: TestApp,
  organisationId: number,
  values: Partial<typeof users.$inferInsert> = {},
) {
  passwordHashCache ??= hashPassword(TEST_PASSWORD);
  const [user] = await t.database.db
    .insert(users)
    .values({
      organisationId,
      email: `user-${randomBytes(4).toString('hex')}@example.com`,
      name: '테스트 사용자',
      passwordHash: await passwordHashCache,
      ...values,
    })
    .returning();
  return user!;
}

/** Host header for an organisation's subdomain under the test base domain. */
export function hostOf(subdomain: string | null) {
  return subdomain ? `${subdomain}.peer.test` : 'localhost:8000';
}

/** Signs in through the API and returns the token. */
export async function signInAs(t: TestApp, email: string, host = 'localhost', password = TEST_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/sign-in/',
    headers: { host },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** `app.inject` with a token and host. */
export function call(t: TestApp, opts: InjectOptions & { token?: string; host?: string }) {
  const { token, host, headers, ...rest } = opts;
  return t.app.inject({
    ...rest,
    headers: { host: host ?? 'localhost', ...(token ? { authorization: `Token ${token}` } : {}), ...headers },
  });
}

/**
 * The signed file link with its signature's first character changed — always to a different
 * character (replacing it with a fixed one would leave 1 link in 64 untouched).
 */
export function tamperedLink(link: string) {
  return link.replace(/sig=(.)/, (_, first: string) => `sig=${first === 'x' ? 'y' : 'x'}`);
}
