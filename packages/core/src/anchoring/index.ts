/**
 * A note on selected text keeps the quote with a little context and its position, so it can be
 * found again after the item is edited: exact matches are scored by how much of the prefix and
 * suffix still surround them and how near they are to where the quote used to be.
 */
import type { TextHighlight } from '../model';

const CONTEXT = 32;

export function describeSelection(text: string, start: number, end: number): TextHighlight {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  return {
    exact: text.slice(s, e),
    prefix: text.slice(Math.max(0, s - CONTEXT), s),
    suffix: text.slice(e, e + CONTEXT),
    start: s,
    end: e,
  };
}

function commonSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Where the highlighted words are now, or null when they are gone from the text. */
export function anchorSelector(
  text: string,
  sel: TextHighlight,
): { start: number; end: number } | null {
  if (!sel.exact) return null;
  let best: { start: number; score: number } | null = null;
  for (let at = text.indexOf(sel.exact); at >= 0; at = text.indexOf(sel.exact, at + 1)) {
    const before = text.slice(Math.max(0, at - sel.prefix.length), at);
    const after = text.slice(at + sel.exact.length, at + sel.exact.length + sel.suffix.length);
    const context = commonSuffixLength(before, sel.prefix) + commonPrefixLength(after, sel.suffix);
    // Context counts most; distance breaks ties between equally surrounded copies.
    const score = context * 1000 - Math.min(999, Math.abs(at - sel.start));
    if (!best || score > best.score) best = { start: at, score };
  }
  return best ? { start: best.start, end: best.start + sel.exact.length } : null;
}
