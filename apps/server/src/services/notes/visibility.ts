/**
 * The server's side of core's canSee: it gathers what the rule needs (the viewer's groups, the
 * boards their session unlocked, a reply's thread) and refuses a hidden thing exactly as it
 * refuses a missing one.
 */
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import {
  boardOpen,
  canSee,
  type PolicyBoard,
  type Viewer,
  type VisibleBoard,
  type VisibleItem,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { boardUnlocks, groupMembers, groups, items } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { policyBoardOf, type BoardRow, type ItemRow, type Resolved } from '../boards/access';
import type { Actor } from '../accounts/users';

export async function userGroupNames(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId));
  return rows.map((r) => r.name);
}

/** What the visibility rule reads of an item (core VisibleItem), as the columns to select. */
export const VISIBLE_ITEM_COLUMNS = {
  author: items.author,
  isPrivate: items.isPrivate,
  groupName: items.groupName,
  noteStatus: items.noteStatus,
  annotationClass: items.annotationClass,
};

export const LOCKED_BOARD = 'This board is locked: enter its password first.';

/** The viewer as canSee needs them: their groups and the boards this session has unlocked. */
export async function viewerFor(
  db: Db,
  actor: Actor | null,
  sessionId: string | null,
): Promise<Viewer> {
  const [groups, unlocks] = await Promise.all([
    actor ? userGroupNames(db, actor.id) : Promise.resolve([]),
    sessionId
      ? db
          .select({ id: boardUnlocks.multilistId })
          .from(boardUnlocks)
          .where(eq(boardUnlocks.sessionId, sessionId))
      : Promise.resolve([]),
  ]);
  return { user: actor, groups, unlocked: new Set(unlocks.map((u) => u.id)) };
}

export const visibleBoard = (board: BoardRow, policy: PolicyBoard): VisibleBoard => ({
  ...policy,
  id: board.id,
  hasPassword: board.passwordHash != null,
});

/** A board row as the rule needs it, its members read for its policy. */
export const visibleBoardOf = async (db: Db, board: BoardRow): Promise<VisibleBoard> =>
  visibleBoard(board, await policyBoardOf(db, board));

/** The note or annotation at the root of a reply's thread; null for anything else. */
export async function threadOf(db: Db, item: ItemRow): Promise<ItemRow | null> {
  if (item.annotationClass !== 'reply' || !item.threadId) return null;
  const [root] = await db.select().from(items).where(eq(items.id, item.threadId));
  return root ?? null;
}

/** Thread roots of these replies, by id, in one query. */
export async function threadsOf(
  db: Db,
  rows: readonly Pick<ItemRow, 'annotationClass' | 'threadId'>[],
): Promise<Map<string, ItemRow>> {
  const ids = [
    ...new Set(
      rows.flatMap((r) => (r.annotationClass === 'reply' && r.threadId ? [r.threadId] : [])),
    ),
  ];
  if (ids.length === 0) return new Map();
  const roots = await db.select().from(items).where(inArray(items.id, ids));
  return new Map(roots.map((r) => [r.id, r]));
}

/** The content item a note, annotation or reply hangs off; null for a content item. */
export async function onOf(db: Db, item: ItemRow): Promise<ItemRow | null> {
  if (item.annotationClass === 'none' || !item.rootItemId) return null;
  const [root] = await db.select().from(items).where(eq(items.id, item.rootItemId));
  return root ?? null;
}

/** The items these notes, annotations and replies hang off, by id, in one query. */
export async function onItemsOf(
  db: Db,
  rows: readonly Pick<ItemRow, 'annotationClass' | 'rootItemId'>[],
): Promise<Map<string, ItemRow>> {
  const ids = [
    ...new Set(
      rows.flatMap((r) => (r.annotationClass !== 'none' && r.rootItemId ? [r.rootItemId] : [])),
    ),
  ];
  if (ids.length === 0) return new Map();
  const roots = await db.select().from(items).where(inArray(items.id, ids));
  return new Map(roots.map((r) => [r.id, r]));
}

export async function canSeeItem(
  db: Db,
  viewer: Viewer,
  board: VisibleBoard,
  item: ItemRow,
): Promise<boolean> {
  const [thread, on] = await Promise.all([threadOf(db, item), onOf(db, item)]);
  return canSee(viewer, { kind: 'item', board, item, thread, on });
}

/**
 * Refuses a call whose target the viewer cannot see. An item or list on a board still locked for
 * this session, or an item the viewer may not see, answers as if it did not exist. A call on a
 * locked board itself (other than reading its view state or giving its password) is refused with
 * the locked message, since the board's name is public but its content is not.
 */
export async function assertVisible(
  db: Db,
  viewer: Viewer,
  target: Resolved,
  opts: { allowLocked: boolean },
): Promise<void> {
  const board = visibleBoard(target.board, target.policy);
  if (!boardOpen(viewer, board)) {
    if (target.block) throw notFound('No such block.');
    if (target.item) throw notFound('No such item.');
    if (target.list) throw notFound('No such list.');
    if (!opts.allowLocked) throw forbidden(LOCKED_BOARD);
    return;
  }
  if (target.item && !(await canSeeItem(db, viewer, board, target.item))) {
    throw notFound(target.block ? 'No such block.' : 'No such item.');
  }
}

/**
 * Content items (not notes) a file may carry for this user: every item that is not private, and
 * the user's own private ones. The SQL form of canSee for a board already open to the caller.
 */
export function contentSeenBy(username: string | null): SQL | undefined {
  return username === null
    ? eq(items.isPrivate, false)
    : or(eq(items.isPrivate, false), eq(items.author, username));
}

const visibilityOf = (row: ItemRow): VisibleItem => ({
  author: row.author,
  isPrivate: row.isPrivate,
  groupName: row.groupName,
  noteStatus: row.noteStatus,
  annotationClass: row.annotationClass,
});

export interface EventSubject {
  item: VisibleItem;
  thread: VisibleItem | null;
  /** For a note, annotation or reply: the item it hangs off. */
  on: VisibleItem | null;
}

/** An item as the visibility rule sees it, with its thread's root and the item it is on. */
export async function subjectOf(db: Db, row: ItemRow): Promise<EventSubject> {
  const [thread, on] = await Promise.all([threadOf(db, row), onOf(db, row)]);
  return {
    item: visibilityOf(row),
    thread: thread ? visibilityOf(thread) : null,
    on: on ? visibilityOf(on) : null,
  };
}

/**
 * What a live event about a call must carry for each stream to decide who hears of it: the item
 * the call made (a new note, say) or acted on, as it stands after the call, and as it stood
 * before (`before`, taken ahead of the call). Whoever could see it on either side hears of the
 * change, so a note dismissed or made private leaves the screens of those who saw it.
 */
export async function eventSubjects(
  db: Db,
  target: Resolved,
  result: unknown,
  before: EventSubject | undefined,
): Promise<EventSubject[] | undefined> {
  const made =
    result !== null && typeof result === 'object' && 'itemId' in result ? result.itemId : undefined;
  const id = typeof made === 'string' ? made : target.item?.id;
  if (!id) return undefined;
  const [now] = await db.select().from(items).where(eq(items.id, id));
  const subjects = now ? [await subjectOf(db, now)] : [];
  if (before && target.item?.id === id) subjects.push(before);
  return subjects.length ? subjects : undefined;
}
