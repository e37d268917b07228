/**
 * The Trash: a delete of an item (with every note and reply on it), a note (with the replies
 * under it), a list (with its items) or a board keeps a snapshot of all those rows in one Trash
 * entry, in the delete's transaction, then removes them. The rows are gone, so nothing deleted
 * shows on any channel. Putting an entry back writes the same rows again, in one transaction, at
 * the place they had (or the nearest one left), each reader's view of them with them.
 */
import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  can,
  canSee,
  headlineOf,
  type AppVersion,
  type Viewer,
  type VisibleBoard,
  type VisibleItem,
  must,
} from '@listboard/core';
import type { Restored, TrashEntry } from '@listboard/core/api/contracts/undo';
import type { Db } from '../../db/client';
import { items, lists, multilists, trash, type TrashRows } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { NO_TRASH_ENTRY, type BoardRow, type ItemRow, type ListRow, type Resolved } from './access';
import { subjectOf, visibleBoard, type EventSubject } from '../notes/visibility';
import type { Actor } from '../accounts/users';
import { dropViewStates } from './viewstates';
import { boardRows, itemRows, putBack } from './trash-rows';
import {
  clampIndex,
  closeItemGap,
  closeListGap,
  itemCount,
  listCount,
  openItemGap,
  openListGap,
} from './ordering';

/** Entries kept per board, and deleted boards per owner; older ones go for good. */
export const TRASH_KEPT = 100;
export const TRASHED_BOARDS_KEPT = 50;

type Entry = typeof trash.$inferInsert;

async function keep(db: Db, entry: Entry): Promise<{ ok: true; trashId: string }> {
  const [row] = await db.insert(trash).values(entry).returning({ id: trash.id });
  if (entry.kind === 'board') {
    // A board dropped from the Trash takes its own entries with it.
    await db.execute(sql`with gone as (
        delete from ${trash} where ${trash.owner} = ${entry.owner} and ${trash.kind} = 'board'
        and ${trash.id} not in (select ${trash.id} from ${trash} where ${trash.owner} = ${entry.owner}
          and ${trash.kind} = 'board' order by ${trash.deletedAt} desc limit ${TRASHED_BOARDS_KEPT})
        returning ${trash.multilistId} as id)
      delete from ${trash} where ${trash.multilistId} in (select id from gone)`);
  } else {
    await db.execute(sql`delete from ${trash} where ${trash.multilistId} = ${entry.multilistId}
      and ${trash.kind} <> 'board' and ${trash.id} not in (select ${trash.id} from ${trash}
        where ${trash.multilistId} = ${entry.multilistId} and ${trash.kind} <> 'board'
        order by ${trash.deletedAt} desc limit ${TRASH_KEPT})`);
  }
  return { ok: true, trashId: must(row, 'the Trash entry').id };
}

/** A note and every reply below it, however deep. */
async function withReplies(db: Db, note: ItemRow): Promise<string[]> {
  if (!note.rootItemId) return [note.id];
  const replies = await db
    .select({ id: items.id, parentId: items.parentId })
    .from(items)
    .where(and(eq(items.rootItemId, note.rootItemId), eq(items.annotationClass, 'reply')));
  const ids = new Set([note.id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of replies) {
      if (r.parentId && ids.has(r.parentId) && !ids.has(r.id)) {
        ids.add(r.id);
        grew = true;
      }
    }
  }
  return [...ids];
}

/** delete_item: an item with its notes and replies, or a note with its replies, to the Trash. */
export async function trashItem(db: Db, board: BoardRow, item: ItemRow, by: string) {
  const seen = await subjectOf(db, item);
  const title = headlineOf([], item.text) || '(empty)';
  if (item.annotationClass === 'none') {
    const these = must(or(eq(items.id, item.id), eq(items.rootItemId, item.id)), 'the item rows');
    const rows = await itemRows(db, these, item.id);
    rows.viewStates = await dropViewStates(db, { itemId: item.id });
    const kept = await keep(db, {
      multilistId: board.id,
      owner: board.owner,
      kind: 'item',
      title,
      deletedBy: by,
      parentId: item.listId,
      index: item.index,
      seen: seen as unknown as Record<string, unknown>,
      rows,
    });
    await db.delete(items).where(these);
    await closeItemGap(db, item.listId, item.index);
    return kept;
  }
  const ids = await withReplies(db, item);
  const rows = await itemRows(db, inArray(items.id, ids), item.id);
  rows.viewStates = await dropViewStates(db, { ids });
  const kept = await keep(db, {
    multilistId: board.id,
    owner: board.owner,
    kind: 'note',
    title,
    deletedBy: by,
    parentId: item.rootItemId,
    index: 0,
    seen: seen as unknown as Record<string, unknown>,
    rows,
  });
  await db.delete(items).where(inArray(items.id, ids));
  return kept;
}

