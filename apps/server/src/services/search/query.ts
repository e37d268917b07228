/**
 * The SQL of a general search. Visibility is part of the WHERE clause, so a page is a page of
 * hits the caller may see and nothing hidden is ever read out: the rules mirror core's
 * roleFor/canSeeNote (a private item or note: its author only; a group note: its author, the
 * group and the board's moderators; a dismissed note: its author and the moderators) and the
 * board rules of boards/load (a password board: its moderators or a session that entered the
 * password; an unlisted board: its owner, its members or that session). Site admins see every
 * board but not others' private notes, as canSeeNote says.
 */
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import {
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_SIZE,
  ZONE_IANA,
  isBlank,
  isGuestUser,
  isSiteAdmin,
  type AppVersion,
  type SortCriterion,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { boardMembers, boardUnlocks, items, multilists, users } from '../../db/schema';
import type { Actor } from '../accounts/users';
import type { DateWindow, SearchArgs } from './args';
import { textQuery } from './text';

/** The most hits any search can show: every page from 0 to SEARCH_PAGE_MAX, and one more. */
export const MAX_HITS = (SEARCH_PAGE_MAX + 1) * SEARCH_PAGE_SIZE + 1;

export interface SearchContext {
  actor: Actor | null;
  sessionId: string | null;
  appVersion: AppVersion;
  /** Names of the caller's groups. */
  groups: string[];
}

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

export interface ItemHit {
  item: ItemHitRow;
  board: BoardRef;
  bucket: string;
  /** A note, annotation or reply on a private item (its writer's own): kept private when saved. */
  onPrivate?: boolean;
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

/** The caller's name, or null for a guest, who owns nothing and is a member of nothing. */
function nameOf(actor: Actor | null): string | null {
  return actor && !isGuestUser(actor) ? actor.username : null;
}

/** roleFor gives author or editor: owner, coauthor not marked contributor-only, or member. */
function moderatorSql(name: string | null): SQL {
  if (name === null) return sql`false`;
  return sql`(${multilists.owner} = ${name} or exists (
    select 1 from ${boardMembers} m where m.multilist_id = ${multilists.id} and m.username = ${name}
      and (m.kind = 'member' or (m.kind = 'author' and not exists (
        select 1 from ${boardMembers} c where c.multilist_id = m.multilist_id
          and c.username = m.username and c.kind = 'contributor')))))`;
}

function boardVisibleSql(ctx: SearchContext): SQL {
  if (isSiteAdmin(ctx.actor)) return sql`true`;
  const name = nameOf(ctx.actor);
  const unlocked = ctx.sessionId
    ? sql`exists (select 1 from ${boardUnlocks} u where u.multilist_id = ${multilists.id} and u.session_id = ${ctx.sessionId})`
    : sql`false`;
  const member =
    name === null
      ? sql`false`
      : sql`(${multilists.owner} = ${name} or exists (select 1 from ${boardMembers} a where a.multilist_id = ${multilists.id} and a.username = ${name}))`;
  return sql`((${multilists.passwordHash} is null or ${moderatorSql(name)} or ${unlocked})
    and (${multilists.listed} or ${member} or ${unlocked}))`;
}

/**
 * The boards a caller may search, and those they moderate, as id lists: null for a site admin,
 * who sees every board. Boards are few next to items, so this is one small query, and it leaves
 * the item query with no join: the database can then walk items in date order and stop early.
 */
async function boardAccess(
  db: Db,
  ctx: SearchContext,
): Promise<{ visible: string[]; moderated: string[] } | null> {
  if (isSiteAdmin(ctx.actor)) return null;
  const rows = await db
    .select({ id: multilists.id, moderated: sql<boolean>`${moderatorSql(nameOf(ctx.actor))}` })
    .from(multilists)
    .where(boardVisibleSql(ctx));
  return {
    visible: rows.map((r) => r.id),
    moderated: rows.filter((r) => r.moderated).map((r) => r.id),
  };
}

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

function itemVisibleSql(ctx: SearchContext, moderator: SQL): SQL {
  const name = nameOf(ctx.actor);
  const mine = name === null ? sql`false` : sql`${items.author} = ${name}`;
  const inMyGroups = ctx.groups.length
    ? sql`${items.groupName} in (${sql.join(
        ctx.groups.map((g) => sql`${g}`),
        sql`, `,
      )})`
    : sql`false`;
  const hiddenFlag = ctx.appVersion === 'PRODUCTION' ? 'dev' : 'prod';
  return sql`(not coalesce((${items.flags} ->> ${hiddenFlag})::boolean, false)
    and (${mine} or (not ${items.isPrivate} and (${items.annotationClass} = 'none' or (
      (${items.groupName} is null or ${moderator} or ${inMyGroups})
      and (${items.noteStatus} is distinct from 'dismissed' or ${moderator})
      and (${items.annotationClass} <> 'reply' or ${moderator} or ${threadShown(name)})
      and ${onShown(name)})))))`;
}

/** A note, annotation or reply on a private item is hidden with that item (core canSee's `on`). */
function onShown(name: string | null): SQL {
  const itemsWriter = name === null ? sql`false` : sql`r.author = ${name}`;
  return sql`not exists (select 1 from ${items} r where r.id = ${items.rootItemId}
    and r.is_private and not ${itemsWriter})`;
}

/**
 * A reply carries its thread's privacy and group already; what it cannot carry is the root's
 * status, so a reply in a dismissed thread is hidden with the thread (but not from its writer).
 */
function threadShown(name: string | null): SQL {
  const rootsWriter = name === null ? sql`false` : sql`t.author = ${name}`;
  return sql`not exists (select 1 from ${items} t where t.id = ${items.threadId}
    and t.note_status = 'dismissed' and not ${rootsWriter})`;
}

/** Who `users` and `circle` pick, as a condition on a username column. */
function usersSql(args: SearchArgs, ctx: SearchContext, column: SQL): SQL {
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
function fuzzySql(column: SQL, text: string): SQL {
  return sql`(strpos(lower(${column}), lower(${text})) > 0 or similarity(${column}, ${text}) >= 0.3)`;
}

/** The bucket of a hit, as text; null when all hits share one bucket. */
function bucketSql(args: SearchArgs, date: SQL): SQL | null {
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

function windowSql(window: DateWindow | null, date: SQL): SQL {
  if (!window) return sql`true`;
  const from = sql`${date} >= ${new Date(window.start).toISOString()}::timestamptz`;
  return window.stop === null
    ? from
    : sql`(${from} and ${date} < ${new Date(window.stop).toISOString()}::timestamptz)`;
}

interface Ordering {
  bucketAscending: boolean;
  keys: SQL[];
}

const direction = (ascending: boolean, key: SQL) => (ascending ? asc(key) : desc(key));
const nullsLast = (ascending: boolean, key: SQL) =>
  ascending ? sql`${key} asc nulls last` : sql`${key} desc nulls last`;

/**
 * Buckets run newest first unless the hits are in date order and ascend is set; inside a bucket
 * the hits follow the sort criterion (A to Z for names by default), else relevance (text) or date.
 */
function ordering(
  args: SearchArgs,
  cols: { title: SQL; author: SQL; start: SQL; field1: SQL; date: SQL; rank: SQL | null },
): Ordering {
  const sort: SortCriterion | null = args.sort;
  const byName = sort === 'Title' || sort === 'Author Name' || sort === 'User Field 1';
  const ascending = args.ascend ?? byName;
  const keys: SQL[] = [];
  if (sort === 'Title') keys.push(direction(ascending, sql`lower(${cols.title})`));
  else if (sort === 'Author Name') keys.push(direction(ascending, sql`lower(${cols.author})`));
  else if (sort === 'User Field 1') keys.push(nullsLast(ascending, sql`lower(${cols.field1})`));
  else if (sort === 'Start Date') keys.push(direction(ascending, cols.start));
  else if (cols.rank) keys.push(direction(ascending, cols.rank));
  keys.push(direction(byName ? false : ascending, cols.date));
  return { bucketAscending: !byName && args.ascend === true, keys };
}

const bucketOrder = (order: Ordering, bucket: SQL | null) =>
  bucket ? [direction(order.bucketAscending, bucket)] : [];

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
  const access = await boardAccess(db, ctx);
  if (access && access.visible.length === 0) return [];
  const conds: SQL[] = [
    access ? sql`${items.multilistId} = any(${uuidArray(access.visible)})` : sql`true`,
    itemVisibleSql(
      ctx,
      access ? sql`${items.multilistId} = any(${uuidArray(access.moderated)})` : sql`true`,
    ),
    usersSql(args, ctx, sql`${items.author}`),
    sql`${items.annotationClass} in (${sql.join(
      classes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
    windowSql(window, sql`${items.created}`),
  ];
  // Relevance, worked out from one column of the row (after the date cut, see below).
  let rank: { column: SQL; of(value: SQL): SQL } | null = null;
  const text = args.searchStr.trim();
  if (args.by === 'text') {
    const query = textQuery(text);
    if (!query) return [];
    conds.push(sql`${items.searchVector} @@ ${query}`);
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
  // walks the date index until it has them, or, for a rarer word, reads its few matches from
  // the text index: either way the work is bounded. Each candidate leaves with its sort keys,
  // relevance worked out only for those kept, so the page is picked without reading rows again.
  const kept = db
    .select({
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
    })
    .from(items)
    .where(and(...conds))
    .orderBy(args.ascend === true ? asc(items.created) : desc(items.created))
    .limit(MAX_HITS)
    .as('kept');
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
  const order = ordering(args, {
    title: sql`${multilists.title}`,
    author: sql`coalesce(nullif(${users.fullname}, ''), ${candidates.author})`,
    start: sql`${candidates.start}`,
    field1: sql`${candidates.field1}`,
    date: sql`${candidates.created}`,
    rank: rank ? sql`${candidates.rank}` : null,
  });
  const from = db.with(candidates).select({ id: candidates.id }).from(candidates);
  // Boards and users are joined only for the sorts that read them.
  const page = await (
    args.sort === 'Author Name'
      ? from.leftJoin(users, sql`lower(${users.username}) = lower(${candidates.author})`)
      : args.sort === 'Title'
        ? from.innerJoin(multilists, eq(multilists.id, candidates.board))
        : from
  )
    .orderBy(
      ...bucketOrder(order, bucketSql(args, sql`${candidates.created}`)),
      ...order.keys,
      asc(candidates.id),
    )
    .limit(limit)
    .offset(offset);
  const bucket = bucketSql(args, sql`${items.created}`);
  if (page.length === 0) return [];
  const rows = await db
    .select({ item: itemColumns, board: boardRef, bucket: sql<string>`${bucket ?? sql`'all'`}` })
    .from(items)
    .innerJoin(multilists, eq(multilists.id, items.multilistId))
    .where(
      inArray(
        items.id,
        page.map((p) => p.id),
      ),
    );
  const at = new Map(page.map((p, i) => [p.id, i]));
  return rows.sort((x, y) => at.get(x.item.id)! - at.get(y.item.id)!);
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
