import { eq } from 'drizzle-orm';
import { textToBlocks, type MarkupContext } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';
import { grantFiles } from '../media/file-access';

/** The block rows an item's text parses into, showing no stored file yet (grantFiles). */
export function blockRows(
  itemId: string,
  text: string,
  ctx: MarkupContext,
): (typeof blocks.$inferInsert)[] {
  return textToBlocks(text, ctx).map((b, index) => ({
    itemId,
    index,
    text: b.text,
    type: b.type,
    url: b.url ?? null,
    fullpathnq: b.fullpathnq ?? null,
    suffix: b.suffix ?? null,
    range: b.range ? { ...b.range } : null,
    caption: b.caption ?? null,
    altText: b.altText ?? null,
    titleText: b.titleText ?? null,
    posterUrl: b.posterUrl ?? null,
    posterPath: b.posterPath ?? null,
    isUpload: b.isUpload ?? false,
    autoSeek: b.autoSeek ?? false,
    boardRefs: b.boardRefs ?? null,
    jsMedia: b.jsMedia ? { ...b.jsMedia } : null,
    highlightLanguage: b.highlightLanguage ?? null,
  }));
}

type Kept = Pick<typeof blocks.$inferSelect, 'id' | 'index' | 'type' | 'text' | 'autoSeek'>;

/**
 * Which stored block each new one is, by its place in `rows`: first a block of the same type and
 * text (unchanged, wherever it now stands), then, in order, the blocks of the same type left (the
 * ones the edit changed: an item's video with a new caption is still its video). A block of a
 * type the item had no more of before is new.
 */
function sameBlocks(before: readonly Kept[], rows: readonly (typeof blocks.$inferInsert)[]) {
  const free = new Set([...before].sort((a, b) => a.index - b.index));
  const match = new Map<number, Kept>();
  const take = (i: number, test: (b: Kept) => boolean) => {
    for (const old of free)
      if (test(old)) {
        free.delete(old);
        match.set(i, old);
        return;
      }
  };
  rows.forEach((r, i) => take(i, (b) => b.type === r.type && b.text === r.text));
  rows.forEach((r, i) => {
    if (!match.has(i)) take(i, (b) => b.type === r.type);
  });
  return match;
}

/**
 * Replaces an item's stored blocks with those parsed from its text (one source of truth: the
 * text). A block the edit left as it was, or changed, keeps its id and its Trim (autoSeek, kept
 * only on the row): a page showing the item keeps its player playing, a note's anchor still names
 * its block, and a call naming the block still finds it. A stored file the item named before keeps
 * whether it showed it; only a file the edit names anew is asked of its writer (grantFiles).
 */
export async function storeBlocks(
  db: Db,
  itemId: string,
  text: string,
  ctx: MarkupContext,
): Promise<void> {
  const before = await db.delete(blocks).where(eq(blocks.itemId, itemId)).returning({
    id: blocks.id,
    index: blocks.index,
    type: blocks.type,
    text: blocks.text,
    autoSeek: blocks.autoSeek,
    isUpload: blocks.isUpload,
    fullpathnq: blocks.fullpathnq,
    shows: blocks.shows,
  });
  const rows = await grantFiles(db, blockRows(itemId, text, ctx), before);
  const same = sameBlocks(before, rows);
  const kept = rows.map((r, i) => {
    const old = same.get(i);
    return old ? { ...r, id: old.id, autoSeek: r.autoSeek || old.autoSeek } : r;
  });
  if (kept.length) await db.insert(blocks).values(kept);
}
