import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { SERVER_ROOT } from '../lib/paths';
import { makeDir } from '../lib/make-dir';
import { drizzleClient, TEXT_PARSERS } from './pglite-client';

export type Schema = typeof schema;
/** Either driver's database, typed by what both share; services only use this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string and pool, for LISTEN/NOTIFY. */
  url?: string;
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/** How long the first connection to PostgreSQL may take before opening gives up. */
export const CONNECT_TIMEOUT_MS = 3000;

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; `memory://` keeps it in memory. */
  dataDir: string;
  connectTimeoutMs?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl)
    return openPostgres(opts.databaseUrl, opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS);
  return openPglite(opts.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = dataDir === 'memory://' ? undefined : path.resolve(dataDir, 'pgdata');
  if (dir) await makeDir(dir);
  const client = await PGlite.create({
    dataDir: dir,
    extensions: { pg_trgm, unaccent },
    parsers: TEXT_PARSERS,
  });
  const db = drizzlePglite(drizzleClient(client), { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, connectTimeoutMs: number): Promise<Database> {
  // One connection first, with its own short timeout, so a server that is away or silent is
  // reported at once instead of after the pool's longer wait.
  const first = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  first.on('error', () => {});
  try {
    await first.connect();
  } finally {
    await first.end().catch(() => {});
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    // The app's queries are short; compiling them (JIT) costs more than it saves, up to 100 ms
    // on a search for a common word.
    options: '-c jit=off',
  });
  // An idle client losing its server (a restart) must not crash the process; the pool reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    url,
    pool,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}
