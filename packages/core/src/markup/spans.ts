/**
 * Where an item's blocks and sentences sit in its text, so markers set on them (cursorIndex) can
 * be turned back into places to cut the text, and one block's text can be rewritten in place.
 *
 * Sentences are numbered across the whole item in block order. A text block (text, mdtext,
 * mdlist) is cut after '.', '!', '?' or '…' (and any closing quotes or brackets) followed by
 * white space; any other block (media, code, math, a table) is one sentence. The web's cursor
 * counts the same way (sentenceEnds).
 */
import { textToBlocks } from './blocks';
import type { MarkupContext } from './context';

export interface Span {
  start: number;
  end: number;
}

const SENTENCE_BLOCKS = new Set(['text', 'mdtext', 'mdlist']);
const SENTENCE_END = /[.!?…]+["'”’)\]]*\s+/g;

export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Each block's span in the (normalized) text, with its type. */
export function blockSpans(text: string, ctx: MarkupContext = {}): (Span & { type: string })[] {
  const t = normalizeText(text);
  const out: (Span & { type: string })[] = [];
  let from = 0;
  for (const b of textToBlocks(t, ctx)) {
    const at = t.indexOf(b.text, from);
    // The split keeps every block's lines verbatim, so each is found after the one before.
    if (at < 0) throw new Error('block text not found in item text');
    out.push({ start: at, end: at + b.text.length, type: b.type });
    from = at + b.text.length;
  }
  return out;
}

/** Sentence spans within one block's text, relative to it. */
export function sentencesOf(blockText: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  for (const m of blockText.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (end >= blockText.length) break;
    out.push({ start, end: m.index + m[0].trimEnd().length });
    start = end;
  }
  out.push({ start, end: blockText.length });
  return out;
}

/**
 * Which sentence of a block's shown text an offset falls in (0-based), counted with the same
 * sentence ends as sentencesOf. The web uses it on the rendered text of a clicked block, which
 * keeps the markup's sentence ends though not its syntax.
 */
export function sentenceEnds(shownText: string, offset: number): number {
  let n = 0;
  for (const s of sentencesOf(shownText)) {
    if (offset < s.end || s.end >= shownText.length) break;
    n++;
  }
  return n;
}

export function sentenceSpans(text: string, ctx: MarkupContext = {}): Span[] {
  const t = normalizeText(text);
  return blockSpans(t, ctx).flatMap((b) =>
    SENTENCE_BLOCKS.has(b.type)
      ? sentencesOf(t.slice(b.start, b.end)).map((s) => ({
          start: b.start + s.start,
          end: b.start + s.end,
        }))
      : [{ start: b.start, end: b.end }],
  );
}

/** The text with block `index` replaced. */
export function replaceBlock(text: string, index: number, blockText: string): string {
  const t = normalizeText(text);
  const span = blockSpans(t)[index];
  if (!span) throw new Error(`no block ${index}`);
  return t.slice(0, span.start) + blockText + t.slice(span.end);
}
