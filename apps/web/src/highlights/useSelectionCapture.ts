/**
 * Follows the reader's text selection wherever it is made (mouse, keyboard, touch): a selection
 * in an item selects the item with that passage; a selection cleared clears the passage, so the
 * next note quotes nothing it was not given. Read once a frame at most.
 */
import { useEffect, useRef } from 'react';
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
): void {
  const latest = useRef({ boards, current, pick, clear });
  latest.current = { boards, current, pick, clear };
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const { boards, current, pick, clear } = latest.current;
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
    };
    const onChange = () => {
      frame ||= requestAnimationFrame(read);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      document.removeEventListener('selectionchange', onChange);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
