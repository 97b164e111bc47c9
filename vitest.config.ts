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
