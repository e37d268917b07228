import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';
import type { BlockRow, ItemRow } from './access';
import { editItem } from './items';

export async function blocksOf(db: Db, itemId: string): Promise<BlockRow[]> {
  return db.select().from(blocks).where(eq(blocks.itemId, itemId)).orderBy(asc(blocks.index));
}

export async function firstMediaBlock(db: Db, itemId: string): Promise<BlockRow | undefined> {
  return (await blocksOf(db, itemId)).find((b) => b.type === 'video' || b.type === 'audio');
}

/** Replaces an item's text and parses its blocks again (storeBlocks keeps those that stay). */
export async function rewriteItemText(db: Db, item: ItemRow, text: string): Promise<BlockRow[]> {
  await editItem(db, item, { text });
  return blocksOf(db, item.id);
}

export async function blockAt(
  db: Db,
  itemId: string,
  index: number,
): Promise<BlockRow | undefined> {
  const [row] = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.itemId, itemId), eq(blocks.index, index)));
  return row;
}
