/**
 * Selects of plain columns, mapped row by row with one decoder per column.
 *
 * The query builder maps each cell of a result through a general walk (which kind of field,
 * which path in the row object, then its decoder): on a 2,000-item board's six thousand rows of
 * some thirty columns that walk took about as long as PostgreSQL took to answer. A select whose
 * fields are plain columns of one table needs none of it: each column's place and decoder are
 * known before the first row arrives. The query still runs through the driver session the query
 * builder uses (array rows, the same type parsers), so each value is decoded exactly as a
 * builder select would decode it; plain-rows.test.ts compares the two on both drivers.
 */
import { Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** The decoder of a column that takes the driver's value as it is (compared, never called). */
// eslint-disable-next-line @typescript-eslint/unbound-method
const IDENTITY = Column.prototype.mapFromDriverValue;

/** What of the driver session is used: a query in array mode, mapped by our own function. */
interface Session {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: true,
    customResultMapper: (rows: unknown[][]) => unknown,
  ): { execute(): Promise<unknown> };
}

/** The rows `where` selects from `table`, in `order`: objects keyed as `columns` is. */
export async function plainRows<T>(
  db: Db,
  columns: Record<string, PgColumn>,
  table: PgTable,
  where: SQL,
  order: SQL[],
): Promise<T[]> {
  // Most columns (text, uuid, boolean) take the driver's value as it is.
  const fields = Object.entries(columns).map(([key, c]) => ({
    key,
    decode: c.mapFromDriverValue === IDENTITY ? null : (v: unknown) => c.mapFromDriverValue(v),
  }));
  // Every row starts as a copy of one object with every key, so all rows share one shape and
  // each store below writes a property that is already there.
  const shape: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f.key, null]));
  const width = fields.length;
  const map = (rows: unknown[][]): T[] =>
    rows.map((row) => {
      const out = { ...shape };
      for (let i = 0; i < width; i++) {
        const raw = row[i];
        const field = fields[i];
        if (raw === null || raw === undefined || !field) continue;
        out[field.key] = field.decode ? field.decode(raw) : raw;
      }
      return out as T;
    });
  // The builder's select of these columns lists them in this order.
  const query = db
    .select(columns)
    .from(table)
    .where(where)
    .orderBy(...order);
  const { session, dialect } = db as unknown as { session: Session; dialect: PgDialect };
  const prepared = session.prepareQuery(
    dialect.sqlToQuery(query.getSQL()),
    undefined,
    undefined,
    true,
    map,
  );
  return (await prepared.execute()) as T[];
}
