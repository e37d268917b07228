/**
 * Notes listed on a results page (Listings, Discussion) carry the item they are on as it is now:
 * its blocks and version. The page shows the note apart from that item, and looks for the note's
 * passage in the item's current text to say whether it is on an earlier version.
 */
import { asc, inArray } from 'drizzle-orm';
import { isTextTarget, type Item, type VisibleItem } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks, items } from '../../db/schema';
import { toBlock } from '../boards/present';
import { VISIBLE_ITEM_COLUMNS } from './visibility';

/**
 * Adds `onItem` to each note with a text passage. The caller has checked who may see the notes;
 * `sees` says whether the reader may also see the item a note is on (it may since have been made
 * private), and an item they may not see is left out.
 */
export async function withNoteItems(
  db: Db,
  notes: Item[],
  sees: (note: Item, item: VisibleItem) => boolean,
): Promise<void> {
  const quoting = notes.flatMap((note) =>
    note.rootItem && isTextTarget(note.highlight) ? [{ note, rootId: note.rootItem }] : [],
  );
  const ids = [...new Set(quoting.map((q) => q.rootId))];
  if (ids.length === 0) return;
  const [rows, blockRows] = await Promise.all([
    db
      .select({
        id: items.id,
        version: items.version,
        ...VISIBLE_ITEM_COLUMNS,
      })
      .from(items)
      .where(inArray(items.id, ids)),
    db
      .select()
      .from(blocks)
      .where(inArray(blocks.itemId, ids))
      .orderBy(asc(blocks.itemId), asc(blocks.index)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const { note: n, rootId } of quoting) {
    const root = byId.get(rootId);
    if (!root || !sees(n, root)) continue;
    n.onItem = {
      _id: rootId,
      version: root.version,
      blocks: blockRows.filter((b) => b.itemId === rootId).map(toBlock),
    };
  }
}
