import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, items, lists } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { copyMsg, moveMsg, must } from '@listboard/core';
import type { ItemRow, Resolved } from './access';
import { canSeeItem, visibleBoard } from '../notes/visibility';
import { blockRows, storeBlocks } from './blocks-store';
import { grantFiles } from '../media/file-access';
import { insertColumns } from '../../db/insert-columns';
import { checkWordsVersion } from '../../lib/versions';
import { copyItemParts, copyOwnAnnotations } from './item-copies';
import { readSource, type Copier } from './source';
import { clampIndex, closeItemGap, itemCount, openItemGap, ordered } from './ordering';

export interface NewItem {
  listId: string;
  multilistId: string;
  owner: string;
  author: string;
  text: string;
  index?: number;
  labels?: { name: string; value: string }[];
  /**
   * Said by every caller, never defaulted: an item made from a private one (a copy, a piece of
   * it split off) is as private, and one made anew is what its writer chose.
   */
  isPrivate: boolean;
}

export async function insertItemAt(
  db: Db,
  it: NewItem,
  opts: { blocks: 'parse' | 'none' } = { blocks: 'parse' },
): Promise<{ itemId: string; index: number }> {
  const index = clampIndex(it.index, await itemCount(db, it.listId));
  await openItemGap(db, it.listId, index);
  const [row] = await db
    .insert(items)
    .values({
      listId: it.listId,
      multilistId: it.multilistId,
      index,
      owner: it.owner,
      author: it.author,
      text: it.text,
      labels: it.labels ?? [],
      isPrivate: it.isPrivate,
    })
    .returning({ id: items.id });
  const itemId = must(row, 'the new item').id;
  if (opts.blocks === 'parse') await storeBlocks(db, itemId, it.text, { owner: it.owner });
  return { itemId, index };
}

export interface NewListItem {
  text: string;
  author: string;
  /** Whose media addresses the item's text is read against; the list's owner when not given. */
  owner?: string;
  labels?: { name: string; value: string }[];
  flags?: Record<string, boolean>;
  format?: Record<string, string | number>;
  hint?: string | null;
  isPrivate?: boolean;
}

/** A new list's item rows, at positions 0..n-1, in one statement; answers their ids in order. */
export async function insertItemRows(
  db: Db,
  list: { listId: string; multilistId: string; owner: string },
  specs: readonly NewListItem[],
): Promise<string[]> {
  const made = await insertColumns(
    db,
    items,
    specs.map((it, index) => ({
      listId: list.listId,
      multilistId: list.multilistId,
      index,
      owner: it.owner ?? list.owner,
      author: it.author,
      text: it.text,
      labels: it.labels ?? [],
      flags: it.flags ?? {},
      format: it.format ?? {},
      hint: it.hint ?? null,
      isPrivate: it.isPrivate ?? false,
    })),
    ['id', 'index'],
  );
  // By position, not by the order rows come back in.
  const ids: string[] = [];
  for (const row of made) ids[row.index] = row.id;
  return ids;
}

/**
 * A new list's items, at positions 0..n-1, with their blocks parsed from their texts: two
 * statements for any number (db/insert-columns.ts), where one item at a time took five (its
 * position counted, a gap opened, the row, its old blocks cleared, its blocks). Answers the items'
 * ids in order.
 */
export async function insertListItems(
  db: Db,
  list: { listId: string; multilistId: string; owner: string },
  specs: readonly NewListItem[],
): Promise<string[]> {
  const ids = await insertItemRows(db, list, specs);
  await insertColumns(
    db,
    blocks,
    await grantFiles(
      db,
      specs.flatMap((it, i) =>
        blockRows(must(ids[i], 'a new item'), it.text, { owner: it.owner ?? list.owner }),
      ),
    ),
  );
  return ids;
}

/**
 * Copies an item with its formatting, flags, labels and markers into a list position. A copy of
 * the same text keeps its blocks as stored (a video's auto-seek, a poster frame, which the text
 * does not say); a copy with a new text has its blocks read from that text.
 */
export async function copyItem(
  db: Db,
  src: ItemRow,
  to: {
    listId: string;
    multilistId: string;
    index?: number;
    author: string;
    text?: string;
    /** With the copier's own annotations on it. */
    annotations?: boolean;
  },
): Promise<{ itemId: string; index: number }> {
  const text = to.text ?? src.text;
  const same = text === src.text;
  const { itemId, index } = await insertItemAt(
    db,
    {
      listId: to.listId,
      multilistId: to.multilistId,
      // Whose media addresses its text names: as the source's, on whichever board.
      owner: src.owner,
      author: to.author,
      text,
      index: to.index,
      labels: src.labels,
      // A private item's copy is as private (only its author, the caller, sees either).
      isPrivate: src.isPrivate,
    },
    { blocks: same ? 'none' : 'parse' },
  );
  await db
    .update(items)
    .set({ format: src.format, flags: src.flags, hint: src.hint })
    .where(eq(items.id, itemId));
  await copyItemParts(db, new Map([[src.id, itemId]]), { blocks: same });
  if (to.annotations) {
    const onto = { id: itemId, listId: to.listId, multilistId: to.multilistId };
    await copyOwnAnnotations(db, src.multilistId, to.author, new Map([[src.id, onto]]));
  }
  return { itemId, index };
}

/**
 * duplicate_item: a copy of the item `itemId` (its labels, format, flags and markers) with the
 * given text, or, without `itemId`, a new item with that text. The item copied must be one the
 * caller can see, on this board or on another (source.ts); any other answers like a missing one.
 * From another board only an item of its own comes: a note or an annotation keeps to the board
 * and the readers it was written for.
 */
