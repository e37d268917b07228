/**
 * An address ending in #note-{id} (a Discussion or Listings entry's link, a note's Copy link, an
 * alert mail) opens the item the note is on, shows the notes, and scrolls to the note's passage
 * and flashes it. A note with no passage (one on the whole item, a reply) is scrolled to in the
 * notes list as soon as it is drawn, and its entry flashed; so is one whose passage cannot be
 * found, once the look for it is given up. A note at a place in the item's media has its
 * recording cued at its moment, or its PDF turned to its page, as its entry is shown.
 *
 * An address ending in #item-{id} (an item's Copy link, an e-mailed item) selects the item and
 * opens it: the selection brings its list and the item into view, wherever they are.
 */
import { useEffect, useRef } from 'react';
import {
  decodePart,
  isMediaHighlight,
  isPageHighlight,
  isTextTarget,
  itemIdOfHash,
  NOTE_ANCHOR,
  noteIdOfHash,
  type Highlight,
  type Item,
  type Multilist,
} from '@listboard/core';
import { useUi } from '../state/ui';
import { playerOf } from '../media/players';
import { pdfOf } from '../media/pdfs';
import { flash, showHighlight } from './useHighlights';

/** The board and list an item is in, among the boards on screen. */
function placeOfItem(boards: Multilist[], itemId: string) {
  for (const b of boards)
    for (const l of b.lists)
      if (l.items.some((i) => i._id === itemId)) return { multilistId: b._id, listId: l._id };
  return null;
}

/** Selects and opens the item an address's #item-{id} names, once per address. */
export function useItemAnchor(hash: string, boards: Multilist[]): void {
  const done = useRef<string | null>(null);
  const itemId = itemIdOfHash(decodePart(hash));
  const place = itemId ? placeOfItem(boards, itemId) : null;
  const multilistId = place?.multilistId ?? null;
  const listId = place?.listId ?? null;
  useEffect(() => {
    if (!itemId || !listId || done.current === hash) return;
    done.current = hash;
    const ui = useUi.getState();
    ui.patchItemVs(itemId, { open: true });
    ui.select({ multilistId, listId, itemId, text: null });
  }, [hash, itemId, multilistId, listId]);
}

/** The item a note hangs off, and the note, in the boards on screen. */
function itemOfNote(boards: Multilist[], noteId: string): { itemId: string; note: Item } | null {
  for (const b of boards)
    for (const l of b.lists)
      for (const i of l.items) {
        const note = i.notes.find((n) => n._id === noteId);
        if (note) return { itemId: i._id, note };
      }
  return null;
}

/**
 * Brings a note's entry into view, flashes it and gives it the focus, so a screen reader reads
 * the note the address named and the keyboard goes on from its buttons.
 */
function showEntry(entry: HTMLElement): void {
  entry.scrollIntoView({ block: 'center', behavior: 'smooth' });
  if (!entry.hasAttribute('tabindex')) entry.setAttribute('tabindex', '-1');
  entry.focus({ preventScroll: true });
  flash([entry], 'note-flash', 2500);
}

/**
 * Cues a note's place in its item's media: its recording at its moment (not playing: the reader
 * presses play), its PDF at its page. False while that player or PDF is not drawn yet.
 */
function cuePlace(itemId: string, h: Highlight | null): boolean {
  if (isMediaHighlight(h)) {
    const player = playerOf(itemId, h.block?.id);
    player?.seek(h.startTime);
    return player !== null;
  }
  if (isPageHighlight(h)) {
    const pdf = pdfOf(itemId, h.block?.id);
    pdf?.turnTo(h.page);
    return pdf !== null;
  }
  return true;
}

/** How long to look for the passage while the item opens and its marks are drawn. */
const LOOK_MS = 5000;

export function useNoteAnchor(
  hash: string,
  boards: Multilist[],
  reveal: (itemId: string) => void,
): void {
  const done = useRef<string | null>(null);
  // Revealing changes the store the caller's callback comes from: keep the latest without
  // restarting the look for the passage.
  const revealLatest = useRef(reveal);
  revealLatest.current = reveal;
  const noteId = noteIdOfHash(decodePart(hash));
  const found = noteId ? itemOfNote(boards, noteId) : null;
  const itemId = found?.itemId ?? null;
  const passage = found ? isTextTarget(found.note.highlight) : false;
  // Read as it is when cued, without restarting the look when the boards load again.
  const highlight = useRef<Highlight | null>(null);
  highlight.current = found?.note.highlight ?? null;
  useEffect(() => {
    if (!noteId || !itemId || done.current === hash) return;
    done.current = hash;
    revealLatest.current(itemId);
    // The item opens and its marks are drawn over the next frames: look until they are there.
    const until = performance.now() + LOOK_MS;
    const late = () => performance.now() >= until;
    let frame = 0;
    // The note's place is cued once its player or PDF is drawn (words of a PDF's page too, whose
    // highlight is drawn only once that page is shown).
    let cued = false;
    const look = () => {
      cued ||= cuePlace(itemId, highlight.current);
      const card = document.querySelector<HTMLElement>(
        `article[data-item-id="${CSS.escape(itemId)}"]`,
      );
      const mark = card?.querySelector(`mark[data-note-id="${CSS.escape(noteId)}"]`);
      if (mark) {
        showHighlight(card ?? null, noteId);
        return;
      }
      // The note's own entry in the item's notes (ItemCard gives it the id the hash names).
      const entry = document.getElementById(`${NOTE_ANCHOR}${noteId}`);
      if (entry && !passage && (cued || late())) {
        showEntry(entry);
        return;
      }
      if (performance.now() < until) {
        frame = requestAnimationFrame(look);
        return;
      }
      if (entry) showEntry(entry);
      else card?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [hash, noteId, itemId, passage]);
}
