/**
 * Finding a note's passage in the item as it is now, the way the Hypothesis client re-anchors:
 * first at its recorded position, then by its quote (the copy whose context agrees best, nearest
 * the old place), then approximately (a bounded number of differences, approx-string-match).
 * A passage found none of these ways is an orphan: it is shown as on an earlier version and never
 * moved to other words.
 */
import search from 'approx-string-match';
import {
  QUOTE_CONTEXT,
  findQuote,
  positionOf,
  type TextPositionSelector,
  type TextQuoteSelector,
  type TextTarget,
} from './selectors';

/** One block's rendered text, with its id when it has one. */
export interface AnchorBlock {
  id?: string | null;
  text: string;
}

/** Where a passage is now. */
export interface Anchored {
  blockIndex: number;
  start: number;
  end: number;
  /** At its recorded position, by its quote and context, or approximately. */
  how: 'position' | 'quote' | 'fuzzy';
  /** Differences between the quote and the words found: 0 unless found approximately. */
  errors: number;
}

/**
 * The most differences an approximate match may have: a fifth of the quote, at most 32; a quote
 * shorter than 8 characters must be found as it is, since a few changed letters would make it
 * other words.
 */
export function maxFuzzyErrors(exact: string): number {
  return exact.length < 8 ? 0 : Math.min(32, Math.floor(exact.length / 5));
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

/**
 * Differences between `pattern` and the text that starts `window` (the text may run on past the
 * match): edit distance with the window's tail free.
 */
function leadingDistance(pattern: string, window: string): number {
  let prev = Array.from({ length: window.length + 1 }, (_, j) => j);
  for (let i = 1; i <= pattern.length; i++) {
    // Walking the previous row: `left` is this row's cell before j, `diag` the previous row's.
    let left = i;
    let diag = i - 1;
    prev = prev.map((up, j) => {
      if (j === 0) return i;
      const same = pattern[i - 1] === window[j - 1] ? 0 : 1;
      left = Math.min(up + 1, left + 1, diag + same);
      diag = up;
      return left;
    });
  }
  return Math.min(...prev);
}

const reverse = (s: string) => Array.from(s).reverse().join('');

/** Stands for the edge of a block in a context. */
const EDGE = '\u0000'.repeat(8);

/** Whether a character is part of a word, a space, or the edge of the text. */
function kindOf(c: string | undefined): 'edge' | 'space' | 'word' | 'mark' {
  if (c === undefined) return 'edge';
  if (/\s/.test(c)) return 'space';
  return /[\p{L}\p{N}]/u.test(c) ? 'word' : 'mark';
}

/**
 * How well the text around start..end agrees with the quote's context: how much of the prefix
 * and suffix still lead up to and away from the passage (edits inside the context cost only what
 * they change), and whether the passage starts and ends between the same kinds of characters.
 */
function contextScore(text: string, start: number, end: number, q: TextQuoteSelector) {
  const before = text.slice(Math.max(0, start - q.prefix.length), start);
  const after = text.slice(end, end + q.suffix.length);
  const adjacent = commonSuffixLength(before, q.prefix) + commonPrefixLength(after, q.suffix);
  // Near the edge of a block the context was cut short when recorded, and is still.
  const full = adjacent === q.prefix.length + q.suffix.length;
  // A context cut short by the block's edge says where the passage was as words do: the edge
  // counts as a run of characters of its own, on both sides of the comparison.
  const slack = 16;
  const from = start - q.prefix.length - slack;
  const to = end + q.suffix.length + slack;
  const wideBefore = (from <= 0 ? EDGE : '') + text.slice(Math.max(0, from), start);
  const wideAfter = text.slice(end, to) + (to >= text.length ? EDGE : '');
  const prefix = (q.prefix.length < QUOTE_CONTEXT ? EDGE : '') + q.prefix;
  const suffix = q.suffix + (q.suffix.length < QUOTE_CONTEXT ? EDGE : '');
  const prefixKept = prefix.length - leadingDistance(reverse(prefix), reverse(wideBefore));
  const suffixKept = suffix.length - leadingDistance(suffix, wideAfter);
  const edges =
    (kindOf(text[start - 1]) === kindOf(q.prefix.at(-1)) ? 1 : 0) +
    (kindOf(text[end]) === kindOf(q.suffix[0]) ? 1 : 0);
  return { full, score: (prefixKept + suffixKept) * 4 + adjacent + edges * 8 };
}

/** The block the target was chosen in, if it is still there: by id, else by its place. */
function hintedBlock(blocks: readonly AnchorBlock[], t: TextTarget): number | null {
  if (!t.block) return null;
  const id = t.block.id;
  if (id) {
    const byId = blocks.findIndex((b) => b.id === id);
    if (byId >= 0) return byId;
  }
  return t.block.index < blocks.length ? t.block.index : null;
}

interface Candidate {
  blockIndex: number;
  start: number;
  end: number;
  errors: number;
  context: number;
}

/** Farther from the old place is worse: other blocks count as far, by how many blocks away. */
function distance(c: Candidate, hint: number | null, pos: TextPositionSelector | null): number {
  if (hint === null) return c.blockIndex * 1_000_000 + c.start;
  const blocks = Math.abs(c.blockIndex - hint);
  return blocks * 1_000_000 + Math.abs(c.start - (pos?.start ?? 0));
}

function best(
  cands: Candidate[],
  hint: number | null,
  pos: TextPositionSelector | null,
): Candidate | null {
  let top: Candidate | null = null;
  for (const c of cands) {
    if (
      !top ||
      c.errors < top.errors ||
      (c.errors === top.errors &&
        (c.context > top.context ||
          (c.context === top.context && distance(c, hint, pos) < distance(top, hint, pos))))
    )
      top = c;
  }
  return top;
}

/** Every copy of the quote, scored by its context. */
function exactCandidates(blocks: readonly AnchorBlock[], q: TextQuoteSelector): Candidate[] {
  const out: Candidate[] = [];
  blocks.forEach((b, blockIndex) => {
    for (let at = b.text.indexOf(q.exact); at >= 0; at = b.text.indexOf(q.exact, at + 1)) {
      const end = at + q.exact.length;
      out.push({
        blockIndex,
        start: at,
        end,
        errors: 0,
        context: contextScore(b.text, at, end, q).score,
      });
    }
  });
  return out;
}

/** Approximate copies of the quote, each with its fewest differences. */
function fuzzyCandidates(blocks: readonly AnchorBlock[], q: TextQuoteSelector): Candidate[] {
  const max = maxFuzzyErrors(q.exact);
  if (max === 0) return [];
  const out: Candidate[] = [];
  blocks.forEach((b, blockIndex) => {
    if (b.text.length < q.exact.length - max) return;
    for (const m of search(b.text, q.exact, max)) {
      if (m.end <= m.start) continue;
      out.push({
        blockIndex,
        start: m.start,
        end: m.end,
        errors: m.errors,
        context: contextScore(b.text, m.start, m.end, q).score,
      });
    }
  });
  return out;
}

/** Where the target's words are in these blocks now, or null when they cannot be found. */
export function anchorTarget(blocks: readonly AnchorBlock[], target: TextTarget): Anchored | null {
  const q = findQuote(target);
  if (!q?.exact) return null;
  const pos = positionOf(target);
  const hint = hintedBlock(blocks, target);
  const hinted = hint === null ? undefined : blocks[hint];

  // 1. At its recorded place, when the words and their context are still there.
  if (pos && hint !== null && hinted) {
    const text = hinted.text;
    if (
      text.slice(pos.start, pos.end) === q.exact &&
      contextScore(text, pos.start, pos.end, q).full
    )
      return { blockIndex: hint, start: pos.start, end: pos.end, how: 'position', errors: 0 };
  }

  // 2. The copy of the quote whose context agrees best, nearest where it was.
  const exact = best(exactCandidates(blocks, q), hint, pos);
  if (exact) return { ...pick(exact), how: 'quote', errors: 0 };

  // 3. The closest approximate copy, within the bound.
  const fuzzy = best(fuzzyCandidates(blocks, q), hint, pos);
  if (fuzzy) return { ...pick(fuzzy), how: 'fuzzy', errors: fuzzy.errors };

  return null;
}

const pick = (c: Candidate) => ({ blockIndex: c.blockIndex, start: c.start, end: c.end });

/** The same search in one string, for callers that have the text as a whole. */
export function anchorInText(text: string, target: TextTarget): Anchored | null {
  return anchorTarget([{ text }], { ...target, block: { id: null, index: 0 } });
}
