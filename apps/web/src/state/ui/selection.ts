/**
 * What is selected. Selection has four levels (board, list, item, text); selecting a level
 * clears the levels below it.
 */
import type { TextTarget } from '@listboard/core';
import type { GetSlice, SetSlice } from './slice';

export interface Selection {
  multilistId: string | null;
  listId: string | null;
  itemId: string | null;
  /** The selected words, as shown. */
  text: string | null;
  /** Where those words are: one block of the item, by its rendered text (core/anchoring). */
  passage?: TextTarget | null;
  /** The selected text runs over more than one block or item: it has no one passage. */
  spans?: boolean;
}

export const NO_SELECTION: Selection = {
  multilistId: null,
  listId: null,
  itemId: null,
  text: null,
};

export interface SelectionSlice {
  selection: Selection;
  select: (next: Partial<Selection>) => void;
  clearSelection: () => void;
}

export const selectionSlice = (
  set: SetSlice<SelectionSlice>,
  get: GetSlice<SelectionSlice>,
): SelectionSlice => ({
  selection: NO_SELECTION,
  select(next) {
    const cur = get().selection;
    // The passage goes with the words it was read from: new words, or none, drop it.
    if (next.text !== undefined && next.passage === undefined)
      next = { ...next, passage: null, spans: false };
    // A higher level clears the ones below it.
    if (next.multilistId !== undefined && next.multilistId !== cur.multilistId) {
      set({ selection: { ...NO_SELECTION, ...next } });
    } else if (next.listId !== undefined && next.listId !== cur.listId) {
      set({
        selection: { ...cur, listId: null, itemId: null, text: null, passage: null, ...next },
      });
    } else if (next.itemId !== undefined && next.itemId !== cur.itemId) {
      set({ selection: { ...cur, itemId: null, text: null, passage: null, ...next } });
    } else {
      set({ selection: { ...cur, ...next } });
    }
  },
  clearSelection: () => set({ selection: NO_SELECTION }),
});
