/**
 * The selection is part of the board view state (spec section 3: selectedMultilistId,
 * selectedListId, selectedItemId, selectedText). It is kept on the server as it changes, and
 * taken up again when a board opens, so a reload finds the same list, item and words selected.
 * The shared guest cannot select, so nothing is kept for it.
 */
import { useEffect, useRef } from 'react';
import { isResultsBoard, type Multilist } from '@listboard/core';
import { useUi, type Selection } from '../state/ui';
import { blockElementsOf } from '../highlights/capture';
import { pointAt, textNodesOf } from '../highlights/renderedText';

/** The selection fields of a board's view state. */
export interface SavedSelection {
  selectedMultilistId: string | null;
  selectedListId: string | null;
  selectedItemId: string | null;
  selectedText: string | null;
}

const NOTHING: SavedSelection = {
  selectedMultilistId: null,
  selectedListId: null,
  selectedItemId: null,
  selectedText: null,
};

/** How long the selection rests before it is kept: dragging over words changes it each frame. */
const SAVE_AFTER_MS = 250;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The selection a board's view state holds, if it still names a list (and item) of the board. */
export function savedSelectionOf(board: Multilist): SavedSelection | null {
  const vs = board.viewstate as Record<string, unknown>;
  const listId = str(vs.selectedListId);
  const list = board.lists.find((l) => l._id === listId);
  if (!list || str(vs.selectedMultilistId) !== board._id) return null;
  const itemId = str(vs.selectedItemId);
  const item = itemId ? list.items.find((i) => i._id === itemId) : null;
  return {
    selectedMultilistId: board._id,
    selectedListId: list._id,
    selectedItemId: item?._id ?? null,
    selectedText: item ? str(vs.selectedText) : null,
  };
}

/** What of the screen's selection one board keeps: the selection if it is there, else nothing. */
export function selectionToSave(boardId: string, s: Selection): SavedSelection {
  if (s.multilistId !== boardId || !s.listId) return NOTHING;
  return {
    selectedMultilistId: boardId,
    selectedListId: s.listId,
    selectedItemId: s.itemId,
    selectedText: s.itemId ? s.text : null,
  };
}

/**
 * Selects the words again in the item's card, as the reader selected them: the text selection
 * then selects the item with that passage, as a selection by hand does (highlights/capture).
 * The card may not be drawn yet (a long list draws what is in view), so it is looked for a while.
 */
function reselectText(itemId: string, text: string, tries = 40): void {
  const card = document.querySelector(`article[data-item-id="${CSS.escape(itemId)}"]`);
  if (!card) {
    if (tries > 0) setTimeout(() => reselectText(itemId, text, tries - 1), 50);
    return;
  }
  for (const block of blockElementsOf(card)) {
    const nodes = textNodesOf(block);
    const whole = nodes.map((n) => n.data).join('');
    const at = whole.indexOf(text);
    if (at < 0) continue;
    const range = document.createRange();
    const start = pointAt(nodes, at, false);
    const end = pointAt(nodes, at + text.length, true);
    if (start) range.setStart(...start);
    if (end) range.setEnd(...end);
    const sel = document.getSelection();
    sel?.removeAllRanges();
    sel?.addRange(range);
    return;
  }
}

export function useSavedSelection(
  boards: Multilist[],
  /** Writes to a board's view state for this user; none where nothing is kept (the guest). */
  keep: ((boardId: string, patch: SavedSelection) => void) | null,
): void {
  const selection = useUi((s) => s.selection);
  const keeps = keep !== null;
  /** Boards already taken up on this screen. */
  const seen = useRef(new Set<string>());
  /** What each board's view state holds now, as far as this screen knows. */
  const stored = useRef(new Map<string, string>());

  // A board opening for the first time brings back its selection, unless one is on screen.
  useEffect(() => {
    const fresh = boards.filter((b) => !seen.current.has(b._id));
    if (fresh.length === 0) return;
    for (const b of fresh) {
      seen.current.add(b._id);
      stored.current.set(b._id, JSON.stringify(savedSelectionOf(b) ?? NOTHING));
    }
    if (!keeps) return;
    const current = useUi.getState().selection;
    if (current.listId && boards.some((b) => b._id === current.multilistId)) return;
    const back = fresh
      .map(savedSelectionOf)
      .filter((s) => s !== null)
      .at(-1);
    if (!back) return;
    useUi.getState().select({
      multilistId: back.selectedMultilistId,
      listId: back.selectedListId,
      itemId: back.selectedItemId,
      text: null,
    });
    if (back.selectedItemId && back.selectedText)
      reselectText(back.selectedItemId, back.selectedText);
  }, [boards, keeps]);

  // Each change is kept on the board it is in; a board that held the selection before is told
  // it holds none now.
  useEffect(() => {
    if (!keep) return;
    const timer = setTimeout(() => {
      for (const [boardId, was] of stored.current) {
        if (isResultsBoard(boardId)) continue;
        const now = selectionToSave(boardId, selection);
        const key = JSON.stringify(now);
        if (key === was) continue;
        stored.current.set(boardId, key);
        keep(boardId, now);
      }
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [selection, keep]);
}
