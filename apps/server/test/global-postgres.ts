import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { seed } from '../src/seed/seed';
import { fixturePasswordHash } from './fixture-password';
import { startPostgres } from './postgres-server';

export const TEMPLATE_DB = 'lb_template';

/** One server per run; a migrated, seeded template database that each test file clones. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: server.url(TEMPLATE_DB), dataDir: '' });
  await database.migrate();
  await seed(database.db, { passwordHash: await fixturePasswordHash() });
  await database.close();
  project.provide('pgAdminUrl', server.url('postgres'));
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgliteTemplate: string;
  }
}
