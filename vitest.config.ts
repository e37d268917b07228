import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test data goes to memory where the machine has room for it (/dev/shm), unless TMPDIR says
 * otherwise: every API file's database folder, PostgreSQL's cluster, the browser apps' folders
 * and browser profiles are made under os.tmpdir(), which workers, global setups and child
 * processes all read from TMPDIR. Copying a file's 40 MB PGlite folder took 1.0–1.5 s of processor
 * time on disk, mostly the kernel's, and 0.1 s in memory; the suite makes over a hundred such
 * folders. A small /dev/shm (a container's is often 64 MB) is left alone.
 */
const SHM = '/dev/shm';
const SHM_NEEDED = 4 * 2 ** 30;
function roomInMemory(): boolean {
  try {
    fs.accessSync(SHM, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(SHM);
    return bavail * bsize >= SHM_NEEDED;
  } catch {
    return false;
  }
}
if (!process.env.TMPDIR && roomInMemory()) process.env.TMPDIR = SHM;

/**
 * The test files under the folders that replace a module (vi.mock, vi.doMock) or import them
 * afresh (vi.resetModules). Each needs a module graph of its own: in a graph shared with other
 * files, a replaced module reaches the files that run after it, or has been imported before it.
 */
function replacingModules(...folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => path.join(folder, file))
      .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(fs.readFileSync(file, 'utf8'))),
  );
}

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
const mocking = replacingModules('apps/server/src', 'apps/server/test');
const webTests = ['apps/web/src/**/*.test.{ts,tsx}'];
const webMocking = replacingModules('apps/web/src');
/** Tests that start whole server processes do not depend on the driver; they run once. */
const processTests = '**/*.process.test.ts';
/** Tests of the embedded driver's own client, which the PostgreSQL project has no use for. */
const pgliteTests = ['apps/server/src/db/pglite-client.test.ts'];

/**
 * The API tests on one driver. Each file opens its own seeded database (test/harness.ts), so the
 * files share one module graph per worker (isolate: false) instead of importing the app again
 * for each file, which took a third of the API suite's time. The few files that mock a module
 * run isolated, as a project of their own.
 */
function apiProjects(driver: 'pglite' | 'postgres') {
  const common = {
    env: { TEST_DB: driver },
    globalSetup: [`apps/server/test/global-${driver}.ts`],
    hookTimeout: 60_000,
    testTimeout: 30_000,
  };
  const once = driver === 'postgres' ? [processTests, ...pgliteTests] : [];
  return [
    {
      test: {
        ...common,
        name: `api-${driver}`,
        include: serverTests,
        exclude: ['**/node_modules/**', ...mocking, ...once],
        isolate: false,
      },
    },
    {
      test: {
        ...common,
        name: `api-${driver}-isolated`,
        include: mocking,
        exclude: ['**/node_modules/**', ...once],
      },
    },
  ];
}

/**
 * The screen tests, in jsdom. Like the API tests, they share one module graph per worker: each
 * file importing React, Testing Library and the app again, in a jsdom of its own, took 146
 * processor-seconds for 40 s of tests, and 43 shared. Files that replace a module run isolated.
 */
function webProjects() {
  const common = {
    environment: 'jsdom',
    setupFiles: ['apps/web/src/test/setup.ts'],
    // A screen test that renders a whole board may take seconds on a busy 2-core machine.
    testTimeout: 30_000,
  };
  return [
    {
      test: {
        ...common,
        name: 'web',
        include: webTests,
        exclude: ['**/node_modules/**', ...webMocking],
        isolate: false,
      },
    },
    { test: { ...common, name: 'web-isolated', include: webMocking } },
  ];
}

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Two workers even on a 2-core machine (vitest's default there is one): the API tests spend
    // much of their time waiting on PostgreSQL, ffmpeg and child servers. The browser tests run
    // on their own afterwards (groupOrder below), two files at a time, each worker on an app of its
    // own (e2e/global-setup.ts): one browser file keeps about 1.3 cores busy, and browser files
    // among the API files, or three at once, slowed the heavy ones past their timeouts.
    maxWorkers: 2,
    projects: [
      // Core's tests call plain functions and replace no module: one module graph per worker
      // (34 processor-seconds with the repo's checks, 15 shared).
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], isolate: false } },
      // Checks on the repository itself: its lockfile, its scripts.
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
      ...webProjects(),
      ...apiProjects('pglite'),
      ...apiProjects('postgres'),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup.ts'],
          sequence: { groupOrder: 1 },
          // Each worker gets an app of its own (e2e/global-setup.ts starts one per worker).
          maxWorkers: 2,
          // A browser test that loses a race with a busy 2-core machine gets one more try.
          retry: 1,
          hookTimeout: 90_000,
          // Two files at a time on two cores: the heaviest tests (eight axe runs on a phone) took
          // 41 s in a full run; a test that hangs still fails, in two minutes.
          testTimeout: 120_000,
        },
      },
    ],
  },
});
