/**
 * Follows the reader's text selection wherever it is made (mouse, keyboard, touch): a selection
 * in an item selects the item with that passage; a selection cleared clears the passage, so the
 * next note quotes nothing it was not given. Read once a frame at most, or at once when a key
 * that acts on selected text asks (the returned function).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Item, Multilist, TextTarget } from '@listboard/core';
import { pickSelection, type PickedText } from './capture';

/** The text part of the screen's selection. */
export interface SelectedText {
  itemId: string | null;
  text: string | null;
  passage?: TextTarget | null;
  spans?: boolean;
}

const same = (s: SelectedText, p: PickedText) =>
  s.itemId === p.itemId &&
  s.text === p.text &&
  Boolean(s.spans) === p.spans &&
  JSON.stringify(s.passage ?? null) === JSON.stringify(p.passage);

export function useSelectionCapture(
  boards: Multilist[],
  current: SelectedText,
  pick: (board: Multilist, item: Item, picked: PickedText) => void,
  clear: () => void,
  /** The selection as the store holds it now (a render's `current` may be older). */
  now: () => SelectedText = () => current,
): () => void {
  const latest = useRef({ boards, pick, clear, now });
  latest.current = { boards, pick, clear, now };
  const frame = useRef(0);
  // Reads the document's selection into the store; a key that acts on selected text calls it
  // first, so the key finds what is selected on screen even before the frame's read.
  const read = useCallback(() => {
    if (frame.current) cancelAnimationFrame(frame.current);
    frame.current = 0;
    const { boards, pick, clear, now } = latest.current;
    const current = now();
    const where = new Map<string, { board: Multilist; item: Item }>();
    const picked = pickSelection(document.getSelection(), (id) => {
      for (const board of boards)
        for (const l of board.lists) {
          const item = l.items.find((i) => i._id === id);
          if (item) {
            where.set(id, { board, item });
            return item;
          }
        }
      return null;
    });
    const owner = picked && where.get(picked.itemId);
    if (picked && owner) {
      if (!same(current, picked)) pick(owner.board, owner.item, picked);
    } else if (!picked && current.text !== null) clear();
  }, []);
  useEffect(() => {
    const onChange = () => {
      frame.current ||= requestAnimationFrame(read);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      document.removeEventListener('selectionchange', onChange);
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [read]);
  return read;
}
