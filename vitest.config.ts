import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Two workers even on a 2-core machine (vitest's default there is one): the API tests spend
    // much of their time waiting on PostgreSQL, ffmpeg and child servers. The browser tests
    // (fileParallelism: false below) run on their own afterwards, one file at a time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      // Checks on the repository itself: its lockfile, its scripts.
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: serverTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/global-pglite.ts'],
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: serverTests,
          // Tests that start whole server processes do not depend on the driver; they run once.
          exclude: ['**/*.process.test.ts', '**/node_modules/**'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/global-postgres.ts'],
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          // A browser test that loses a race with a busy 2-core machine gets one more try.
          retry: 1,
          hookTimeout: 90_000,
          testTimeout: 60_000,
        },
      },
    ],
  },
});
