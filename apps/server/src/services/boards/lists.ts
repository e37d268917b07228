import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items, lists } from '../../db/schema';
import { moveMsg, must } from '@listboard/core';
import { badRequest } from '../../lib/errors';
import { checkWordsVersion } from '../../lib/versions';
import type { BoardRow, ListRow } from './access';
import { insertItemRows, insertListItems } from './items';
import { copyItemParts, copyOwnAnnotations } from './item-copies';
import { contentSeenBy } from '../notes/visibility';
import { clampIndex, listCount, openListGap, ordered } from './ordering';

/**
 * Splits pasted text into item texts: items are separated by blank lines. A line of spaces of
 * any kind is blank (a word processor's "empty" line holds a non-breaking space), and Windows
 * line ends are line ends.
 */
export function splitItemText(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n/)
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

export async function insertList(
  db: Db,
  args: {
    multilistId: string;
    owner: string;
    author: string;
    title: string;
    description?: string;
    index?: number;
    itemTexts?: string[];
  },
): Promise<{ listId: string; index: number }> {
  const index = clampIndex(args.index, await listCount(db, args.multilistId));
  await openListGap(db, args.multilistId, index);
  const [row] = await db
    .insert(lists)
    .values({
      multilistId: args.multilistId,
      index,
      title: args.title,
      description: args.description ?? '',
      author: args.author,
    })
    .returning({ id: lists.id });
  const listId = must(row, 'the new list').id;
  await insertListItems(
    db,
    { listId, multilistId: args.multilistId, owner: args.owner },
    (args.itemTexts ?? []).map((text) => ({ text, author: args.author })),
  );
  return { listId, index };
}

export async function editList(
  db: Db,
  list: ListRow,
  args: { title?: string; description?: string; notesDue?: string | null; version?: number },
) {
  checkWordsVersion('list', list, args.version);
  const next = sql`${lists.version} + 1`;
  const changed =
    (args.title !== undefined && args.title !== list.title) ||
    (args.description !== undefined && args.description !== list.description);
  const [row] = await db
    .update(lists)
    .set({
      ...(args.title !== undefined ? { title: args.title } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
      ...(args.notesDue !== undefined
        ? { notesDue: args.notesDue ? new Date(args.notesDue) : null }
        : {}),
      version: next,
      ...(changed ? { textVersion: next } : {}),
      modified: new Date(),
    })
    .where(eq(lists.id, list.id))
    .returning({ version: lists.version });
  return { listId: list.id, version: must(row, 'the edited list').version };
}

/**
 * duplicate_list: a copy of `source` on the board `to`: right after it, titled as a copy, on its
 * own board; at the end, under its own title, on another (the caller has seen it: source.ts).
 */
export async function duplicateList(
  db: Db,
  source: ListRow,
  to: BoardRow,
  args: { title?: string; author: string; annotations?: boolean },
): Promise<{ listId: string; index: number }> {
  const here = source.multilistId === to.id;
  const { listId, index } = await insertList(db, {
    multilistId: to.id,
    owner: source.author,
    author: args.author,
    title: args.title?.trim() ? args.title : here ? `${source.title} (copy)` : source.title,
    description: source.description,
    ...(here ? { index: source.index + 1 } : {}),
  });
  // The items the caller can see, in order: another's private item is not theirs to copy (nor to
  // make public in the copy); a gap it leaves is closed.
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.listId, source.id), ordered, contentSeenBy(args.author)))
    .orderBy(asc(items.index));
  // Each copy with its source's formatting, flags, labels, privacy, blocks as stored and markers,
  // in a few statements.
  const copies = await insertItemRows(
    db,
    { listId, multilistId: to.id, owner: source.author },
    rows.map((row) => ({
      text: row.text,
      author: args.author,
      owner: row.owner,
      labels: row.labels,
      flags: row.flags,
      format: row.format,
      hint: row.hint,
      isPrivate: row.isPrivate,
    })),
  );
  const copyOf = new Map(rows.map((row, i) => [row.id, must(copies[i], 'a copied item')]));
  await copyItemParts(db, copyOf, { blocks: true });
  if (args.annotations) {
    const onto = new Map(
      [...copyOf].map(([from, id]) => [from, { id, listId, multilistId: to.id }]),
    );
    await copyOwnAnnotations(db, source.multilistId, args.author, onto);
  }
  return { listId, index };
}

/** Moves a list one place left or right; blocked at either end. */
export async function moveList(
  db: Db,
  list: ListRow,
  direction: 'left' | 'right',
): Promise<{ index: number }> {
  const count = await listCount(db, list.multilistId);
  const to = direction === 'left' ? list.index - 1 : list.index + 1;
  if (to < 0 || to >= count) throw badRequest(moveMsg.listAtEnd(direction));
  await db
    .update(lists)
    .set({ index: list.index })
    .where(and(eq(lists.multilistId, list.multilistId), eq(lists.index, to)));
  await db
    .update(lists)
    .set({ index: to, version: sql`${lists.version} + 1` })
    .where(eq(lists.id, list.id));
  return { index: to };
}

/** Puts the lists in the given order; the order must name every list of the board once. */
export async function reorderLists(
  db: Db,
  multilistId: string,
  listOrder: string[],
): Promise<void> {
  const current = await db
    .select({ id: lists.id })
    .from(lists)
    .where(eq(lists.multilistId, multilistId));
  const ids = new Set(current.map((l) => l.id));
  if (
    listOrder.length !== ids.size ||
    new Set(listOrder).size !== listOrder.length ||
    !listOrder.every((id) => ids.has(id))
  ) {
    throw badRequest('The new order must name every list of the board exactly once.');
  }
  for (const [index, id] of listOrder.entries()) {
    await db.update(lists).set({ index }).where(eq(lists.id, id));
  }
}

/** Reverses a list's items and renumbers them. */
export async function reverseList(db: Db, list: ListRow): Promise<void> {
  await db
    .update(items)
    .set({
      index: sql`(select count(*) from ${items} i2 where i2.list_id = ${list.id} and i2.annotation_class = 'none') - 1 - ${items.index}`,
    })
    .where(and(eq(items.listId, list.id), ordered));
  await db
    .update(lists)
    .set({
      reverse: sql`not ${lists.reverse}`,
      version: sql`${lists.version} + 1`,
      modified: new Date(),
    })
    .where(eq(lists.id, list.id));
}
