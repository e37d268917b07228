/** The queries of a board load that run on every request, built and prepared once. */
import { and, eq, getTableColumns, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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

/** A view state as a load reads it: what it is on, and the state. */
export interface ViewStateOf {
  kind: 'multilist' | 'list' | 'item';
  targetId: string;
  state: Record<string, unknown>;
}

/**
 * Whether a view state is one the user keeps on the given boards, their lists or their items:
 * each is looked up in its own kind's table by its key. `onBoards` says whether a board id
 * column is among the boards.
 */
const viewStateOnBoards = (user: SQL, onBoards: (boardId: AnyColumn) => SQL) => sql`
  ${viewStates.userId} = ${user} and (
    (${viewStates.kind} = 'multilist' and ${onBoards(viewStates.targetId)})
    or (${viewStates.kind} = 'list' and exists (select 1 from ${lists}
      where ${lists.id} = ${viewStates.targetId} and ${onBoards(lists.multilistId)}))
    or (${viewStates.kind} = 'item' and exists (select 1 from ${items}
      where ${items.id} = ${viewStates.targetId} and ${onBoards(items.multilistId)})))`;

/** The caller's view states on the board, as rows, in the one query that finds the board. */
const viewStatesOfBoard = sql<ViewStateOf[]>`coalesce((
  select json_agg(json_build_object(
    'kind', ${viewStates.kind}, 'targetId', ${viewStates.targetId}, 'state', ${viewStates.state}))
  from ${viewStates}
  where ${viewStateOnBoards(sql`${sql.placeholder('user')}::uuid`, (id) => sql`${id} = ${multilists.id}`)}), '[]'::json)`;

/**
 * Two queries every load makes, prepared once per database handle so the database parses and
 * plans them once per connection: the board with its members and the caller's view states by
 * address (for a load of one board, most loads: one round trip after the session), and the
 * caller's view states on several boards (for a load of several).
 */
function prepareLoad(db: Db) {
  const boards = sql`${sql.placeholder('boards')}::uuid[]`;
  return {
    board: db
      .select({ ...boardWithMembers, viewStates: viewStatesOfBoard })
      .from(multilists)
      .where(
        and(
          eq(multilists.owner, sql.placeholder('owner')),
          eq(multilists.ptitle, sql.placeholder('ptitle')),
        ),
      )
      .prepare('board_by_address'),
    viewStates: db
      .select({ kind: viewStates.kind, targetId: viewStates.targetId, state: viewStates.state })
      .from(viewStates)
      .where(
        viewStateOnBoards(
          sql`${sql.placeholder('user')}::uuid`,
          (id) => sql`${id} = any(${boards})`,
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
