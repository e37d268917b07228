import { and, asc, eq } from 'drizzle-orm';
import { setMediaLineRange } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks, items, lists } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { ItemRow } from '../boards/access';
import { editItem } from '../boards/items';
import { ordered } from '../boards/ordering';

async function firstMediaBlock(db: Db, itemId: string) {
  const rows = await db
    .select()
    .from(blocks)
    .where(eq(blocks.itemId, itemId))
    .orderBy(asc(blocks.index));
  return rows.find((b) => b.type === 'video' || b.type === 'audio');
}

async function rewriteRange(db: Db, item: ItemRow, start: number, end: number): Promise<boolean> {
  const block = await firstMediaBlock(db, item.id);
  if (!block) return false;
  const at = item.text.indexOf(block.text);
  if (at < 0) return false;
  const text =
    item.text.slice(0, at) +
    setMediaLineRange(block.text, start, end) +
    item.text.slice(at + block.text.length);
  await editItem(db, item, { text });
  return true;
}

/** The file a media block plays, its range left off. */
const fileOf = (block: { url: string | null; text: string }) =>
  (block.url ?? block.text.trim().split(/\s/)[0] ?? '').split('#')[0];

/** The item at the same index in the list beside this one (left: -1, right: +1). */
async function neighbour(db: Db, item: ItemRow, side: -1 | 1): Promise<ItemRow | undefined> {
  const [list] = await db.select().from(lists).where(eq(lists.id, item.listId));
  if (!list) return undefined;
  const [next] = await db
    .select()
    .from(lists)
    .where(and(eq(lists.multilistId, list.multilistId), eq(lists.index, list.index + side)));
  if (!next) return undefined;
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.listId, next.id), ordered, eq(items.index, item.index)));
  return row;
}

/**
 * Sets the start and/or end of an item's media range (spec section 4, Ranges). Clips laid out
 * across lists stay contiguous: a new end becomes the start of the item at the same index in the
 * next list, and a new start becomes the end of the one in the previous list, when that item
 * plays the same file (a clip of the same recording); another recording there is left alone.
 */
export async function setItemRange(
  db: Db,
  item: ItemRow,
  change: { start?: number; end?: number },
  /** Whether the caller may see an item: one they may not is left as it is, and not named. */
  sees: (item: ItemRow) => Promise<boolean>,
) {
  const block = await firstMediaBlock(db, item.id);
  if (!block) throw badRequest('This is not a media item, so it has no range to set.');
  const seen = async (row: ItemRow | undefined) => (row && (await sees(row)) ? row : undefined);
  const current = (block.range as { start: number; end: number } | null) ?? { start: 0, end: -1 };
  const start = change.start ?? current.start;
  const end = change.end ?? current.end;
  if (end !== -1 && end <= start) throw badRequest('The end of a range must come after its start.');
  await rewriteRange(db, item, start, end);
  const adjusted: string[] = [];
  if (change.end !== undefined && change.end >= 0) {
    const right = await seen(await neighbour(db, item, 1));
    const rb = right && (await firstMediaBlock(db, right.id));
    if (right && rb && fileOf(rb) === fileOf(block)) {
      const r = (rb.range as { start: number; end: number } | null) ?? { start: 0, end: -1 };
      if (r.end === -1 || r.end > change.end) {
        await rewriteRange(db, right, change.end, r.end);
        adjusted.push(right.id);
      }
    }
  }
  if (change.start !== undefined) {
    const left = await seen(await neighbour(db, item, -1));
    const lb = left && (await firstMediaBlock(db, left.id));
    if (left && lb && fileOf(lb) === fileOf(block)) {
      const r = (lb.range as { start: number; end: number } | null) ?? { start: 0, end: -1 };
      if (change.start > r.start) {
        await rewriteRange(db, left, r.start, change.start);
        adjusted.push(left.id);
      }
    }
  }
  return { itemId: item.id, start, end, adjusted };
}
