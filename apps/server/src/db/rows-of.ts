/** Rows of plain SQL queries, for reads the query builder does not express. */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw query: both drivers answer `{ rows }`, a row an object by column name. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
