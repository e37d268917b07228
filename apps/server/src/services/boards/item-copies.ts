/**
 * What goes with a copy of items, wherever it is made (an item, a list, a board, on its own board
 * or another): their markers and blocks as stored, and the copier's own annotations on them.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { must } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks, items, mediaMarkers, textMarkers } from '../../db/schema';
import { insertColumns } from '../../db/insert-columns';

/**
 * Copies items' markers, and with `blocks` their blocks as stored (a trimmed range, a poster,
 * auto-seek), to their copies (source id → copy's id).
 */
export async function copyItemParts(
  db: Db,
  copies: ReadonlyMap<string, string>,
  opts: { blocks: boolean },
): Promise<void> {
  const sources = [...copies.keys()];
  if (!sources.length) return;
  const copyOf = (itemId: string) => must(copies.get(itemId), 'a copied item');
  if (opts.blocks) {
    const stored = await db.select().from(blocks).where(inArray(blocks.itemId, sources));
    await insertColumns(
      db,
      blocks,
      stored.map(({ id: _id, itemId, ...b }) => ({ ...b, itemId: copyOf(itemId) })),
    );
  }
  const media = await db.select().from(mediaMarkers).where(inArray(mediaMarkers.itemId, sources));
  await insertColumns(
    db,
    mediaMarkers,
    media.map(({ id: _id, itemId, ...m }) => ({ ...m, itemId: copyOf(itemId) })),
  );
  const text = await db.select().from(textMarkers).where(inArray(textMarkers.itemId, sources));
  await insertColumns(
    db,
    textMarkers,
    text.map(({ id: _id, itemId, ...m }) => ({ ...m, itemId: copyOf(itemId) })),
  );
}

/**
 * The annotations `writer` wrote on the items copied (source item id → where its copy is), each
 * onto its item's copy with its words, passage, type, label, labels and format, as private as it
 * was, and when it was written. Not the replies under them (others' words), nor anyone else's
 * annotations (theirs to copy).
 */
export async function copyOwnAnnotations(
  db: Db,
  sourceBoard: string,
  writer: string,
  copies: ReadonlyMap<string, { id: string; listId: string; multilistId: string }>,
): Promise<void> {
  const rows = await db
    .select()
    .from(items)
    .where(
      and(
        eq(items.multilistId, sourceBoard),
        eq(items.annotationClass, 'anno'),
        eq(items.author, writer),
      ),
    )
    .orderBy(asc(items.created));
  const mine = rows.filter((a) => a.rootItemId !== null && copies.has(a.rootItemId));
  const annoIds = new Map(mine.map((a) => [a.id, randomUUID()]));
  await insertColumns(
    db,
    items,
    mine.map((a) => {
      const id = must(annoIds.get(a.id), 'a copied annotation');
      const on = must(copies.get(a.rootItemId ?? ''), 'the item an annotation is on');
      return {
        id,
        listId: on.listId,
        multilistId: on.multilistId,
        index: 0,
        owner: a.owner,
        author: writer,
        hint: a.hint,
        text: a.text,
        highlight: a.highlight,
        annotationClass: 'anno' as const,
        annoType: a.annoType,
        annoLabel: a.annoLabel,
        parentId: on.id,
        rootItemId: on.id,
        threadId: id,
        isPrivate: a.isPrivate,
        labels: a.labels,
        format: a.format,
        flags: a.flags,
        // Written when it was: the item's annotations keep their order (the load's, by date).
        created: a.created,
        modified: a.modified,
      };
    }),
  );
  await copyItemParts(db, annoIds, { blocks: true });
}
