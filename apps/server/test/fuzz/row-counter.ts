/**
 * Counts every row inserted, updated or deleted in the app's tables, with a trigger on each, so
 * a test can tell whether a request wrote anything at all.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await db.execute(query);
  return (r as unknown as { rows?: T[] }).rows ?? (r as unknown as T[]);
}

/**
 * Installs the counting triggers and answers the count so far. Tables in `except` are left
 * out (sessions, sign-in counters: things a refused request may still touch).
 */
export async function installRowCounter(
  db: Db,
  except: ReadonlySet<string> = new Set(),
): Promise<() => Promise<number>> {
  await db.execute(sql`create table test_rows_written (n bigint not null)`);
  await db.execute(sql`insert into test_rows_written values (0)`);
  await db.execute(sql`
    create function test_count_row() returns trigger language plpgsql as $$
    begin update test_rows_written set n = n + 1; return null; end $$`);
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
    const [row] = await rowsOf<{ n: number | string }>(db, sql`select n from test_rows_written`);
    return Number(row!.n);
  };
}

/** Rows in the audit log so far. */
export async function auditRows(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select count(*) as n from audit_log`);
  return Number(row!.n);
}