export async function duplicateItem(
  db: Db,
  who: Copier,
  target: Resolved,
  args: { itemId?: string; text: string; index?: number; author: string; annotations?: boolean },
): Promise<{ itemId: string; index: number }> {
  const listId = must(target.list, 'the list to copy into').id;
  if (!args.itemId)
    return insertItemAt(db, {
      listId,
      multilistId: target.board.id,
      owner: target.board.owner,
      author: args.author,
      text: args.text,
      index: args.index,
      isPrivate: false,
    });
  const [src] = await db.select().from(items).where(eq(items.id, args.itemId));
  if (!src) throw notFound('No such item.');
  if (src.multilistId === target.board.id) {
    const board = visibleBoard(target.board, target.policy);
    if (!(await canSeeItem(db, who.viewer, board, src))) throw notFound('No such item.');
  } else {
    await readSource(db, who, { itemId: src.id });
    if (src.annotationClass !== 'none') throw badRequest(copyMsg.noteStays);
  }
  return copyItem(db, src, {
    listId,
    multilistId: target.board.id,
    index: args.index,
    author: args.author,
    text: args.text,
    annotations: args.annotations,
  });
}

export async function editItem(db: Db, item: ItemRow, args: { text: string; version?: number }) {
  checkWordsVersion('item', item, args.version);
  const next = sql`${items.version} + 1`;
  const [row] = await db
    .update(items)
    .set({
      text: args.text,
      version: next,
      ...(args.text !== item.text ? { textVersion: next } : {}),
      modified: new Date(),
    })
    .where(eq(items.id, item.id))
    .returning({ version: items.version });
  await storeBlocks(db, item.id, args.text, { owner: item.owner });
  return { itemId: item.id, version: must(row, 'the edited item').version };
}

/**
 * Makes a content item private (only its author sees it) or public again. Only its author may:
 * a private item of someone else's would vanish from the one who made it so.
 */
export async function setItemPrivate(db: Db, item: ItemRow, isPrivate: boolean, by: string) {
  if (item.author !== by) throw forbidden('Only the item’s author can make it private or public.');
  const [row] = await db
    .update(items)
    .set({ isPrivate, version: sql`${items.version} + 1`, modified: new Date() })
    .where(eq(items.id, item.id))
    .returning({ version: items.version });
  return { itemId: item.id, version: must(row, 'the item made private or public').version };
}

export async function setItemLabels(
  db: Db,
  item: ItemRow,
  labels: { name: string; value: string }[],
) {
  const [row] = await db
    .update(items)
    .set({ labels, version: sql`${items.version} + 1`, modified: new Date() })
    .where(eq(items.id, item.id))
    .returning({ version: items.version });
  return { itemId: item.id, version: must(row, 'the edited item').version };
}

/** Moves an item one place up or down in its list; blocked at either end. */
export async function moveItem(
  db: Db,
  item: ItemRow,
  direction: 'up' | 'down',
): Promise<{ index: number }> {
  const count = await itemCount(db, item.listId);
  const to = direction === 'up' ? item.index - 1 : item.index + 1;
  if (to < 0 || to >= count) throw badRequest(moveMsg.itemAtEnd(direction));
  await db
    .update(items)
    .set({ index: item.index })
    .where(and(eq(items.listId, item.listId), ordered, eq(items.index, to)));
  await db
    .update(items)
    .set({ index: to, version: sql`${items.version} + 1` })
    .where(eq(items.id, item.id));
  return { index: to };
}

/**
 * Moves an item to another list of its board, or to another place in its own: to `index` (its
 * place there afterwards, clamped to the list), or to the end. Its notes and replies go with it
 * (they are kept under its list too); its blocks, markers, versions and view state hang off its
 * id. Its own list without a place is refused: it is there already.
 */
export async function moveItemToList(
  db: Db,
  boardId: string,
  item: ItemRow,
  listId: string,
  index?: number,
): Promise<{ listId: string; index: number }> {
  if (item.annotationClass !== 'none')
    throw badRequest('A note stays with its item: move the item instead.');
  const [to] = await db.select().from(lists).where(eq(lists.id, listId));
  if (to?.multilistId !== boardId) throw badRequest('That list is not on this board.');
  const same = to.id === item.listId;
  if (same && index === undefined) throw badRequest('The item is in that list already.');
  // The other items of the list it goes to: it takes its place among them.
  const at = clampIndex(index, (await itemCount(db, to.id)) - (same ? 1 : 0));
  if (same && at === item.index) return { listId: to.id, index: at };
  await closeItemGap(db, item.listId, item.index);
  await openItemGap(db, to.id, at, item.id);
  await db
    .update(items)
    .set({ listId: to.id, index: at, version: sql`${items.version} + 1`, modified: new Date() })
    .where(eq(items.id, item.id));
  if (!same) await db.update(items).set({ listId: to.id }).where(eq(items.rootItemId, item.id));
  return { listId: to.id, index: at };
}

export async function updateItemFormat(
  db: Db,
  item: ItemRow,
  set: Record<string, string | number>,
) {
  await db
    .update(items)
    .set({
      format: sql`${items.format} || ${JSON.stringify(set)}::jsonb`,
      version: sql`${items.version} + 1`,
    })
    .where(eq(items.id, item.id));
}

export async function updateBlockAutoSeek(db: Db, blockId: string, autoSeek: boolean) {
  await db.update(blocks).set({ autoSeek }).where(eq(blocks.id, blockId));
}
