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
 * The test files the globs reach that replace a module (vi.mock, vi.doMock) or import them
 * afresh (vi.resetModules). Each needs a module graph of its own: in a graph shared with other
 * files, a replaced module reaches the files that run after it, or has been imported before it.
 */
function replacingModules(globs: string[]): string[] {
  // Each glob's folder is what comes before its first wildcard.
  const folders = new Set(globs.map((glob) => glob.slice(0, glob.indexOf('/*'))));
  return [...folders].flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
      .map((file) => path.join(folder, file))
      .filter((file) => /\bvi\.(mock|doMock|resetModules)\(/.test(fs.readFileSync(file, 'utf8'))),
  );
}

interface Shared {
  name: string;
  /** Where the project's test files are, as globs (`folder/**\/*.test.ts`). */
  include: string[];
  exclude?: string[];
  options: Record<string, unknown>;
}

/**
 * A project whose files share one module graph per worker (isolate: false) instead of importing
 * their modules again for each file, and `<name>-isolated` for its files that replace a module.
 * Sharing took a third off the API suite's time, and the screen tests' processor time from 146 s
 * to about 50 (each screen file imported React, Testing Library and the app again, in a jsdom of
 * its own); core's tests with the repo's checks, from 34 s to 15.
 */
function sharedProjects({ name, include, exclude = [], options }: Shared) {
  const replacing = replacingModules(include);
  const skip = ['**/node_modules/**', ...exclude];
  return [
    { test: { ...options, name, include, exclude: [...skip, ...replacing], isolate: false } },
    ...(replacing.length
      ? [{ test: { ...options, name: `${name}-isolated`, include: replacing, exclude: skip } }]
      : []),
  ];
}

/** Tests that start whole server processes do not depend on the driver; they run once. */
const processTests = '**/*.process.test.ts';
/** Tests of the embedded driver's own client, which the PostgreSQL project has no use for. */
const pgliteTests = ['apps/server/src/db/pglite-client.test.ts'];

/** The API tests on one driver. Each file opens its own seeded database (test/harness.ts). */
function apiProjects(driver: 'pglite' | 'postgres') {
  return sharedProjects({
    name: `api-${driver}`,
    include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
    exclude: driver === 'postgres' ? [processTests, ...pgliteTests] : [],
    options: {
      env: { TEST_DB: driver },
      globalSetup: [`apps/server/test/global-${driver}.ts`],
      hookTimeout: 60_000,
      testTimeout: 30_000,
    },
  });
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
      ...sharedProjects({
        name: 'core',
        include: ['packages/core/src/**/*.test.ts'],
        options: {},
      }),
      // Checks on the repository itself: its lockfile, its scripts.
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
      // The screen tests, in jsdom.
      ...sharedProjects({
        name: 'web',
        include: ['apps/web/src/**/*.test.{ts,tsx}'],
        options: {
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A screen test that renders a whole board may take seconds on a busy 2-core machine.
          testTimeout: 30_000,
        },
      }),
      ...apiProjects('pglite'),
      ...apiProjects('postgres'),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          setupFiles: ['e2e/setup.ts'],
          sequence: { groupOrder: 1 },
          // Each running file takes an app of its own (e2e/global-setup.ts starts one per worker).
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
