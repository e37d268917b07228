/**
 * Who may see what, as SQL for a search's WHERE clause, so a page is a page of hits the caller
 * may see and nothing hidden is ever read out: the rules mirror core's roleFor/canSeeNote (a
 * private item or note: its author only; a group note: its author, the group and the board's
 * moderators; a dismissed note: its author and the moderators) and the board rules of
 * boards/load (a password board: its moderators or a session that entered the password; an
 * unlisted board: its owner, its members or that session). Site admins see every board but not
 * others' private notes, as canSeeNote says.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isGuestUser, isSiteAdmin, type AppVersion } from '@listboard/core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows-of';
import { boardMembers, boardUnlocks, items, multilists } from '../../db/schema';
import type { Actor } from '../accounts/users';

export interface SearchContext {
  actor: Actor | null;
  sessionId: string | null;
  appVersion: AppVersion;
  /** Names of the caller's groups. */
  groups: string[];
}

/** The caller's name, or null for a guest, who owns nothing and is a member of nothing. */
export function nameOf(actor: Actor | null): string | null {
  return actor && !isGuestUser(actor) ? actor.username : null;
}

/** roleFor gives author or editor: owner, coauthor not marked contributor-only, or member. */
export function moderatorSql(name: string | null): SQL {
  if (name === null) return sql`false`;
  return sql`(${multilists.owner} = ${name} or exists (
    select 1 from ${boardMembers} m where m.multilist_id = ${multilists.id} and m.username = ${name}
      and (m.kind = 'member' or (m.kind = 'author' and not exists (
        select 1 from ${boardMembers} c where c.multilist_id = m.multilist_id
          and c.username = m.username and c.kind = 'contributor')))))`;
}

/** The board of the row (`multilists`) is one whose password this session entered. */
export function unlockedSql(ctx: SearchContext): SQL {
  return ctx.sessionId
    ? sql`exists (select 1 from ${boardUnlocks} u where u.multilist_id = ${multilists.id} and u.session_id = ${ctx.sessionId})`
    : sql`false`;
}

export function boardVisibleSql(ctx: SearchContext): SQL {
  if (isSiteAdmin(ctx.actor)) return sql`true`;
  const name = nameOf(ctx.actor);
  const unlocked = unlockedSql(ctx);
  const member =
    name === null
      ? sql`false`
      : sql`(${multilists.owner} = ${name} or exists (select 1 from ${boardMembers} a where a.multilist_id = ${multilists.id} and a.username = ${name}))`;
  return sql`((${multilists.passwordHash} is null or ${moderatorSql(name)} or ${unlocked})
    and (${multilists.listed} or ${member} or ${unlocked}))`;
}

/** What a caller may search: the boards they see. */
export interface BoardAccess {
  /** How many boards the caller may see. */
  count: number;
  /**
   * The boards seen are most of the boards there are (as the planner's statistics count them):
   * the search then asks of each item's board the visibility rule itself (`boardsSql`).
   */
  most: boolean;
  /** The ids of the boards seen, when they are not most of them. */
  visible: string[];
  /**
   * The ids of the boards the caller moderates, when they are at most MODERATED_LISTED; null
   * when more, and the search then asks the rule itself (`moderatedSql`).
   */
  moderated: string[] | null;
}

/**
 * Up to this many boards a caller moderates are sent to the search's query as a list, which the
 * database plans at once; the rule itself is asked three times in that query (groups, dismissed
 * notes, replies), a third of the time spent planning a rare word's page.
 */
export const MODERATED_LISTED = 200;

/**
 * The boards a caller may search: null for a site admin, who sees every board. Boards are few
 * next to items, so this is one small query, and it leaves the item query with no join: the
 * database can then walk items in date order and stop early. The ids come back as one list of
 * text in one row: a row per board made each search map a thousand rows, and an array of uuids
 * is parsed a character at a time. When the caller sees most boards their ids are not sent at
 * all (see `boardsSql`).
 */
export async function boardAccess(db: Db, ctx: SearchContext): Promise<BoardAccess | null> {
  if (isSiteAdmin(ctx.actor)) return null;
  const [row] = await rowsOf<{
    count: number;
    most: boolean;
    visible: string | null;
    moderated: string | null;
    moderating: number;
  }>(
    db,
    sql`select n.count, n.most, case when n.most then null else n.visible end as visible,
          case when m.moderating <= ${MODERATED_LISTED} then coalesce(m.moderated, '') end as moderated,
          m.moderating
        from (select count(*)::int as count, b.reltuples > 0 and count(*) * 2 > b.reltuples as most,
                string_agg(${multilists.id}::text, ',') as visible
              from ${multilists},
                (select reltuples::float8 from pg_class where oid = 'multilists'::regclass) b
              where ${boardVisibleSql(ctx)}
              group by b.reltuples) n,
          (select count(*)::int as moderating, string_agg(${multilists.id}::text, ',') as moderated
            from ${multilists} where ${moderatorSql(nameOf(ctx.actor))}) m`,
  );
  const ids = (list: string | null | undefined) => (list ? list.split(',') : []);
  return {
    count: row?.count ?? 0,
    most: row?.most ?? false,
    visible: ids(row?.visible),
    moderated: row && row.moderated !== null ? ids(row.moderated) : null,
  };
}

export const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Items on the boards the caller may search. When those are a few boards, the board index finds
 * their items and the database can intersect it with the text index. When they are most boards,
 * reading that index costs more than it leaves out (on a million items: 900,000 entries read in
 * 38 ms to set aside a tenth of a word's 10,800 matches), and the planner, which cannot tell
 * how many items the list holds, still chose it. The condition is then the visibility rule
 * itself, asked once of every board in the same query (a hashed sub-plan) and written so that no
 * index serves it (`is true`, which means the same here: a board id is never null): it only
 * filters. A list of a thousand ids as a parameter had cost more than the rest of a rare word's
 * query (2.2 ms of 3.7: sent, parsed, planned and hashed each time).
 */
export function boardsSql(access: BoardAccess | null, ctx: SearchContext): SQL {
  if (!access) return sql`true`;
  if (access.most) {
    return sql`(${items.multilistId} in (select ${multilists.id} from ${multilists}
      where ${boardVisibleSql(ctx)})) is true`;
  }
  return sql`${items.multilistId} = any(${uuidArray(access.visible)})`;
}

/**
 * Items on the boards the caller moderates: the list of them when the first query brought it,
 * else asked once of every board in the same query.
 */
function moderatedSql(access: BoardAccess | null, ctx: SearchContext): SQL {
  if (!access || isSiteAdmin(ctx.actor)) return sql`true`;
  if (access.moderated) {
    return access.moderated.length
      ? sql`${items.multilistId} = any(${uuidArray(access.moderated)})`
      : sql`false`;
  }
  return sql`${items.multilistId} in (select ${multilists.id} from ${multilists}
    where ${moderatorSql(nameOf(ctx.actor))})`;
}

export function itemVisibleSql(access: BoardAccess | null, ctx: SearchContext): SQL {
  const name = nameOf(ctx.actor);
  const moderator = moderatedSql(access, ctx);
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
