import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/seed/seed';
import { fixturePasswordHash } from './fixture-password';
import './global-postgres';

/** Creating PGlite costs seconds but reopening a folder is fast: migrate and seed once, copy per file. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-pglite-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seed(database.db, { passwordHash: await fixturePasswordHash() });
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
