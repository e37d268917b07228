/**
 * Sentences view: text blocks are shown one sentence to a line. The cut follows the server's
 * text markers (apps/server/src/media/text-spans.ts) so a sentence number here is the
 * sentence a marker at that cursor names: after '.', '!', '?' or '…' (and any closing quotes or
 * brackets) followed by white space; any other block is one sentence.
 */
import type { Block } from '@listboard/core';

const SENTENCE_BLOCKS = new Set(['text', 'mdtext']);
const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+/g;

export function splitSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (end >= text.length) break;
    out.push(text.slice(start, m.index + m[0].trimEnd().length));
    start = end;
  }
  out.push(text.slice(start));
  return out.filter((s) => s.trim() !== '');
}

/** Whether a block is cut into sentences (lists and media are one sentence each). */
export const splitsIntoSentences = (b: Block) => SENTENCE_BLOCKS.has(b.type);

/** The blocks as the sentences view shows them: one block per sentence, numbered in order. */
export function sentenceBlocks(blocks: Block[]): { block: Block; n: number }[] {
  let n = 0;
  return blocks.flatMap((b) => {
    if (splitsIntoSentences(b))
      return splitSentences(b.text).map((s) => ({
        block: { ...b, _id: undefined, text: s },
        n: n++,
      }));
    const at = n;
    // A markdown list stays whole on screen but counts its sentences, as the markers do.
    n += b.type === 'mdlist' ? Math.max(1, splitSentences(b.text).length) : 1;
    return [{ block: b, n: at }];
  });
}
