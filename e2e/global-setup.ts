import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/seed/seed';
import { fixturePasswordHash } from '../apps/server/test/fixture-password';
import { ROOT, startServer } from './server';

/**
 * The apps for the e2e run, built beforehand by `npm test` (or `npm run test:e2e`): one per
 * worker, so that two files running at once never share an app (each file takes one no other
 * running file holds: `appUrl` in session.ts). Each starts from a copy of one freshly installed data folder, made once:
 * migrated and seeded here, with the fixture accounts' password stored at a test's cost
 * (apps/server/test/fixture-password.ts) as in the API tests' databases, then started once so
 * that the app finishes its own first start in it; a start on a copy only opens it (about 4 s).
 */
export default async function setup(project: TestProject) {
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!fs.existsSync(path.join(ROOT, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-e2e-seed-'));
  const database = await openDatabase({ dataDir: seeded });
  await database.migrate();
  await seed(database.db, { passwordHash: await fixturePasswordHash() });
  await database.close();
  const first = await startServer({}, { template: seeded });
  fs.rmSync(seeded, { recursive: true, force: true });
  await first.stop({ keepData: true });
  const template = first.dataDir;
  // Every test signs in from the same address; the per-address limit is tested in the API suite.
  // Page thumbnails may be taken of pages the tests serve themselves on localhost.
  const servers = await Promise.all(
    Array.from({ length: project.config.maxWorkers }, () =>
      startServer({ SIGNIN_RATE_LIMIT: '1000', THUMBNAIL_HOSTS: 'localhost' }, { template }),
    ),
  );
  project.provide(
    'baseUrls',
    servers.map((s) => s.url),
  );
  // Where each running test file claims its app (session.ts appUrl).
  const claims = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-e2e-claims-'));
  project.provide('appClaims', claims);
  project.provide('dataTemplate', template);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(template, { recursive: true, force: true });
    fs.rmSync(claims, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per e2e worker; each running test file takes one (session.ts appUrl). */
    baseUrls: string[];
    /** The folder where a test file claims its app. */
    appClaims: string;
    /** A freshly installed data folder for a file's own app to start from (startServer). */
    dataTemplate: string;
  }
}
