/**
 * Lists' and items' view states as changed on this visit, over what the server sent; they are
 * kept through update_listvs / update_itemvs (board/useViewStates). Split lists live here too.
 */
import { toggled, type GetSlice, type SetSlice } from './slice';

/** A list's view state (spec section 3): zoom 1..5, open, edit, hide. */
export interface ListViewState {
  zoom?: number;
  prevZoom?: number;
  open?: boolean;
  edit?: boolean;
  hide?: boolean;
}

/** An item's view state (spec section 3), the fields this screen changes. */
export interface ItemViewState {
  open?: boolean;
  dim?: boolean;
  showNotes?: boolean;
}

export interface ViewStatesSlice {
  /** Local changes to list and item view states, over what the server sent. */
  listVs: Record<string, ListViewState>;
  itemVs: Record<string, ItemViewState>;
  patchListVs: (listId: string, patch: ListViewState) => void;
  patchItemVs: (itemId: string, patch: ItemViewState) => void;
  /** Lists shown as two panes side by side (ctrl+shift+l). */
  splitLists: string[];
  toggleSplit: (listId: string) => void;
}

export const viewStatesSlice = (
  set: SetSlice<ViewStatesSlice>,
  get: GetSlice<ViewStatesSlice>,
): ViewStatesSlice => ({
  listVs: {},
  itemVs: {},
  patchListVs: (listId, patch) =>
    set({ listVs: { ...get().listVs, [listId]: { ...get().listVs[listId], ...patch } } }),
  patchItemVs: (itemId, patch) =>
    set({ itemVs: { ...get().itemVs, [itemId]: { ...get().itemVs[itemId], ...patch } } }),
  splitLists: [],
  toggleSplit: (listId) => set({ splitLists: toggled(get().splitLists, listId) }),
});
