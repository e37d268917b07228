/** The queries of a board load that run on every request, built and prepared once. */
import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { boardMembers, items, lists, multilists, viewStates } from '../../db/schema';
import type { MemberRow } from './rows';

/** The board's members as rows, in the one query that finds the board. */
const membersOfBoard = sql<MemberRow[]>`coalesce((
  select json_agg(json_build_object(
    'multilistId', m.multilist_id, 'username', m.username, 'kind', m.kind,
    'privileges', m.privileges, 'contributorOnly', m.contributor_only))
  from ${boardMembers} m where m.multilist_id = ${multilists.id}), '[]'::json)`;

export const boardWithMembers = { ...getTableColumns(multilists), members: membersOfBoard };

/**
 * Two queries every load makes, prepared once per database handle so the database parses and
 * plans them once per connection: the board with its members by address (for a load of one
 * board, most loads), and the caller's view states on the boards, their lists and their items.
 */
function prepareLoad(db: Db) {
  const boards = sql`${sql.placeholder('boards')}::uuid[]`;
  return {
    board: db
      .select(boardWithMembers)
      .from(multilists)
      .where(
        and(
          eq(multilists.owner, sql.placeholder('owner')),
          eq(multilists.ptitle, sql.placeholder('ptitle')),
        ),
      )
      .prepare('board_by_address'),
    viewStates: db
      .select()
      .from(viewStates)
      .where(
        and(
          eq(viewStates.userId, sql.placeholder('user')),
          or(
            sql`${viewStates.targetId} = any(${boards})`,
            sql`${viewStates.targetId} in (select id from ${lists} where ${lists.multilistId} = any(${boards}))`,
            sql`${viewStates.targetId} in (select id from ${items} where ${items.multilistId} = any(${boards}))`,
          ),
        ),
      )
      .prepare('view_states_of_boards'),
  };
}
const preparedLoads = new WeakMap<Db, ReturnType<typeof prepareLoad>>();
export function preparedFor(db: Db) {
  let kept = preparedLoads.get(db);
  if (!kept) preparedLoads.set(db, (kept = prepareLoad(db)));
  return kept;
}
