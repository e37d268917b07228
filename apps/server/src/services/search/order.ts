/** The parts of a search's SQL that pick and order hits: users, spelling, buckets, dates, sorts. */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { ZONE_IANA, type SortCriterion } from '@listboard/core';
import { users } from '../../db/schema';
import { nameOf, type SearchContext } from './access';
import type { DateWindow, SearchArgs } from './args';

/** Who `users` and `circle` pick, as a condition on a username column. */
export function usersSql(args: SearchArgs, ctx: SearchContext, column: SQL): SQL {
  const parts: SQL[] = [];
  if (args.users === 'me') {
    const name = nameOf(ctx.actor);
    parts.push(name === null ? sql`false` : sql`${column} = ${name}`);
  } else if (Array.isArray(args.users)) {
    parts.push(
      sql`lower(${column}) in (${sql.join(
        args.users.map((u) => sql`${u.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  }
  if (args.circle) {
    parts.push(
      sql`${column} in (select ${users.username} from ${users} where ${users.circle} = ${args.circle})`,
    );
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** Close in spelling (pg_trgm) or containing the text, ignoring case. */
export function fuzzySql(column: SQL, text: string): SQL {
  return sql`(strpos(lower(${column}), lower(${text})) > 0 or similarity(${column}, ${text}) >= 0.3)`;
}

/** The bucket of a hit, as text; null when all hits share one bucket. */
export function bucketSql(args: SearchArgs, date: SQL): SQL | null {
  const local = sql`(${date} at time zone ${ZONE_IANA[args.zone]})`;
  switch (args.bucket) {
    case 'day':
      return sql`to_char(${local}, 'YYYY-MM-DD')`;
    case 'week':
      return sql`to_char(date_trunc('week', ${local}), 'YYYY-MM-DD')`;
    case 'month':
      return sql`to_char(${local}, 'YYYY-MM')`;
    case 'none':
      return null;
  }
}

export function windowSql(window: DateWindow | null, date: SQL): SQL {
  if (!window) return sql`true`;
  const from = sql`${date} >= ${new Date(window.start).toISOString()}::timestamptz`;
  return window.stop === null
    ? from
    : sql`(${from} and ${date} < ${new Date(window.stop).toISOString()}::timestamptz)`;
}

export interface Ordering {
  bucketAscending: boolean;
  keys: SQL[];
}

/** A name as it sorts: Émile beside Emma, not after Zoe; Ann beside ann. */
const byLetters = (name: SQL) => sql`lower(unaccent(${name}))`;
const direction = (ascending: boolean, key: SQL) => (ascending ? asc(key) : desc(key));
const nullsLast = (ascending: boolean, key: SQL) =>
  ascending ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;

/**
 * Buckets run newest first unless the hits are in date order and ascend is set; inside a bucket
 * the hits follow the sort criterion (A to Z for names by default), else relevance (text) or date.
 */
export function ordering(
  args: SearchArgs,
  cols: { title: SQL; author: SQL; start: SQL; field1: SQL; date: SQL; rank: SQL | null },
): Ordering {
  const sort: SortCriterion | null = args.sort;
  const byName = sort === 'Title' || sort === 'Author Name' || sort === 'User Field 1';
  const ascending = args.ascend ?? byName;
  const keys: SQL[] = [];
  if (sort === 'Title') keys.push(direction(ascending, byLetters(cols.title)));
  else if (sort === 'Author Name') keys.push(direction(ascending, byLetters(cols.author)));
  else if (sort === 'User Field 1') keys.push(nullsLast(ascending, byLetters(cols.field1)));
  else if (sort === 'Start Date') keys.push(direction(ascending, cols.start));
  else if (cols.rank) keys.push(direction(ascending, cols.rank));
  keys.push(direction(byName ? false : ascending, cols.date));
  return { bucketAscending: !byName && args.ascend === true, keys };
}

export const bucketOrder = (order: Ordering, bucket: SQL | null) =>
  bucket ? [direction(order.bucketAscending, bucket)] : [];
