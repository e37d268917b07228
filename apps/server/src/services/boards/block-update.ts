/**
 * forms/update_block (spec section 7): a block's media range, address, poster or whole media
 * line text is changed by rewriting that block's text inside the item's text and parsing it
 * again; auto-seek is kept on the block row.
 */
import { eq } from 'drizzle-orm';
import { parseMediaLine, replaceBlock, setMediaLineRange, splitBlockTexts } from '@listboard/core';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { blockMsg } from '../../media/messages';
import { mediaLineOf, setMediaLineAddress, setMediaLinePoster } from '../../media/media-line';
import type { ItemRow } from './access';
import { toBlock } from './present';
import { blockAt, rewriteItemText } from './item-rewrite';

export interface BlockSet {
  text?: string;
  range?: { start?: number; end?: number };
  url?: string;
  posterPath?: string;
  posterUrl?: string;
  autoSeek?: boolean;
}

export async function updateBlock(db: Db, item: ItemRow, blockId: string, set: BlockSet) {
  // Read again under the board lock: a concurrent re-parse may have replaced the row.
  const [block] = await db.select().from(blocks).where(eq(blocks.id, blockId));
  if (!block || block.itemId !== item.id) throw notFound('No such block.');
  const media = mediaLineOf(block.text);
  const touchesText =
    set.text !== undefined ||
    set.range !== undefined ||
    set.url !== undefined ||
    set.posterPath !== undefined ||
    set.posterUrl !== undefined;
  if (touchesText && !media) throw badRequest(blockMsg.notMedia);

  let text = block.text;
  if (set.text !== undefined) {
    const [only, ...more] = splitBlockTexts(set.text);
    if (only === undefined || more.length > 0) throw badRequest(blockMsg.oneBlock);
    text = only;
    if (!mediaLineOf(text)) throw badRequest(blockMsg.notMedia);
  }
  if (set.url !== undefined) {
    if (/\s/.test(set.url.trim()) || !parseMediaLine(set.url.trim()))
      throw badRequest(`Not a media address: ${set.url}`);
    text = setMediaLineAddress(text, set.url.trim());
  }
  if (set.range !== undefined) {
    if (block.type !== 'video' && block.type !== 'audio')
      throw badRequest('Only a video or audio block has a range.');
    const current = mediaLineOf(text)?.range ?? { start: 0, end: -1 };
    const start = set.range.start ?? current.start;
    const end = set.range.end ?? current.end;
    if (start < 0) throw badRequest('The start of a range cannot be negative.');
    if (end !== -1 && end <= start)
      throw badRequest('The end of a range must come after its start.');
    text = setMediaLineRange(text, start, end);
  }
  const poster = set.posterPath ?? set.posterUrl;
  if (poster !== undefined) {
    if (/\s/.test(poster.trim()) || !parseMediaLine(poster.trim()))
      throw badRequest(`Not a poster address: ${poster}`);
    text = setMediaLinePoster(text, poster.trim());
  }

  if (text !== block.text)
    await rewriteItemText(db, item, replaceBlock(item.text, block.index, text));
  let row = await blockAt(db, item.id, block.index);
  if (!row) throw notFound('No such block.');
  if (set.autoSeek !== undefined) {
    await db.update(blocks).set({ autoSeek: set.autoSeek }).where(eq(blocks.id, row.id));
    row = { ...row, autoSeek: set.autoSeek };
  }
  return { itemId: item.id, block: toBlock(row) };
}
