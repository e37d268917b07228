/**
 * The SQL of a general search: items (notes, annotations and replies too) or boards, a page at a
 * time. What the caller may see is part of the WHERE clause (access.ts); how hits are picked and
 * sorted is order.ts.
 */
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, isBlank } from '@listboard/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { boardMembers, items, multilists, users } from '../../db/schema';
import type { DateWindow, SearchArgs } from './args';
import { requiredTextQuery, textQuery } from './text';
import { inWeekSql, weeksSql } from './weeks';
import {
  boardAccess,
  boardsSql,
  boardVisibleSql,
  itemVisibleSql,
  unlockedSql,
  type SearchContext,
} from './access';
import { bucketOrder, bucketSql, fuzzySql, ordering, usersSql, windowSql } from './order';

export type { SearchContext } from './access';

/** The most hits any search can show: every page from 0 to SEARCH_PAGE_MAX, and one more. */
export const MAX_HITS = (SEARCH_PAGE_MAX + 1) * SEARCH_PAGE_SIZE + 1;

const { searchVector: _searchVector, ...itemColumns } = getTableColumns(items);
export type ItemHitRow = Omit<typeof items.$inferSelect, 'searchVector'>;

export interface BoardRef {
  id: string;
  owner: string;
  title: string;
  ptitle: string;
  description: string;
  listed: boolean;
  hasPassword: boolean;
  modified: Date;
}

/** A board's people as the second check of what may be seen reads them (boards/access.ts policyBoard). */
export type HitMember = Pick<typeof boardMembers.$inferSelect, 'kind' | 'username' | 'privileges'>;

export interface ItemHit {
  item: ItemHitRow;
  board: BoardRef;
  /** The people of the hit's board, and whether this session entered its password: read with it. */
  members: HitMember[];
  unlocked: boolean;
  bucket: string;
}

export interface BoardHit {
  board: BoardRef;
  bucket: string;
}

const boardRef = {
  id: multilists.id,
  owner: multilists.owner,
  title: multilists.title,
  ptitle: multilists.ptitle,
  description: multilists.description,
  listed: multilists.listed,
  hasPassword: sql<boolean>`(${multilists.passwordHash} is not null)`,
  modified: multilists.modified,
};

