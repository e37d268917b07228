/**
 * The passages of an item's shown notes and annotations: found again in the text as it is now
 * (core's anchorTarget over the rendered blocks) and drawn as marks. Returns the notes whose
 * passage cannot be found, which show as on an earlier version. A note on a results page is
 * looked for in its own item as the server sends it (note.onItem), not in the results item.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  anchorTarget,
  isTextTarget,
  type AnchorBlock,
  type Anchored,
  type Block,
  type Item,
  type TextTarget,
} from '@listboard/core';
import { blockElementsOf } from './capture';
import { TEXT_BLOCKS, offscreenText } from './blockTexts';
import { clearMarks, drawMarks, type MarkSpec } from './marks';
import { renderedText } from './renderedText';
import { closestFrom } from '../dom';

const NONE: ReadonlySet<string> = new Set();

function offscreen(blocks: Block[]): AnchorBlock[] {
  return blocks.map((b) => ({ id: b._id ?? null, text: offscreenText(b) }));
}

/** Whether the reader has words selected in this card. */
function selectingIn(card: HTMLElement): boolean {
  const sel = document.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return false;
  return sel.getRangeAt(0).intersectsNode(card);
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * @param draw whether the card shows its blocks, so highlights are drawn in them (an open item
 * outside the sentences view)
 */
export function useHighlights(
  card: RefObject<HTMLElement | null>,
  item: Item,
  notes: Item[],
  draw: boolean,
): ReadonlySet<string> {
  const [orphans, setOrphans] = useState<ReadonlySet<string>>(NONE);
  const found = useRef(new Map<string, Anchored | null>());
  const latest = useRef({ item, notes, draw });
  latest.current = { item, notes, draw };

  useLayoutEffect(() => {
    const run = () => {
      const { item, notes, draw } = latest.current;
      const el = card.current;
      // Most items have no note on a passage: nothing to find and, unless marks of notes since
      // gone are left, nothing to draw (this runs for every card a board draws).
      if (!notes.some((n) => isTextTarget(n.highlight))) {
        setOrphans((old) => (old.size === 0 ? old : NONE));
        if (!el?.querySelector('mark[data-note-id]')) return;
      }
      const shown = el && draw ? blockElementsOf(el) : [];
      const live = shown.length > 0 && shown.length === item.blocks.length;
      const own: AnchorBlock[] = live
        ? shown.map((b, i) => ({ id: item.blocks[i]?._id ?? null, text: renderedText(b) }))
        : [];
      let ownOffscreen: AnchorBlock[] | null = null;
      const cache = found.current;
      if (cache.size > 500) cache.clear();
      const locate = (blocks: AnchorBlock[], t: TextTarget): Anchored | null => {
        const key = `${JSON.stringify(blocks)}\n${JSON.stringify(t)}`;
        const known = cache.get(key);
        if (known !== undefined) return known;
        const at = anchorTarget(blocks, t);
        cache.set(key, at);
        return at;
      };
      const lost = new Set<string>();
      const perBlock = shown.map((): MarkSpec[] => []);
      for (const n of notes) {
        if (!isTextTarget(n.highlight)) continue;
        // Words of a PDF's page are looked for only while that page is shown.
        const { page, block } = n.highlight;
        if (page && !shown[block?.index ?? -1]?.querySelector(`[data-page="${page}"]`)) continue;
        let blocks: AnchorBlock[];
        if (n.onItem) blocks = offscreen(n.onItem.blocks);
        // A note shown away from its item, without that item: nothing to look in, nothing to say.
        else if (n.rootItem && n.rootItem !== item._id) continue;
        else if (live) blocks = own;
        else blocks = ownOffscreen ??= offscreen(item.blocks);
        const at = locate(blocks, n.highlight);
        if (!at) lost.add(n._id);
        else if (live && !n.onItem)
          perBlock[at.blockIndex]?.push({
            noteId: n._id,
            start: at.start,
            end: at.end,
            title: `${n.hint || n.author}: ${n.text}`,
            kind: n.annotationClass,
          });
      }
      setOrphans((old) => (sameSet(old, lost) ? old : lost));
      // Redrawing splits and joins text nodes, which would move the ends of words the reader is
      // selecting in this card: wait until that selection changes.
      if (el && selectingIn(el)) {
        document.addEventListener('selectionchange', later, { once: true });
        return;
      }
      shown.forEach((b, i) => {
        const type = item.blocks[i]?.type;
        const specs = perBlock[i];
        if (live && type && TEXT_BLOCKS.has(type) && specs) drawMarks(b, specs);
        else clearMarks(b);
      });
    };
    const later = () => schedule();
    let frame = 0;
    const schedule = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        run();
      });
    };
    run();
    // Some blocks fill in after rendering (code is coloured once highlight.js loads): draw again
    // when the card's content changes. Drawing the same marks again changes nothing.
    const el = card.current;
    let observer: MutationObserver | null = null;
    if (el && typeof MutationObserver !== 'undefined') {
      observer = new MutationObserver(schedule);
      observer.observe(el, { childList: true, subtree: true, characterData: true });
    }
    return () => {
      observer?.disconnect();
      document.removeEventListener('selectionchange', later);
      if (frame) cancelAnimationFrame(frame);
    };
  });
  useEffect(() => {
    const el = card.current;
    if (!el) return;
    // Pointing at or tabbing to a highlight picks out its note in the notes list.
    const noteOf = (e: Event) => {
      const mark = closestFrom(e.target, 'mark[data-note-id]');
      const id = mark?.getAttribute('data-note-id');
      return id ? el.querySelector<HTMLElement>(`#note-${CSS.escape(id)}`) : null;
    };
    const on = (e: Event) => {
      const note = noteOf(e);
      note?.classList.add('note-active');
      if (e.type === 'focusin') note?.scrollIntoView({ block: 'nearest' });
    };
    const off = (e: Event) => noteOf(e)?.classList.remove('note-active');
    // A drag that starts on a highlight selects words, as it does anywhere else in the text (a
    // second note on a passage already noted). Chromium starts no selection from a press on an
    // element that takes the focus, so the highlight is not focusable for that press, nor is any
    // it is nested in (a passage noted more than once); Tab still reaches them.
    const press = (e: MouseEvent) => {
      const focusable = 'mark[data-note-id][tabindex]';
      const around: HTMLElement[] = [];
      let m = closestFrom(e.target, focusable);
      while (m instanceof HTMLElement) {
        around.push(m);
        m = m.parentElement?.closest(focusable) ?? null;
      }
      for (const m of around) m.removeAttribute('tabindex');
      requestAnimationFrame(() => {
        for (const m of around) m.tabIndex = 0;
      });
    };
    el.addEventListener('mousedown', press);
    el.addEventListener('mouseover', on);
    el.addEventListener('mouseout', off);
    el.addEventListener('focusin', on);
    el.addEventListener('focusout', off);
    return () => {
      el.removeEventListener('mousedown', press);
      el.removeEventListener('mouseover', on);
      el.removeEventListener('mouseout', off);
      el.removeEventListener('focusin', on);
      el.removeEventListener('focusout', off);
    };
  }, [card]);
  return orphans;
}

/** Gives elements a flashing class for `ms`, the flash started again if it was running. */
export function flash(els: Iterable<HTMLElement>, className: string, ms: number): void {
  const all = [...els];
  for (const el of all) {
    el.classList.remove(className);
    // Restarts the animation when the same note is chosen twice in a row: reading the layout
    // makes the browser see the element without the class before it gets it back.
    el.getBoundingClientRect();
    el.classList.add(className);
  }
  setTimeout(() => all.forEach((el) => el.classList.remove(className)), ms);
}

/** Scrolls a note's highlight into view and flashes it: the note chosen in the notes list. */
export function showHighlight(card: HTMLElement | null, noteId: string): void {
  const marks = card?.querySelectorAll<HTMLElement>(`mark[data-note-id="${CSS.escape(noteId)}"]`);
  const first = marks?.[0];
  if (!marks || !first) return;
  first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  first.focus({ preventScroll: true });
  flash(marks, 'flash', 1600);
}
