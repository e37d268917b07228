/**
 * Notes listed on a results page (Listings, Discussion) carry the item they are on as it is now:
 * its blocks and version. The page shows the note apart from that item, and looks for the note's
 * passage in the item's current text to say whether it is on an earlier version.
 */
import { asc, inArray } from 'drizzle-orm';
import { isTextTarget, type Item } from '@listboard/core';
import type { Db } from '../db/client';
import { blocks, items } from '../db/schema';
import { toBlock } from './boards/present';

/** Adds `onItem` to each note with a text passage; the caller has checked who may see them. */
export async function withNoteItems(db: Db, notes: Item[]): Promise<void> {
  const quoting = notes.filter((n) => n.rootItem && isTextTarget(n.highlight));
  const ids = [...new Set(quoting.map((n) => n.rootItem!))];
  if (ids.length === 0) return;
  const [rows, blockRows] = await Promise.all([
    db.select({ id: items.id, version: items.version }).from(items).where(inArray(items.id, ids)),
    db
      .select()
      .from(blocks)
      .where(inArray(blocks.itemId, ids))
      .orderBy(asc(blocks.itemId), asc(blocks.index)),
  ]);
  const version = new Map(rows.map((r) => [r.id, r.version]));
  for (const n of quoting) {
    const v = version.get(n.rootItem!);
    if (v === undefined) continue;
    n.onItem = {
      _id: n.rootItem!,
      version: v,
      blocks: blockRows.filter((b) => b.itemId === n.rootItem).map(toBlock),
    };
  }
}
