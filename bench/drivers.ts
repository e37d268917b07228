/** Runs one measurement on each driver: a fresh database on a throwaway PostgreSQL, then PGlite. */
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { startPostgres } from '../apps/server/test/postgres-server';

export async function onBothDrivers<R>(
  measure: (database: Database) => Promise<R>,
): Promise<{ postgres: R; pglite: R }> {
  const server = await startPostgres();
  let postgres: R;
  try {
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE bench');
    await admin.end();
    const pgdb = await openDatabase({ databaseUrl: server.url('bench'), dataDir: '' });
    postgres = await measure(pgdb);
    await pgdb.close();
  } finally {
    server.stop();
  }
  const lite = await openDatabase({ dataDir: 'memory://' });
  const pglite = await measure(lite);
  await lite.close();
  return { postgres, pglite };
}
