import { eq } from 'drizzle-orm';
import { textToBlocks, type MarkupContext } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';

/** Replaces an item's stored blocks with those parsed from its text (one source of truth: the text). */
export async function storeBlocks(
  db: Db,
  itemId: string,
  text: string,
  ctx: MarkupContext,
): Promise<void> {
  await db.delete(blocks).where(eq(blocks.itemId, itemId));
  const parsed = textToBlocks(text, ctx);
  if (parsed.length === 0) return;
  await db.insert(blocks).values(
    parsed.map((b, index) => ({
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
    })),
  );
}
