/**
 * Rows of plain SQL queries, for the few reads where the query builder's own cost shows: a
 * whole board's content is thousands of rows, and the builder's mapping walks every field of
 * every row through a general path. Here a table's columns are decoded by the schema's own
 * column decoders (the same values the builder gives), in a loop made for those columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Rows of a raw query: both drivers answer `{ rows }`, a row an object by column name. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A reader of some columns of one table: `read(db, rest)` runs `select <columns> <rest>`, where
 * `rest` is the query's `from … where … order by …`, and answers the rows keyed and decoded as
 * `db.select(columns)` would. `T` is that select's row type.
 */
export function columnReader<T>(columns: Record<string, PgColumn>) {
  const fields = Object.entries(columns).map(([key, column]) => ({
    key,
    name: column.name,
    column,
  }));
  const list = sql.raw(fields.map((f) => `"${f.name}"`).join(', '));
  return async (db: Db, rest: SQL): Promise<T[]> => {
    const rows = await rowsOf<Record<string, unknown>>(db, sql`select ${list} ${rest}`);
    return rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const f of fields) {
        const value = row[f.name];
        out[f.key] =
          value === null || value === undefined ? null : f.column.mapFromDriverValue(value);
      }
      return out as T;
    });
  };
}
