import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Item, List, Multilist, PublicUser } from '@listboard/core';
import { callApi } from '../api/client';
import {
  DEFAULT_DISPLAY,
  useUi,
  type Display,
  type ItemViewState,
  type ListViewState,
} from '../state/ui';

const DISPLAY_KEYS = Object.keys(DEFAULT_DISPLAY) as (keyof Display)[];

/**
 * The board's, its lists' and its items' view states: what the server sent, with this visit's
 * changes over it. Changes are kept per user on the server (update_multilistvs, update_listvs,
 * update_itemvs); the shared guest keeps them for this visit only. A board opens the way this
 * user left it.
 */
export function useViewStates(
  boards: Multilist[],
  board: Multilist | null,
  user: PublicUser | null,
  isGuest: boolean,
) {
  const ui = useUi();

  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (!board || restored.current === board._id) return;
    restored.current = board._id;
    const saved = Object.fromEntries(
      DISPLAY_KEYS.filter((k) => k in board.viewstate).map((k) => [k, board.viewstate[k]]),
    );
    ui.setDisplay({ ...DEFAULT_DISPLAY, ...saved });
  }, [board, ui]);

  const keepsViewState = Boolean(user && !isGuest);
  const setDisplay = useCallback(
    (patch: Partial<Display>) => {
      ui.setDisplay(patch);
      if (board && user && keepsViewState) {
        void callApi('/api/display/update_multilistvs', {
          query: { userId: user._id, multilistId: board._id },
          doc: { $set: patch },
        });
      }
    },
    [ui, board, user, keepsViewState],
  );

  const byId = useMemo(() => {
    const lists = new Map<string, List>();
    const items = new Map<string, Item>();
    for (const b of boards)
      for (const l of b.lists) {
        lists.set(l._id, l);
        for (const it of l.items) items.set(it._id, it);
      }
    return { lists, items };
  }, [boards]);

  const listState = useCallback(
    (id: string): ListViewState => ({
      ...(byId.lists.get(id)?.viewstate as ListViewState | undefined),
      ...ui.listVs[id],
    }),
    [byId, ui.listVs],
  );
  const itemState = useCallback(
    (id: string): ItemViewState => ({
      ...(byId.items.get(id)?.viewstate as ItemViewState | undefined),
      ...ui.itemVs[id],
    }),
    [byId, ui.itemVs],
  );
  const setListState = useCallback(
    (listId: string, patch: ListViewState) => {
      ui.patchListVs(listId, patch);
      if (user && keepsViewState)
        void callApi('/api/display/update_listvs', {
          query: { userId: user._id, listId },
          doc: { $set: patch },
        });
    },
    [ui, user, keepsViewState],
  );
  const setItemState = useCallback(
    (itemId: string, patch: ItemViewState) => {
      ui.patchItemVs(itemId, patch);
      if (user && keepsViewState)
        void callApi('/api/display/update_itemvs', {
          query: { userId: user._id, itemId },
          doc: { $set: patch },
        });
    },
    [ui, user, keepsViewState],
  );

  return { setDisplay, listState, itemState, setListState, setItemState };
}

export type ViewStates = ReturnType<typeof useViewStates>;
