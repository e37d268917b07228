/**
 * A common word's newest matches, a week at a time.
 *
 * A search ranks the newest MAX_HITS matches of its text (query.ts). For a word in one item of
 * fifty or more, the text index hands back every match, tens of thousands on a million items,
 * and each must be read to find the newest; walking the date index instead reads every item
 * until enough of them match. Both read far more rows than they keep.
 *
 * The week index (`items_week_terms_idx`, migration 0010) holds each word of an item paired with
 * the week the item was written in: "2870 word". Asked for "2870 word", it names that week's
 * matches alone. So a search walks the weeks that have items, newest first (each found from the
 * date index in one step), reads each week's matches in date order, and stops once it holds
 * MAX_HITS of them: the newest MAX_HITS matches, as the whole search would have found them,
 * having read little more than those rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { items } from '../../db/schema';

/** A week in seconds; weeks are counted from 1970-01-01 UTC, as the migration's function does. */
const WEEK = 604800;

/** The week a date is in, as items_week_terms numbers it. */
export const weekOf = (date: SQL) =>
  sql`floor(extract(epoch from (${date} at time zone 'UTC')) / ${sql.raw(String(WEEK))})::bigint`;

/**
 * The weeks that have items within `window` (a condition on items.created), newest first or,
 * when the search ascends, oldest first, as a table `weeks` of one column `wk`. Each next week is
 * the week of the newest item written before the one at hand (one step down the date index), so
 * weeks without items are never visited; rows are made only as the search asks for them.
 */
export function weeksSql(ascend: boolean, window: SQL): SQL {
  const created = sql`${items.created}`;
  const week = sql.raw(String(WEEK));
  const first = ascend
    ? sql`(select ${weekOf(sql`min(${created})`)} from ${items} where ${window})`
    : sql`(select ${weekOf(sql`max(${created})`)} from ${items} where ${window})`;
  const next = ascend
    ? sql`(select ${weekOf(sql`min(${created})`)} from ${items}
        where ${created} >= to_timestamp((w.wk + 1) * ${week}) and ${window})`
    : sql`(select ${weekOf(sql`max(${created})`)} from ${items}
        where ${created} < to_timestamp(w.wk * ${week}) and ${window})`;
  return sql`(with recursive w(wk) as (
      select ${first}
      union all
      select ${next} from w where w.wk is not null
    ) select wk from w where wk is not null) weeks`;
}

/**
 * Items of week `wk` that hold every word `required` asks for, from the week index: its words
 * (the tsquery's quoted lexemes) each become "wk word". `required` has no phrase operators
 * (text.ts requiredTextQuery): the week index keeps no positions.
 */
export function inWeekSql(required: SQL, wk: SQL): SQL {
  return sql`items_week_terms(${items.searchVector}, ${items.created}) @@ regexp_replace(
    (${required})::text, ${"'((?:[^']|'')*)'"}, ${"'"} || ${wk} || ${" \\1'"}, 'g')::tsquery`;
}
