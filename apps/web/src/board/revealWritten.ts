/**
 * A note or reply the user has just written is brought into sight once its item shows it: it
 * comes at the end of the item's notes, which on a tall item lie below the list's fold, behind
 * the selected item's Actions bar that stays at the list's bottom.
 */
import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';
import { NOTE_ANCHOR, type Item } from '@listboard/core';
import { scrollIntoViewIfAble } from '../dom';

const useWritten = create<{ id: string | null }>(() => ({ id: null }));

/** Called when the server has taken a note: the board shows it in a moment. */
export const revealWhenShown = (noteId: string) => useWritten.setState({ id: noteId });

/** Brings the item's newly written note into sight, above the item's Actions bar. */
export function useRevealWritten(card: RefObject<HTMLElement | null>, item: Item): void {
  const written = useWritten((s) =>
    s.id !== null && item.notes.some((n) => n._id === s.id) ? s.id : null,
  );
  useEffect(() => {
    const entry = written ? document.getElementById(`${NOTE_ANCHOR}${written}`) : null;
    if (!entry || !card.current?.contains(entry)) return;
    useWritten.setState({ id: null });
    const bar = card.current.querySelector<HTMLElement>('.item-actions');
    entry.style.scrollMarginBottom = bar ? `${bar.offsetHeight + 8}px` : '';
    scrollIntoViewIfAble(entry, { block: 'nearest', inline: 'nearest' });
  }, [written, card]);
}
