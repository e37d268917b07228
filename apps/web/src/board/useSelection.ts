import { useCallback } from 'react';
import type { Item, List, Multilist } from '@listboard/core';
import { useUi } from '../state/ui';
import { focusWhenShown } from '../dom';
import { useSelectionCapture } from '../highlights/useSelectionCapture';
import type { PickedText } from '../highlights/capture';
import type { ViewStates } from './useViewStates';

/**
 * What a click, a key or words selected in an item select (spec section 4): a click on the
 * selected list or item deselects it; selecting an item with notes shown shows its notes.
 */
export function useSelection(
  boards: Multilist[],
  board: Multilist | null,
  { itemState, setItemState }: Pick<ViewStates, 'itemState' | 'setItemState'>,
) {
  const ui = useUi();

  const moveSelection = useCallback(
    (level: 'list' | 'item', to: 'prev' | 'next' | 'first' | 'last') => {
      if (!board) return;
      const lists = board.lists;
      const li = lists.findIndex((l) => l._id === ui.selection.listId);
      const pick = (n: number, i: number) =>
        to === 'first'
          ? 0
          : to === 'last'
            ? n - 1
            : Math.max(0, Math.min(n - 1, i + (to === 'next' ? 1 : -1)));
      const list = lists[li];
      if (level === 'list' || !list) {
        const l = lists[pick(lists.length, li)];
        if (!l) return;
        ui.select({ multilistId: board._id, listId: l._id, itemId: null, text: null });
        // Focus goes where the selection goes: the next key, Tab or form starts from there.
        focusWhenShown(`section[data-list-id="${l._id}"] .list-title`, { scroll: false });
        return;
      }
      const items = list.items;
      const ii = items.findIndex((i) => i._id === ui.selection.itemId);
      const it = items[pick(items.length, ii)];
      if (!it) return;
      ui.select({ multilistId: board._id, listId: list._id, itemId: it._id, text: null });
      focusWhenShown(`article[data-item-id="${it._id}"]`, { scroll: false });
    },
    [board, ui],
  );

  const selectItem = (b: Multilist, item: Item, picked: PickedText | null) => {
    if (ui.selection.itemId === item._id && !picked) {
      ui.select({ itemId: null, text: null });
      return;
    }
    ui.select({
      multilistId: b._id,
      listId: item.listId,
      itemId: item._id,
      text: picked?.text ?? null,
      passage: picked?.passage ?? null,
      spans: picked?.spans ?? false,
    });
    // Selecting an item with notes shown sets its showNotes (spec section 4).
    if (ui.display.showNotes !== 'none' && item.notes.length > 0 && !itemState(item._id).showNotes)
      setItemState(item._id, { showNotes: true });
  };

  const selectList = (b: Multilist, list: List) =>
    ui.selection.listId === list._id && !ui.selection.itemId
      ? ui.clearSelection()
      : ui.select({ multilistId: b._id, listId: list._id, itemId: null, text: null });

  // Words selected by keyboard or touch select their item too; clearing them drops the passage.
  const readSelection = useSelectionCapture(
    boards,
    ui.selection,
    selectItem,
    () => ui.select({ text: null }),
    () => useUi.getState().selection,
  );

  return { moveSelection, selectItem, selectList, readSelection };
}
