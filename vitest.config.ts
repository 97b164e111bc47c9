import { defineConfig } from 'vitest/config';

// npm sets NODE_ENV=production for every script when devDependencies are omitted by default
// (.npmrc `omit=dev`, issue 35); the tests want React's development build (act, warnings).
process.env.NODE_ENV = 'test';

// Three projects: `unit` (pure packages and web components, no I/O), `api` (the server through
// app.inject against a real database) and `cluster` (server processes behind HAProxy on
// PostgreSQL: cluster/cluster.test.ts, needs TEST_DATABASE_URL and haproxy).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'packages/*/scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Two files at a time even on a 2-core machine (Vitest's default there is one): an API
          // test file spends much of its time waiting (the job queue's polls, timers, argon2 in
          // libuv's pool, PostgreSQL's own process), so the second file fills those gaps. Measured
          // on 2026-11-27: 92 tests of three modules took 167 s one file at a time and 120 s three
          // at a time on a busy machine. API_TEST_WORKERS overrides it.
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