/** remove_list: a list with its items and everything on them, to the Trash. */
export async function trashList(db: Db, board: BoardRow, list: ListRow, by: string) {
  const contentOfList = db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.listId, list.id), eq(items.annotationClass, 'none')));
  const these = must(
    or(eq(items.listId, list.id), inArray(items.rootItemId, contentOfList)),
    'the list rows',
  );
  const rows = await itemRows(db, these);
  const views = await dropViewStates(db, { listId: list.id });
  const kept = await keep(db, {
    multilistId: board.id,
    owner: board.owner,
    kind: 'list',
    title: list.title || '(untitled list)',
    deletedBy: by,
    parentId: board.id,
    index: list.index,
    rows: { lists: [list], ...rows, viewStates: views },
  });
  await db.delete(items).where(these);
  await db.delete(lists).where(eq(lists.id, list.id));
  await closeListGap(db, list.multilistId, list.index);
  return kept;
}

/** delete_multilist: a whole board to its owner's Trash. */
export async function trashBoard(db: Db, board: BoardRow, by: string) {
  const rows: TrashRows = {
    ...(await boardRows(db, board)),
    lists: await db.select().from(lists).where(eq(lists.multilistId, board.id)),
    ...(await itemRows(db, eq(items.multilistId, board.id))),
    viewStates: await dropViewStates(db, { multilistId: board.id }),
  };
  const kept = await keep(db, {
    multilistId: board.id,
    owner: board.owner,
    kind: 'board',
    title: board.title,
    deletedBy: by,
    rows,
  });
  await db.delete(multilists).where(eq(multilists.id, board.id));
  return kept;
}

/** The fields of an item row the visibility rule reads, as the Trash's JSON holds them. */
interface Seen extends VisibleItem {
  id: string;
  threadId: string | null;
}

const seenSql = sql<Seen[] | null>`(select jsonb_agg(jsonb_build_object('id', e->'id',
  'author', e->'author', 'isPrivate', e->'isPrivate', 'groupName', e->'groupName',
  'noteStatus', e->'noteStatus', 'annotationClass', e->'annotationClass',
  'threadId', e->'threadId')) from jsonb_array_elements(${trash.rows}->'items') e)`;

const bare = (r: Seen): VisibleItem => ({
  author: r.author,
  isPrivate: r.isPrivate,
  groupName: r.groupName,
  noteStatus: r.noteStatus,
  annotationClass: r.annotationClass,
});

/** Notes (or replies) among an entry's rows that the viewer may see: the first row is the root. */
function notesSeen(viewer: Viewer, board: VisibleBoard, rows: Seen[]): number {
  const [root, ...rest] = rows;
  if (!root) return 0;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const on = root.annotationClass === 'none' ? bare(root) : null;
  return rest.filter((r) => {
    if (r.annotationClass === 'none') return false;
    const thread = r.annotationClass === 'reply' && r.threadId ? byId.get(r.threadId) : null;
    return canSee(viewer, {
      kind: 'item',
      board,
      item: bare(r),
      thread: thread ? bare(thread) : null,
      on,
    });
  }).length;
}

/** Whether the viewer may see an entry's item or note (a list: whoever sees the board). */
function entrySeen(viewer: Viewer, board: VisibleBoard, entry: { seen: unknown }): boolean {
  if (!entry.seen) return true;
  const s = entry.seen as EventSubject;
  return canSee(viewer, { kind: 'item', board, item: s.item, thread: s.thread, on: s.on });
}

/**
 * list_trash: what was deleted from the board, newest first, as far as the caller may see it;
 * to the board's owner, also the boards they deleted.
 */
export async function listTrash(
  db: Db,
  viewer: Viewer,
  target: Resolved,
): Promise<{ entries: TrashEntry[] }> {
  const board = visibleBoard(target.board, target.policy);
  const me = viewer.user?.username ?? null;
  const mine = me !== null && me === target.board.owner ? me : null;
  const rows = await db
    .select({
      id: trash.id,
      kind: trash.kind,
      title: trash.title,
      owner: trash.owner,
      deletedBy: trash.deletedBy,
      deletedAt: trash.deletedAt,
      seen: trash.seen,
      items: seenSql,
      listAuthor: sql<string | null>`${trash.rows}->'lists'->0->>'author'`,
      ptitle: sql<string | null>`${trash.rows}->'multilists'->0->>'ptitle'`,
    })
    .from(trash)
    .where(
      mine
        ? or(
            and(eq(trash.multilistId, board.id), ne(trash.kind, 'board')),
            and(eq(trash.owner, mine), eq(trash.kind, 'board')),
          )
        : and(eq(trash.multilistId, board.id), ne(trash.kind, 'board')),
    )
    .orderBy(desc(trash.deletedAt));
  const entries = rows
    .filter((r) => entrySeen(viewer, board, r))
    .map((r): TrashEntry => {
      const its = r.items ?? [];
      const content = its.filter((i) => i.annotationClass === 'none').length;
      return {
        _id: r.id,
        kind: r.kind,
        title: r.title,
        author:
          r.kind === 'board'
            ? r.owner
            : r.kind === 'list'
              ? (r.listAuthor ?? '')
              : (its[0]?.author ?? ''),
        deletedBy: r.deletedBy,
        deletedAt: r.deletedAt.toISOString(),
        notes: r.kind === 'item' || r.kind === 'note' ? notesSeen(viewer, board, its) : 0,
        items: r.kind === 'list' || r.kind === 'board' ? content : 0,
        ...(r.kind === 'board' && r.ptitle ? { address: `/${r.owner}/${r.ptitle}` } : {}),
      };
    });
  return { entries };
}

