/**
 * An item's previous texts: an edit that changes an item's words keeps the words it replaced,
 * in the edit's transaction; the last ITEM_VERSIONS_KEPT are kept. Restoring one is an edit too,
 * so the text it replaces is kept in turn and the restore can itself be undone.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { ItemVersionEntry } from '@listboard/core/api/contracts/undo';
import type { Db } from '../../db/client';
import { itemVersions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ItemRow } from './access';
import { editItem } from './items';

export const ITEM_VERSIONS_KEPT = 20;

/** edit_item: the new text, with the text it replaces kept as a previous version. */
export async function editItemKeepingText(
  db: Db,
  item: ItemRow,
  args: { text: string; version?: number },
  by: string,
): Promise<{ itemId: string; version: number }> {
  const edited = await editItem(db, item, args);
  if (args.text !== item.text) {
    await db
      .insert(itemVersions)
      .values({ itemId: item.id, text: item.text, version: item.version, editedBy: by });
    const newest = db
      .select({ id: itemVersions.id })
      .from(itemVersions)
      .where(eq(itemVersions.itemId, item.id))
      .orderBy(desc(itemVersions.at), desc(itemVersions.version))
      .limit(ITEM_VERSIONS_KEPT);
    await db
      .delete(itemVersions)
      .where(and(eq(itemVersions.itemId, item.id), notInArray(itemVersions.id, newest)));
  }
  return edited;
}

/** list_item_versions: newest first. */
export async function listItemVersions(
  db: Db,
  item: ItemRow,
): Promise<{ versions: ItemVersionEntry[] }> {
  const rows = await db
    .select()
    .from(itemVersions)
    .where(eq(itemVersions.itemId, item.id))
    .orderBy(desc(itemVersions.at), desc(itemVersions.version));
  return {
    versions: rows.map((r) => ({
      _id: r.id,
      text: r.text,
      version: r.version,
      editedBy: r.editedBy,
      at: r.at.toISOString(),
    })),
  };
}

/** A previous text of this item, by the version's id: what restore_item_version writes back. */
export async function previousText(db: Db, item: ItemRow, versionId: string): Promise<string> {
  const [old] = await db
    .select({ text: itemVersions.text })
    .from(itemVersions)
    .where(and(eq(itemVersions.id, versionId), eq(itemVersions.itemId, item.id)));
  if (!old) throw notFound('No such previous version of this item.');
  return old.text;
}
