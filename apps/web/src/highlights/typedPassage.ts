/**
 * A passage named by its words rather than by a selection: someone who cannot select text (with
 * the keyboard alone, or on a small touch screen) types or pastes words from the item, and the
 * note is on the one place those words have in its text blocks, found as the card shows them
 * (blockTexts), so the passage is the one a selection of the same words would give. Case and the
 * spaces between words do not matter; the quote is the item's own words. Whole words count
 * before pieces of words ("the" names "the prompt", not "Then"); words found in more than one
 * place name none, and the form asks for more of them. A PDF's words are those of the page it
 * shows, and the passage keeps that page, as a selection there would.
 */
import { describeSelection, regexLiteral, type Item, type TextTarget } from '@listboard/core';
import { offscreenText, TEXT_BLOCKS } from './blockTexts';
import { pdfOf } from '../media/pdfs';

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** The passage the words name, or how many places they are in (none, or more than one). */
export type TypedPassage = { passage: TextTarget } | { places: number };

export function passageOfWords(item: Item, words: string): TypedPassage {
  const pieces = words.trim().split(/\s+/u).filter(Boolean);
  if (pieces.length === 0) return { places: 0 };
  const pattern = new RegExp(pieces.map(regexLiteral).join('\\s+'), 'giu');
  const found: {
    index: number;
    whole: string;
    start: number;
    end: number;
    isWord: boolean;
    page?: number;
  }[] = [];
  for (const [index, block] of item.blocks.entries()) {
    if (!TEXT_BLOCKS.has(block.type)) continue;
    // A PDF's words are those of the page it shows, once they are drawn.
    const shown = block.type === 'document' ? pdfOf(item._id, block._id)?.words() : null;
    const whole = shown?.text ?? offscreenText(block);
    for (const m of whole.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      const isWord =
        !WORD_CHAR.test(whole.charAt(start - 1) || ' ') &&
        !WORD_CHAR.test(whole.charAt(end) || ' ');
      found.push({ index, whole, start, end, isWord, page: shown?.page });
    }
  }
  const asWords = found.filter((f) => f.isWord);
  const places = asWords.length > 0 ? asWords : found;
  const [one] = places;
  if (places.length !== 1 || !one) return { places: places.length };
  const block = item.blocks[one.index];
  return {
    passage: describeSelection(one.whole, one.start, one.end, {
      blockId: block?._id ?? null,
      blockIndex: one.index,
      version: item.version,
      page: one.page,
    }),
  };
}