type ItemSnapshot = Record<string, unknown> & { id: string; listId: string; index: number };

/**
 * restore_from_trash: the entry's rows back where they were. An item goes back into its list at
 * its index (clamped), a list into its board; a note onto its item (a reply under its note). What
 * it was in must still be there, and a board's address must still be free.
 */
export async function restoreFromTrash(
  db: Db,
  ctx: { viewer: Viewer; actor: Actor; appVersion: AppVersion },
  target: Resolved & { trash: typeof trash.$inferSelect },
): Promise<Restored> {
  const { board, policy } = target;
  const entry = target.trash;
  const rows: TrashRows = entry.rows;
  const at = { multilistId: board.id, owner: board.owner, ptitle: board.ptitle };
  if (!entrySeen(ctx.viewer, visibleBoard(board, policy), entry)) throw notFound(NO_TRASH_ENTRY);
  if (entry.kind === 'board') {
    if (!can(ctx.actor, policy, 'deleteBoard', { appVersion: ctx.appVersion }))
      throw forbidden('Only the owner of a board may put it back.');
    const [taken] = await db
      .select({ id: multilists.id })
      .from(multilists)
      .where(and(eq(multilists.owner, board.owner), eq(multilists.ptitle, board.ptitle)));
    if (taken)
      throw conflict(
        `There is already a board at /${board.owner}/${board.ptitle}: rename it, then put this one back.`,
      );
  } else if (entry.kind === 'list') {
    const list = rows.lists?.[0];
    if (!list) throw notFound(NO_TRASH_ENTRY);
    const index = clampIndex(entry.index, await listCount(db, board.id));
    await openListGap(db, board.id, index);
    rows.lists = [{ ...list, index }];
  } else {
    const snap = (rows.items ?? []) as ItemSnapshot[];
    const root = snap[0];
    if (!root) throw notFound(NO_TRASH_ENTRY);
    const listId = await placeItems(db, board, entry, root);
    rows.items = snap.map((r) => ({ ...r, listId }));
    if (entry.kind === 'item') {
      const index = clampIndex(entry.index, await itemCount(db, listId));
      await openItemGap(db, listId, index);
      rows.items[0] = { ...rows.items[0], index };
    }
  }
  await putBack(db, rows);
  await db.delete(trash).where(eq(trash.id, entry.id));
  const root = rows.items?.[0] as ItemSnapshot | undefined;
  if (entry.kind === 'list') return { kind: 'list', ...at, listId: String(rows.lists?.[0]?.id) };
  if (entry.kind === 'board' || !root) return { kind: entry.kind, ...at };
  return { kind: entry.kind, ...at, listId: root.listId, itemId: root.id };
}

/** The list an item or note goes back into; refused when what held it is gone. */
async function placeItems(
  db: Db,
  board: BoardRow,
  entry: typeof trash.$inferSelect,
  root: ItemSnapshot,
): Promise<string> {
  const held = entry.parentId;
  if (entry.kind === 'item') {
    const [list] = held
      ? await db
          .select({ id: lists.id })
          .from(lists)
          .where(and(eq(lists.id, held), eq(lists.multilistId, board.id)))
      : [];
    if (!list)
      throw conflict('The list this item was in has been deleted: put the list back first.');
    return list.id;
  }
  const [on] = held
    ? await db
        .select({ id: items.id, listId: items.listId })
        .from(items)
        .where(and(eq(items.id, held), eq(items.multilistId, board.id)))
    : [];
  if (!on) throw conflict('The item this note was on has been deleted: put the item back first.');
  const parent = root.parentId as string | null;
  if (root.annotationClass === 'reply' && parent && parent !== on.id) {
    const [p] = await db.select({ id: items.id }).from(items).where(eq(items.id, parent));
    if (!p)
      throw conflict('The note this reply answered has been deleted: put that note back first.');
  }
  return on.listId;
}
