import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startServer } from './server';

/** One app for the e2e run, built beforehand by `npm test` (or `npm run test:e2e`). */
export default async function setup(project: TestProject) {
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!fs.existsSync(path.join(ROOT, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first.`);
  }
  // Every test signs in from the same address; the per-address limit is tested in the API suite.
  // Page thumbnails may be taken of pages the tests serve themselves on localhost.
  const server = await startServer({ SIGNIN_RATE_LIMIT: '1000', THUMBNAIL_HOSTS: 'localhost' });
  project.provide('baseUrl', server.url);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
