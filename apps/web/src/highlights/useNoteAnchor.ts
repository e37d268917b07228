/**
 * An address ending in #note-{id} (a Discussion or Listings entry's link) opens the item the note
 * is on, shows the notes, and scrolls to the note's passage and flashes it; a note whose passage
 * cannot be found, or that has none, is scrolled to in the notes list instead.
 *
 * An address ending in #item-{id} (an item's Copy link, an e-mailed item) selects the item and
 * opens it: the selection brings its list and the item into view, wherever they are.
 */
import { useEffect, useRef } from 'react';
import {
  decodePart,
  itemIdOfHash,
  NOTE_ANCHOR,
  noteIdOfHash,
  type Multilist,
} from '@listboard/core';
import { useUi } from '../state/ui';
import { showHighlight } from './useHighlights';

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

/** The item a note hangs off, in the boards on screen. */
function itemOfNote(boards: Multilist[], noteId: string): string | null {
  for (const b of boards)
    for (const l of b.lists)
      for (const i of l.items) if (i.notes.some((n) => n._id === noteId)) return i._id;
  return null;
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
  const itemId = noteId ? itemOfNote(boards, noteId) : null;
  useEffect(() => {
    if (!noteId || !itemId || done.current === hash) return;
    done.current = hash;
    revealLatest.current(itemId);
    // The item opens and its marks are drawn over the next frames: look until they are there.
    const until = performance.now() + LOOK_MS;
    let frame = 0;
    const look = () => {
      const card = document.querySelector<HTMLElement>(
        `article[data-item-id="${CSS.escape(itemId)}"]`,
      );
      const mark = card?.querySelector(`mark[data-note-id="${CSS.escape(noteId)}"]`);
      if (mark) {
        showHighlight(card ?? null, noteId);
        return;
      }
      if (performance.now() < until) {
        frame = requestAnimationFrame(look);
        return;
      }
      // The note's own entry in the item's notes (ItemCard gives it the id the hash names).
      const entry = document.getElementById(`${NOTE_ANCHOR}${noteId}`);
      (entry ?? card)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [hash, noteId, itemId]);
}
