/**
 * Local search (accent): marks every occurrence of a text on the current board, in the browser
 * only. Matches are DOM Ranges over the rendered text, painted with the CSS Custom Highlight API
 * (`::highlight(accent)`), so the board's own elements are never changed; where the API is
 * missing the matches are still counted. Ranges go stale when React re-renders a card, so they are
 * found again after every change to the board's DOM.
 */
import { create } from 'zustand';
import { foldChar, must } from '@listboard/core';
import { scrollIntoViewIfAble } from '../dom';

export const ACCENT_HIGHLIGHT = 'accent';

/** Elements whose text runs on its own: a match never spans two of them. */
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'LI',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
  'BUTTON',
]);
/** Never searched: code that is not shown, and form controls. */
const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'INPUT', 'SELECT', 'TEMPLATE']);

function blockOf(node: Node, root: Node): Node {
  for (let n = node.parentNode; n && n !== root; n = n.parentNode) {
    if (BLOCKS.has((n as Element).tagName)) return n;
  }
  return root;
}

/** Every occurrence of text under root, case, accents and spacing ignored, as DOM Ranges. */
export function findMatches(root: Node, text: string): Range[] {
  const needle = Array.from(text.trim().replace(/\s+/g, ' '), foldChar).join('');
  if (!needle) return [];
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => {
      for (let p = n.parentElement; p && p !== root; p = p.parentElement) {
        if (SKIP.has(p.tagName) || p.getAttribute('aria-hidden') === 'true') {
          return NodeFilter.FILTER_REJECT;
        }
      }
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  // Runs of text inside one block, each character mapped back to its node and offset.
  const ranges: Range[] = [];
  // Each folded character: its text node, where its character starts and where it ends.
  let run: { node: Text; offset: number; last: number }[] = [];
  let runText = '';
  let runBlock: Node | null = null;
  const flush = () => {
    const hay = runText;
    for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
      const start = must(run[at], 'the start of a match');
      const end = must(run[at + needle.length - 1], 'the end of a match');
      const r = doc.createRange();
      r.setStart(start.node, start.offset);
      r.setEnd(end.node, end.last + 1);
      ranges.push(r);
    }
    run = [];
    runText = '';
  };
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    const block = blockOf(t, root);
    if (block !== runBlock) {
      flush();
      runBlock = block;
    }
    const value = t.data;
    for (let i = 0; i < value.length; i++) {
      const c = value.charAt(i);
      // Runs of spaces read as one, as they show.
      if (/\s/.test(c)) {
        if (runText.endsWith(' ') || runText === '') continue;
        runText += ' ';
        run.push({ node: t, offset: i, last: i });
        continue;
      }
      // A pair of surrogates is one character, folded and mapped as one.
      const whole = /[\ud800-\udbff]/.test(c) && i + 1 < value.length ? value.slice(i, i + 2) : c;
      // One entry for each unit of the folded text, as the matches are found by those.
      const folded = foldChar(whole);
      runText += folded;
      for (let k = 0; k < folded.length; k++)
        run.push({ node: t, offset: i, last: i + whole.length - 1 });
      i += whole.length - 1;
    }
  }
  flush();
  return ranges;
}

interface HighlightRegistry {
  set(name: string, h: unknown): void;
  delete(name: string): void;
}
type HighlightCtor = new (...ranges: Range[]) => unknown;

const registry = (): HighlightRegistry | null =>
  (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)?.highlights ?? null;
const HighlightClass = (): HighlightCtor | null =>
  (globalThis as unknown as { Highlight?: HighlightCtor }).Highlight ?? null;

/** True when the browser can paint the matches (Chromium 105+, Safari 17.2+, Firefox 140+). */
export const canPaintHighlights = () => registry() !== null && HighlightClass() !== null;

/** Paints `ranges` as the named highlight (none: takes it away), where the browser can. */
export function paint(ranges: Range[], name = ACCENT_HIGHLIGHT): void {
  const reg = registry();
  const H = HighlightClass();
  if (!reg || !H) return;
  if (ranges.length) reg.set(name, new H(...ranges));
  else reg.delete(name);
}

interface AccentState {
  /** The text being marked; '' when local search is off. */
  text: string;
  /** The board searched, as owner/ptitle. */
  board: string | null;
  count: number;
  apply(text: string, board: string | null): number;
  refresh(): void;
  clear(): void;
}

/** The section on screen of the board at `board` (owner/ptitle), if it is drawn. */
export function boardSection(board: string): Element | undefined {
  return [...document.querySelectorAll('main.boards [data-board]')].find(
    (e) => e.getAttribute('data-board') === board,
  );
}

/** The board's section on screen, else the whole board area. */
function rootFor(board: string | null): Element | null {
  const main = document.querySelector('main.boards');
  if (!board || !main) return main;
  return boardSection(board) ?? main;
}

export const useAccent = create<AccentState>((set, get) => ({
  text: '',
  board: null,
  count: 0,
  apply(text, board) {
    const root = rootFor(board);
    const ranges = root ? findMatches(root, text) : [];
    paint(ranges);
    set({ text: text.trim(), board, count: ranges.length });
    const first = ranges[0]?.startContainer.parentElement;
    scrollIntoViewIfAble(first, { block: 'nearest', inline: 'nearest' });
    return ranges.length;
  },
  refresh() {
    const { text, board, count } = get();
    if (!text) return;
    const root = rootFor(board);
    const ranges = root ? findMatches(root, text) : [];
    paint(ranges);
    if (ranges.length !== count) set({ count: ranges.length });
  },
  clear() {
    paint([]);
    set({ text: '', board: null, count: 0 });
  },
}));
