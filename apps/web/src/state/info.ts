import { create } from 'zustand';
import type { NoteStatus } from '@listboard/core';
import type { TrashKind } from '@listboard/core/api/contracts/undo';

/**
 * What the info bar's Undo does: put a Trash entry back, give a note the status it had before
 * it was answered or dismissed, or put a moved item back in its place. Or, in place of an Undo,
 * open the page something went to (a copy on another board).
 */
export type InfoUndo =
  | { trashId: string; kind: TrashKind }
  | { noteId: string; status: NoteStatus }
  | ItemPlace
  | { open: string };

/** An item's place: the list it is in and its index there (a move's Undo sends it back). */
export interface ItemPlace {
  itemId: string;
  listId: string;
  index: number;
}

/** What the info bar says: the last thing done, and what its Undo takes back. */
export interface Info {
  id: number;
  text: string;
  undo?: InfoUndo;
  /**
   * The page it was said on (path and query): another page does not show it, so an Undo never
   * puts back something out of sight, on a board left behind. Null: every page (a deleted
   * board's Undo opens the board it puts back).
   */
  at: string | null;
  /** What the Undo button says, when not 'Undo' (a board found in the Trash: 'Restore'). */
  action?: string;
}

/** The page the app shows now, as the info bar compares it. */
export const pageOf = (where: { pathname: string; search: string }) =>
  `${where.pathname}${where.search}`;

interface InfoState {
  info: Info | null;
  /** Says `text` in the info bar until something else is said or it is closed. */
  show: (text: string, undo?: InfoUndo, at?: string | null, action?: string) => void;
  close: () => void;
}

let next = 1;
export const useInfo = create<InfoState>((set) => ({
  info: null,
  show: (text, undo, at = pageOf(window.location), action) => {
    set({
      info: { id: next++, text, at, ...(undo ? { undo } : {}), ...(action ? { action } : {}) },
    });
  },
  close: () => {
    set({ info: null });
  },
}));

const DELETED: Record<TrashKind, string> = {
  item: 'Item deleted',
  note: 'Note deleted',
  list: 'List deleted',
  board: 'Board deleted',
};

/**
 * After a delete: '{Kind} deleted', with an Undo that puts it back from the Trash for those
 * who may use the Trash (the board's authors).
 */
export function showDeleted(kind: TrashKind, trashId: string, mayRestore: boolean): void {
  useInfo
    .getState()
    .show(
      DELETED[kind],
      mayRestore ? { trashId, kind } : undefined,
      kind === 'board' ? null : undefined,
    );
}

const STATUS_SET: Record<NoteStatus, string> = {
  pending: 'Note pending again',
  answered: 'Note marked answered',
  dismissed: 'Note dismissed',
};

/**
 * After a note is answered or dismissed (or set back): what it is now, with an Undo that gives it
 * the status it had, unless this already was an undo.
 */
export function showStatusSet(noteId: string, now: NoteStatus, before?: NoteStatus): void {
  useInfo
    .getState()
    .show(STATUS_SET[now], before && before !== now ? { noteId, status: before } : undefined);
}

/** After an item is dragged to a place: where it went, with an Undo that puts it back. */
export function showMoved(listTitle: string, back: ItemPlace): void {
  useInfo.getState().show(`Item moved to “${listTitle}”`, back);
}
