/**
 * A passage named by its words rather than by a selection: someone who cannot select text (with
 * the keyboard alone, or on a small touch screen) types or pastes words from the item, and the
 * note is on their first place in its text blocks, found as the card shows them (blockTexts),
 * so the passage is the one a selection of the same words would give. Case and the spaces
 * between words do not matter; the quote is the item's own words.
 */
import { describeSelection, type Item, type TextTarget } from '@listboard/core';
import { offscreenText, TEXT_BLOCKS } from './blockTexts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function passageOfWords(item: Item, words: string): TextTarget | null {
  const pieces = words.trim().split(/\s+/u).filter(Boolean);
  if (pieces.length === 0) return null;
  const pattern = new RegExp(pieces.map(escape).join('\\s+'), 'iu');
  for (const [index, block] of item.blocks.entries()) {
    if (!TEXT_BLOCKS.has(block.type)) continue;
    const whole = offscreenText(block);
    const found = pattern.exec(whole);
    if (!found) continue;
    return describeSelection(whole, found.index, found.index + found[0].length, {
      blockId: block._id ?? null,
      blockIndex: index,
      version: item.version,
    });
  }
  return null;
}