/** Items (and notes, annotations, replies) matching a text, label, tags or date search. */
export async function searchItems(
  db: Db,
  args: SearchArgs,
  window: DateWindow | null,
  ctx: SearchContext,
  limit: number,
  offset: number,
): Promise<ItemHit[]> {
  const classes = [
    args.items && 'none',
    args.replies && 'reply',
    args.annos && 'anno',
    args.notes && 'note',
  ].filter((c): c is string => typeof c === 'string');
  if (classes.length === 0) return [];
  const text = args.searchStr.trim();
  // The text condition alone, when there is one: how the database would find its matches.
  const query = args.by === 'text' ? textQuery(text) : null;
  if (args.by === 'text' && !query) return [];
  const matches = query ? sql`${items.searchVector} @@ ${query}` : null;
  // Whose items and which dates: plain columns, whose share the planner can tell.
  const inWindow = windowSql(window, sql`${items.created}`);
  const chosen = sql`${usersSql(args, ctx, sql`${items.author}`)} and ${inWindow}`;
  // Which boards the caller may see, and how the text would be searched among the chosen items:
  // asked together.
  const [access, plan] = await Promise.all([
    boardAccess(db, ctx),
    matches ? textPlan(db, sql`${matches} and ${chosen}`, args.ascend === true) : null,
  ]);
  if (access && access.count === 0) return [];
  // A text with many matches, searched by someone who sees most boards (so most matches are
  // theirs), is read a week at a time from the week index (weeks.ts); what every match must
  // hold is then asked of that index. Otherwise the database walks the date index or reads the
  // text index, as the text's plan says.
  const required = query ? requiredTextQuery(text) : null;
  const byWeek =
    plan !== null && plan.estimated >= MAX_HITS && (access === null || access.most)
      ? required
      : null;
  const walk = !byWeek && plan?.walks === true;
  const conds: SQL[] = [
    boardsSql(access, ctx),
    itemVisibleSql(access, ctx),
    chosen,
    sql`${items.annotationClass} in (${sql.join(
      classes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  ];
  // Relevance, worked out from one column of the row (after the date cut, see below).
  let rank: { column: SQL; of(value: SQL): SQL } | null = null;
  if (query && matches) {
    // Read a week at a time, the week index finds the candidates and this only filters them
    // (`is true`: no index serves it), or the planner reads the word's every match again.
    conds.push(byWeek ? sql`(${matches}) is true` : matches);
    rank = { column: sql`${items.searchVector}`, of: (v) => sql`ts_rank(${v}, ${query})` };
  } else if (args.by === 'label') {
    conds.push(sql`${items.annoLabel} is not null and ${fuzzySql(sql`${items.annoLabel}`, text)}`);
    rank = {
      column: sql`${items.annoLabel}`,
      of: (v) =>
        sql`(case when lower(${v}) = lower(${text}) then 2 else similarity(${v}, ${text}) end)`,
    };
  } else if (args.by === 'tags') {
    if (isBlank(text)) conds.push(sql`jsonb_array_length(${items.labels}) > 0`);
    else {
      const colon = text.indexOf(':');
      const name = (colon < 0 ? text : text.slice(0, colon)).trim();
      const value = colon < 0 ? '' : text.slice(colon + 1).trim();
      const nameMatch = name ? fuzzySql(sql`(e ->> 'name')`, name) : sql`true`;
      const valueMatch = value ? sql`strpos(lower(e ->> 'value'), lower(${value})) > 0` : sql`true`;
      conds.push(
        sql`exists (select 1 from jsonb_array_elements(${items.labels}) e where ${nameMatch} and ${valueMatch})`,
      );
      if (name) {
        rank = {
          column: sql`${items.labels}`,
          of: (v) =>
            sql`(select max(case when lower(e ->> 'name') = lower(${name}) then 2 else similarity(e ->> 'name', ${name}) end) from jsonb_array_elements(${v}) e)`,
        };
      }
    }
  }
  // Pages stop at SEARCH_PAGE_MAX, so no search shows more than MAX_HITS hits. A common word
  // can match a third of all items; rather than rank every one of them, the MAX_HITS newest
  // matches (oldest, when the search ascends) are the ones ranked and sorted. The database
  // reads them a week at a time (see above), walks the date index until it has them, or, for a
  // rarer word, reads its few matches from the text index: either way the work is bounded. Each candidate leaves with its sort keys,
  // relevance worked out only for those kept, so the page is picked without reading rows again.
  const keptFields = {
    id: items.id,
    board: sql<string>`${items.multilistId}`.as('c_board'),
    author: sql<string>`${items.author}`.as('c_author'),
    created: sql<Date>`${items.created}`.as('c_created'),
    start:
      sql`coalesce(${items.startstamp}, (extract(epoch from ${items.created}) * 1000)::bigint)`.as(
        'c_start',
      ),
    field1: sql`(${items.labels} -> 0 ->> 'value')`.as('c_field1'),
    ranked: sql`${rank?.column ?? sql`null`}`.as('c_ranked'),
  };
  const byDate = args.ascend === true ? asc(items.created) : desc(items.created);
  const kept = (() => {
    if (!byWeek) {
      return db
        .select(keptFields)
        .from(items)
        .where(and(...conds))
        .orderBy(byDate)
        .limit(MAX_HITS)
        .as('kept');
    }
    // A week's matches in date order, the weeks newest first (oldest, when the search ascends),
    // until MAX_HITS are kept (weeks.ts).
    const week = db
      .select(keptFields)
      .from(items)
      .where(and(...conds, inWeekSql(byWeek, sql`weeks.wk`)))
      .orderBy(byDate)
      .as('week');
    return db
      .select({
        id: week.id,
        board: week.board,
        author: week.author,
        created: week.created,
        start: week.start,
        field1: week.field1,
        ranked: week.ranked,
      })
      .from(weeksSql(args.ascend === true, inWindow))
      .crossJoinLateral(week)
      .limit(MAX_HITS)
      .as('kept');
  })();
  const candidates = db.$with('candidates').as(
    db
      .select({
        id: kept.id,
        board: kept.board,
        author: kept.author,
        created: kept.created,
        start: kept.start,
        field1: kept.field1,
        rank: sql<number>`${rank ? rank.of(sql`${kept.ranked}`) : sql`0`}`.as('c_rank'),
      })
      .from(kept),
  );
  // The page is picked with the search's order and a bound (the database keeps only the best
  // offset + limit candidates as it reads them, not a sort of every one), and leaves with its
  // sort keys, by which the rows read for it are put in order again.
  const byTitle = args.sort === 'Title';
  const byAuthor = args.sort === 'Author Name';
  const authorName = sql`coalesce(nullif(${users.fullname}, ''), ${candidates.author})`;
  const order = ordering(args, {
    title: sql`${multilists.title}`,
    author: authorName,
    start: sql`${candidates.start}`,
    field1: sql`${candidates.field1}`,
    date: sql`${candidates.created}`,
    rank: rank ? sql`${candidates.rank}` : null,
  });
  const pageOf = (q: Db) => {
    const from = q
      .with(candidates)
      .select({
        id: candidates.id,
        created: sql<Date>`${candidates.created}`.as('p_created'),
        start: sql`${candidates.start}`.as('p_start'),
        field1: sql`${candidates.field1}`.as('p_field1'),
        rank: sql`${candidates.rank}`.as('p_rank'),
        title: sql`${byTitle ? multilists.title : sql`null`}`.as('p_title'),
        author: sql`${byAuthor ? authorName : sql`null`}`.as('p_author'),
      })
      .from(candidates);
    // Boards and users are joined only for the sorts that read them.
    const page = (
      byAuthor
        ? from.leftJoin(users, sql`lower(${users.username}) = lower(${candidates.author})`)
        : byTitle
          ? from.innerJoin(multilists, eq(multilists.id, candidates.board))
          : from
    )
      .orderBy(
        ...bucketOrder(order, bucketSql(args, sql`${candidates.created}`)),
        ...order.keys,
        asc(candidates.id),
      )
      .limit(limit)
      .offset(offset)
      .as('page');
    const again = ordering(args, {
      title: sql`${page.title}`,
      author: sql`${page.author}`,
      start: sql`${page.start}`,
      field1: sql`${page.field1}`,
      date: sql`${page.created}`,
      rank: rank ? sql`${page.rank}` : null,
    });
    const bucket = bucketSql(args, sql`${items.created}`);
    // What the second check of what may be seen needs of each hit's board comes with it, so that
    // check asks nothing more of the database for a page of items.
    const members = sql<HitMember[]>`(select coalesce(json_agg(json_build_object(
        'kind', m.kind, 'username', m.username, 'privileges', m.privileges)), '[]'::json)
      from ${boardMembers} m where m.multilist_id = ${multilists.id})`;
    const unlocked = sql<boolean>`${unlockedSql(ctx)}`;
    return q
      .select({
        item: itemColumns,
        board: boardRef,
        members,
        unlocked,
        bucket: sql<string>`${bucket ?? sql`'all'`}`,
      })
      .from(page)
      .innerJoin(items, eq(items.id, page.id))
      .innerJoin(multilists, eq(multilists.id, items.multilistId))
      .orderBy(
        ...bucketOrder(again, bucketSql(args, sql`${page.created}`)),
        ...again.keys,
        asc(page.id),
      );
  };
  return walk
    ? db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        return pageOf(tx);
      })
    : pageOf(db);
}

/** A node of PostgreSQL's plan, as EXPLAIN (FORMAT JSON) gives it. */
interface PlanNode {
  'Node Type'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

/**
 * A text with at least this many matches (as the planner reckons) is searched by walking the
 * date index: measured on a million items, a word in 6% of them took 224 ms read from the text
 * index and 19 ms walked; one in 1.7% took 41 ms read and 72 ms walked. Over the 50 most common
 * words of that bench, 4 × MAX_HITS gave the lower times of the two bounds tried (4 and 5).
 */
const WALK_FROM_MATCHES = 4 * MAX_HITS;

/** How the text would be searched among the chosen items: its matches as reckoned, and whether it walks. */
interface TextPlan {
  estimated: number;
  walks: boolean;
}

/**
 * Whether the search's query should walk the date index and stop once it has the newest (or
 * oldest) MAX_HITS matches, rather than read every match from the text index, and how many
 * matches the text has as the planner reckons. Planned alone, the text condition is planned well:
 * PostgreSQL keeps how common each word is. The search's own query adds the caller's boards and
 * what they may see, whose share the planner cannot tell; it then takes every word for rarer
 * than it is, and reads all the matches of a common one. So the text is planned first with only
 * the conditions the planner can reckon (whose items, which dates: a common word among one
 * user's few items is not common), and a common word's search is told to walk (or to read a week
 * at a time, weeks.ts).
 */
async function textPlan(db: Db, matches: SQL, ascend: boolean): Promise<TextPlan> {
  const [explained] = await rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    db,
    sql`explain (format json) select ${items.id} from ${items} where ${matches}
      order by ${items.created} ${ascend ? sql`asc` : sql`desc`} limit ${MAX_HITS}`,
  );
  const plan = explained?.['QUERY PLAN'][0].Plan;
  if (!plan) return { estimated: 0, walks: false };
  const nodes = nodesOf(plan);
  // The rows the scan of items gives after every condition (an index scan under it may reckon
  // one condition's rows alone).
  const estimated = nodes.find((n) => n['Relation Name'] === 'items')?.['Plan Rows'] ?? 0;
  return {
    estimated,
    walks:
      nodes.some((n) => n['Index Name'] === 'items_created_idx') && estimated >= WALK_FROM_MATCHES,
  };
}

/** Boards of the chosen users as owners, coauthors or contributors. */
export async function searchBoards(
  db: Db,
  args: SearchArgs,
  window: DateWindow | null,
  ctx: SearchContext,
  limit: number,
  offset: number,
): Promise<BoardHit[]> {
  const conds: SQL[] = [boardVisibleSql(ctx), windowSql(window, sql`${multilists.modified}`)];
  if (args.by === 'author') conds.push(usersSql(args, ctx, sql`${multilists.owner}`));
  else {
    const kind = args.by === 'coauthor' ? 'author' : 'contributor';
    conds.push(sql`exists (select 1 from ${boardMembers} k where k.multilist_id = ${multilists.id}
      and k.kind = ${kind} and ${usersSql(args, ctx, sql`k.username`)})`);
  }
  const text = args.searchStr.trim();
  let rank: SQL | null = null;
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
    // Both operators can use the title's trigram index.
    conds.push(sql`(${multilists.title} ilike ${pattern} or ${multilists.title} % ${text})`);
    rank = sql`similarity(${multilists.title}, ${text})`;
  }
  const date = sql`${multilists.modified}`;
  const bucket = bucketSql(args, date);
  const order = ordering(args, {
    title: sql`${multilists.title}`,
    author: sql`${multilists.owner}`,
    start: sql`${multilists.created}`,
    field1: sql`${multilists.altTitle}`,
    date,
    rank,
  });
  return db
    .select({ board: boardRef, bucket: sql<string>`${bucket ?? sql`'all'`}` })
    .from(multilists)
    .where(and(...conds))
    .orderBy(...bucketOrder(order, bucket), ...order.keys, asc(multilists.id))
    .limit(limit)
    .offset(offset);
}
