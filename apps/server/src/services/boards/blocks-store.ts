import { eq } from 'drizzle-orm';
import { textToBlocks, type MarkupContext } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';

/** The block rows an item's text parses into. */
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

/** Replaces an item's stored blocks with those parsed from its text (one source of truth: the text). */
export async function storeBlocks(
  db: Db,
  itemId: string,
  text: string,
  ctx: MarkupContext,
): Promise<void> {
  await db.delete(blocks).where(eq(blocks.itemId, itemId));
  const rows = blockRows(itemId, text, ctx);
  if (rows.length) await db.insert(blocks).values(rows);
}
