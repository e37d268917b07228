/**
 * Resolves what a call acts on (a board, a list, an item or a block) to its board, locks the
 * board row for the rest of the transaction so index renumbering never interleaves, and asks
 * core/policy whether the actor may. The one place routes get permission from.
 */
import { and, eq } from 'drizzle-orm';
import {
  boardMsg,
  can,
  denialMessage,
  isGuestUser,
  pathTitle,
  type AppVersion,
  type BoardAction,
  type PolicyBoard,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks, boardMembers, items, lists, multilists, trash } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import type { Actor } from '../accounts/users';
import { boardOfRows } from './trash-rows';

export type BoardRow = typeof multilists.$inferSelect;
export type ListRow = typeof lists.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type BlockRow = typeof blocks.$inferSelect;
export type TrashRow = typeof trash.$inferSelect;

export type Target =
  | { multilistId: string }
  | { listId: string }
  | { itemId: string }
  | { blockId: string }
  | { trashId: string }
  | { owner: string; title: string };

export interface Resolved {
  board: BoardRow;
  policy: PolicyBoard;
  list?: ListRow;
  item?: ItemRow;
  block?: BlockRow;
  /** An entry of the Trash; for a deleted board, `board` is the board as it was. */
  trash?: TrashRow;
}

/**
 * What resolving a target of a given kind is sure to find: a list for a list id, an item and its
 * list for an item id, a block with its item and list for a block id. A call declared with an
 * item target reads `target.item` with no check of its own.
 */
export type ResolvedFor<T extends Target> = T extends { trashId: string }
  ? Resolved & { trash: TrashRow }
  : T extends { blockId: string }
    ? Resolved & { block: BlockRow; item: ItemRow; list: ListRow }
    : T extends { itemId: string }
      ? Resolved & { item: ItemRow; list: ListRow }
      : T extends { listId: string }
        ? Resolved & { list: ListRow }
        : Resolved;

/** What the policy needs to know of a board: its owner and its members by kind. */
export function policyBoard(
  board: Pick<BoardRow, 'owner'>,
  members: readonly Pick<typeof boardMembers.$inferSelect, 'kind' | 'username' | 'privileges'>[],
) {
  return {
    owner: board.owner,
    authors: members.filter((m) => m.kind === 'author').map((m) => m.username),
    members: members
      .filter((m) => m.kind === 'member')
      .map((m) => ({ username: m.username, privileges: m.privileges })),
    contributors: members.filter((m) => m.kind === 'contributor').map((m) => m.username),
  };
}

/** policyBoard, with the board's members read from the database. */
export async function policyBoardOf(db: Db, board: BoardRow): Promise<PolicyBoard> {
  const members = await db
    .select()
    .from(boardMembers)
    .where(eq(boardMembers.multilistId, board.id));
  return policyBoard(board, members);
}

async function lockBoard(db: Db, id: string): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(multilists).where(eq(multilists.id, id)).for('update');
  return row;
}

async function readBoard(db: Db, id: string): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(multilists).where(eq(multilists.id, id));
  return row;
}

/** Nothing in the Trash has this id, or nothing the caller may see. */
export const NO_TRASH_ENTRY = 'Nothing in the Trash has that id.';

/**
 * A Trash entry and its board, locked: a live board as any target's, a deleted board as its
 * entry holds it (its members from there too), with the entry's row locked instead.
 */
async function resolveTrash(db: Db, trashId: string): Promise<Resolved & { trash: TrashRow }> {
  const [entry] = await db.select().from(trash).where(eq(trash.id, trashId));
  if (!entry) throw notFound(NO_TRASH_ENTRY);
  if (entry.kind === 'board') {
    const [locked] = await db.select().from(trash).where(eq(trash.id, trashId)).for('update');
    const board = locked ? boardOfRows(locked.rows) : null;
    if (!locked || !board) throw notFound(NO_TRASH_ENTRY);
    const members = (locked.rows.boardMembers ?? []) as (typeof boardMembers.$inferSelect)[];
    return { board, policy: policyBoard(board, members), trash: locked };
  }
  const board = await lockBoard(db, entry.multilistId);
  if (!board) throw notFound('No such board.');
  const [locked] = await db.select().from(trash).where(eq(trash.id, trashId)).for('update');
  if (!locked) throw notFound(NO_TRASH_ENTRY);
  return { board, policy: await policyBoardOf(db, board), trash: locked };
}

export async function resolveTarget<T extends Target>(
  db: Db,
  target: T,
  /** lock: false reads the board without locking it (what a copy to another board is made from). */
  { lock = true }: { lock?: boolean } = {},
): Promise<ResolvedFor<T>> {
  if ('trashId' in target) return (await resolveTrash(db, target.trashId)) as ResolvedFor<T>;
  let list: ListRow | undefined;
  let item: ItemRow | undefined;
  let block: BlockRow | undefined;
  let boardId: string | undefined;
  if ('blockId' in target) {
    [block] = await db.select().from(blocks).where(eq(blocks.id, target.blockId));
    if (!block) throw notFound('No such block.');
    [item] = await db.select().from(items).where(eq(items.id, block.itemId));
  } else if ('itemId' in target) {
    [item] = await db.select().from(items).where(eq(items.id, target.itemId));
    if (!item) throw notFound('No such item.');
  }
  if (item) {
    boardId = item.multilistId;
    [list] = await db.select().from(lists).where(eq(lists.id, item.listId));
  } else if ('listId' in target) {
    [list] = await db.select().from(lists).where(eq(lists.id, target.listId));
    if (!list) throw notFound('No such list.');
    boardId = list.multilistId;
  } else if ('multilistId' in target) {
    boardId = target.multilistId;
  } else if ('owner' in target) {
    const [row] = await db
      .select({ id: multilists.id })
      .from(multilists)
      .where(
        and(eq(multilists.owner, target.owner), eq(multilists.ptitle, pathTitle(target.title))),
      );
    if (!row) throw notFound(boardMsg.couldNotFindBoard(`${target.owner}/${target.title}`));
    boardId = row.id;
  }
  const board = boardId
    ? await (lock ? lockBoard(db, boardId) : readBoard(db, boardId))
    : undefined;
  if (!board) throw notFound('No such board.');
  // Re-read the list and item after the lock, so their indexes are the settled ones; one removed
  // meanwhile is as missing as one that never was.
  if (list) [list] = await db.select().from(lists).where(eq(lists.id, list.id));
  if (item) [item] = await db.select().from(items).where(eq(items.id, item.id));
  const wantsItem = 'itemId' in target || 'blockId' in target;
  if (wantsItem && (!item || !list)) throw notFound('No such item.');
  if ('listId' in target && !list) throw notFound('No such list.');
  const resolved: Resolved = { board, policy: await policyBoardOf(db, board), list, item, block };
  return resolved as ResolvedFor<T>;
}

/** The actor, once core/policy lets them take the action on the board; refuses them otherwise. */
export function authorize(
  actor: Actor | null,
  policy: PolicyBoard,
  action: BoardAction,
  appVersion: AppVersion,
  /** What the call does, in words, where its action says less (core `denialMessage`). */
  words?: string,
): Actor {
  if (!actor) throw unauthorized();
  if (!can(actor, policy, action, { appVersion })) {
    throw forbidden(denialMessage(action, { guest: isGuestUser(actor), words }));
  }
  return actor;
}
