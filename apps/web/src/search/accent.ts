/**
 * Local search (accent): marks every occurrence of a text on the current board, in the browser
 * only. Matches are DOM Ranges over the rendered text, painted with the CSS Custom Highlight API
 * (`::highlight(accent)`), so the board's own elements are never changed; where the API is
 * missing the matches are still counted. Ranges go stale when React re-renders a card, so they are
 * found again after every change to the board's DOM.
 */
import { create } from 'zustand';
import { foldChar, foldWords, must } from '@listboard/core';
import { scrollIntoViewIfAble } from '../dom';
import type { FindPlace } from './boardFind';
import { useUi } from '../state/ui';

export const ACCENT_HIGHLIGHT = 'accent';
/** The match the reader is at, marked over the others. */
const ACCENT_CURRENT = 'accent-current';

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
  const needle = foldWords(text);
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

/**
 * Paints `ranges` as the named highlight (none: takes it away), where the browser can; one of a
 * higher priority is painted over the others.
 */
export function paint(ranges: Range[], name = ACCENT_HIGHLIGHT, priority = 0): void {
  const reg = registry();
  const H = HighlightClass();
  if (!reg || !H) return;
  if (!ranges.length) {
    reg.delete(name);
    return;
  }
  const h = new H(...ranges) as { priority?: number };
  h.priority = priority;
  reg.set(name, h);
}

interface AccentState {
  /** The text being marked; '' when local search is off. */
  text: string;
  /** The board searched, as owner/ptitle. */
  board: string | null;
  /** The lists and items of the board with the text (boardFind.ts), in the board's order. */
  places: FindPlace[];
  /** How many matches: the places' (else those drawn, where the board's words hold none). */
  count: number;
  /** The match the reader is at, of `count`; -1 when the places say nothing of where. */
  at: number;
  /** Marks `text` on the board, at its first match; how many there are. */
  apply(text: string, board: string | null, places: FindPlace[]): number;
  /** The board changed: its places anew, the reader kept at the place they were at. */
  setPlaces(places: FindPlace[]): void;
  /** The next (1) or previous (-1) match, round the board; its place, to be brought into view. */
  step(by: 1 | -1): FindPlace | null;
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

/** The place of match `at` of `places`, and which of that place's matches it is. */
export function placeOf(places: FindPlace[], at: number): { place: FindPlace; nth: number } | null {
  let left = at;
  for (const place of places) {
    if (left < place.matches) return { place, nth: left };
    left -= place.matches;
  }
  return null;
}

/** A place's words on screen: its item's card, or its list's header; null when not drawn. */
function placeElement(root: Element, p: FindPlace): Element | null {
  return p.itemId
    ? root.querySelector(`article[data-item-id="${p.itemId}"]`)
    : root.querySelector(`section[data-list-id="${p.listId}"] .list-header`);
}

/** Words drawn on the board that are none of its own: a writer's name, a label, a button, a menu. */
const NOT_WORDS =
  '.note-meta, .labels, .item-actions, .item-menu, .note-actions, [role="menu"], button:not(.quote):not(.list-title)';

/** Whether a match is in the board's own words, not in the controls drawn around them. */
function inWords(r: Range): boolean {
  const node = r.startContainer;
  const parent = node instanceof Element ? node : node.parentElement;
  return !parent?.closest(NOT_WORDS);
}

/** Of the drawn matches, the one the reader is at (the nth of its place's words). */
function currentRange(root: Element, ranges: Range[], at: number, places: FindPlace[]): Range[] {
  const where = placeOf(places, at);
  const el = where && placeElement(root, where.place);
  if (!where || !el) return [];
  const own = ranges.filter((r) => el.contains(r.startContainer));
  const r = own[Math.min(where.nth, own.length - 1)];
  return r ? [r] : [];
}

/** After a step, the match is scrolled to once it is drawn. */
let aim = false;

function paintAll(text: string, board: string | null, places: FindPlace[], at: number): Range[] {
  const root = rootFor(board);
  const ranges = root && text ? findMatches(root, text).filter(inWords) : [];
  paint(ranges);
  const current = root ? currentRange(root, ranges, at, places) : [];
  paint(current, ACCENT_CURRENT, 1);
  const first = current[0];
  if (aim && first) {
    aim = false;
    scrollIntoViewIfAble(first.startContainer.parentElement, {
      block: 'nearest',
      inline: 'nearest',
    });
  }
  return ranges;
}

const total = (places: FindPlace[]) => places.reduce((n, p) => n + p.matches, 0);
const keyOf = (p: FindPlace) => `${p.listId}/${p.itemId ?? ''}`;

export const useAccent = create<AccentState>((set, get) => ({
  text: '',
  board: null,
  places: [],
  count: 0,
  at: -1,
  apply(text, board, places) {
    const words = text.trim();
    const at = places.length ? 0 : -1;
    aim = at >= 0;
    const drawn = paintAll(words, board, places, at);
    const count = total(places) || drawn.length;
    set({ text: words, board, places, count, at });
    // Matches drawn that the board's words do not hold (a PDF's page): the first brought to view.
    if (at < 0) {
      scrollIntoViewIfAble(drawn[0]?.startContainer.parentElement, {
        block: 'nearest',
        inline: 'nearest',
      });
    }
    return count;
  },
  setPlaces(places) {
    const { text, board, places: before, at } = get();
    if (!text) return;
    // Kept at the same match of the same place (its last, if it has fewer now), else at the first.
    const was = placeOf(before, at);
    let next = places.length ? 0 : -1;
    if (was) {
      const i = places.findIndex((p) => keyOf(p) === keyOf(was.place));
      const start = total(places.slice(0, Math.max(0, i)));
      if (i >= 0) next = start + Math.min(was.nth, (places[i]?.matches ?? 1) - 1);
    }
    const drawn = paintAll(text, board, places, next);
    set({ places, count: total(places) || drawn.length, at: next });
  },
  step(by) {
    const { places, count, at, text, board } = get();
    if (!places.length || count === 0) return null;
    const next = (((at + by) % count) + count) % count;
    aim = true;
    set({ at: next });
    paintAll(text, board, places, next);
    return placeOf(places, next)?.place ?? null;
  },
  refresh() {
    const { text, board, places, count, at } = get();
    if (!text) return;
    const drawn = paintAll(text, board, places, at).length;
    if (!places.length && drawn !== count) set({ count: drawn });
  },
  clear() {
    aim = false;
    paint([]);
    paint([], ACCENT_CURRENT);
    set({ text: '', board: null, places: [], count: 0, at: -1 });
  },
}));

/**
 * Selects a place local search found, which brings it into view, drawn or not (the selected list
 * and item are always drawn, and scrolled to).
 */
export function showPlace(p: FindPlace | null): void {
  if (p) {
    useUi
      .getState()
      .select({ multilistId: p.multilistId, listId: p.listId, itemId: p.itemId, text: null });
  }
}
