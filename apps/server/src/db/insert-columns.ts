/**
 * Many rows written with one statement of one array per column: `insert … select … from
 * unnest($1::uuid[], $2::text[], …)`. The query builder's multi-row insert makes a parameter of
 * every cell and spends most of a millisecond per ten rows of a wide table building the statement
 * (about 6 ms for 40 blocks, more than PostgreSQL takes to write them); here the statement has a
 * parameter per column, whatever the number of rows, and the drivers pass each array as one value.
 *
 * Columns are those of the first row (every row must give the same ones; the rest take their
 * defaults). JSON columns travel as text and are cast back; array columns (text[]) travel as JSON
 * text and are unpacked, since `unnest` would flatten an array of arrays.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgArray, PgJsonb, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { rowsOf } from './rows-of';

/** How a column's values travel in their array, and how they are read back out of it. */
function carried(column: PgColumn, cell: SQL): { arrayType: string; value: SQL } {
  if (column instanceof PgJsonb) return { arrayType: 'text[]', value: sql`${cell}::jsonb` };
  if (column instanceof PgArray)
    return {
      arrayType: 'text[]',
      value: sql`case when ${cell} is null then null else array(select jsonb_array_elements_text(${cell}::jsonb)) end::${sql.raw(column.getSQLType())}`,
    };
  return { arrayType: `${column.getSQLType()}[]`, value: cell };
}

function driverValue(column: PgColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column instanceof PgJsonb || column instanceof PgArray) return JSON.stringify(value);
  return column.mapToDriverValue(value);
}

export async function insertColumns<T extends PgTable, R extends keyof T['$inferSelect'] & string>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
  returning: readonly R[] = [],
): Promise<Pick<T['$inferSelect'], R>[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const parts = keys.map((key, i) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    const cell = sql.raw(`u.c${i}`);
    const { arrayType, value } = carried(column, cell);
    const values = rows.map((row) => driverValue(column, (row as Record<string, unknown>)[key]));
    return {
      name: sql.identifier(column.name),
      alias: sql.raw(`c${i}`),
      array: sql`${sql.param(values)}::${sql.raw(arrayType)}`,
      value,
    };
  });
  const back = returning.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return sql`${sql.identifier(column.name)} as ${sql.identifier(key)}`;
  });
  return rowsOf<Pick<T['$inferSelect'], R>>(
    db,
    sql`insert into ${table} (${sql.join(
      parts.map((p) => p.name),
      sql`, `,
    )})
      select ${sql.join(
        parts.map((p) => p.value),
        sql`, `,
      )}
      from unnest(${sql.join(
        parts.map((p) => p.array),
        sql`, `,
      )}) as u(${sql.join(
        parts.map((p) => p.alias),
        sql`, `,
      )})
      ${back.length ? sql`returning ${sql.join(back, sql`, `)}` : sql``}`,
  );
}
