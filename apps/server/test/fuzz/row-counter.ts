/**
 * Counts every row inserted, updated or deleted in the app's tables, and every audit row, with
 * triggers, so a test can tell with one query whether a request wrote anything and whether it
 * recorded itself.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await db.execute(query);
  return (r as { rows?: T[] }).rows ?? (r as T[]);
}

export interface Written {
  /** Rows changed in the counted tables. */
  rows: number;
  /** Audit rows inserted. */
  audits: number;
}

/**
 * Installs the counting triggers and answers a reader of the counts so far. Tables in `except`
 * are left out of `rows` (sessions, sign-in counters: what a refused request may still touch).
 */
export async function installRowCounter(
  db: Db,
  except: ReadonlySet<string> = new Set(),
): Promise<() => Promise<Written>> {
  await db.execute(sql`create table test_rows_written (n bigint not null, audits bigint not null)`);
  await db.execute(sql`insert into test_rows_written values (0, 0)`);
  await db.execute(sql`
    create function test_count_row() returns trigger language plpgsql as $$
    begin update test_rows_written set n = n + 1; return null; end $$`);
  await db.execute(sql`
    create function test_count_audit() returns trigger language plpgsql as $$
    begin update test_rows_written set audits = audits + 1; return null; end $$`);
  await db.execute(
    sql`create trigger test_count_audit after insert on audit_log for each row execute function test_count_audit()`,
  );
  const tables = await rowsOf<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'test_rows_written'`,
  );
  for (const { tablename } of tables) {
    if (except.has(tablename) || tablename.startsWith('__drizzle')) continue;
    await db.execute(
      sql.raw(
        `create trigger test_count_row after insert or update or delete on "${tablename}" for each row execute function test_count_row()`,
      ),
    );
  }
  return async () => {
    const [row] = await rowsOf<{ n: number | string; audits: number | string }>(
      db,
      sql`select n, audits from test_rows_written`,
    );
    if (!row) throw new Error('test_rows_written has no row');
    return { rows: Number(row.n), audits: Number(row.audits) };
  };
}
