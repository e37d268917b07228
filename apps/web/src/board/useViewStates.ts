import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  isResultsBoard,
  type Item,
  type List,
  type Multilist,
  type PublicUser,
} from '@listboard/core';
import { callApi } from '../api/client';
import { coalescer, inOrder } from './coalesce';
import type { SavedSelection } from './useSavedSelection';
import {
  DEFAULT_DISPLAY,
  useUi,
  type Display,
  type ItemViewState,
  type ListViewState,
} from '../state/ui';

/** What a board's view state keeps besides its display: the selection, what was seen (whatsNew). */
type BoardKept = SavedSelection | { seenUpTo: string };

const DISPLAY_KEYS = Object.keys(DEFAULT_DISPLAY) as (keyof Display)[];
/** Where the reader is scrolled to: kept, but written at most once per SCROLL_WRITE_MS. */
const SCROLL_KEYS: ReadonlySet<string> = new Set(['itemsViewStartIndex', 'itemsViewStopIndex']);
export const SCROLL_WRITE_MS = 2000;

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
    // The board as it was loaded may predate what the reader changed since: that wins.
    ui.setDisplay({ ...DEFAULT_DISPLAY, ...saved, ...ui.visitDisplay[board._id] });
  }, [board, ui]);

  // What a signed-in user does to a stored board, list or item is kept on the server too.
  const userId = user && !isGuest ? user._id : undefined;
  const boardId = board?._id;
  // Each board's, list's and item's view state is written one call at a time, in order.
  // keepalive: a write sent as the page goes away (a reload, a closed tab) still arrives.
  const writes = useMemo(() => {
    if (!userId) return null;
    const options = { keepalive: true };
    return {
      board: inOrder<Partial<Display> | BoardKept>((multilistId, $set) =>
        callApi(
          '/api/display/update_multilistvs',
          { query: { userId, multilistId }, doc: { $set } },
          options,
        ),
      ),
      list: inOrder<ListViewState>((listId, $set) =>
        callApi(
          '/api/display/update_listvs',
          { query: { userId, listId }, doc: { $set } },
          options,
        ),
      ),
      item: inOrder<ItemViewState>((itemId, $set) =>
        callApi(
          '/api/display/update_itemvs',
          { query: { userId, itemId }, doc: { $set } },
          options,
        ),
      ),
    };
  }, [userId]);
  // The scroll position waits SCROLL_WRITE_MS; what waits is sent when the board or user
  // changes, the page is hidden, or the board closes.
  const scrolls = useMemo(
    () =>
      boardId && writes && !isResultsBoard(boardId)
        ? coalescer<Partial<Display>>((patch) => writes.board.push(boardId, patch), SCROLL_WRITE_MS)
        : null,
    [boardId, writes],
  );
  useEffect(() => {
    if (!writes) return;
    const leaving = () => {
      scrolls?.flush();
      for (const w of Object.values(writes)) w.leave();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') leaving();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      scrolls?.flush();
    };
  }, [scrolls, writes]);
  const setDisplay = useCallback(
    (patch: Partial<Display>) => {
      ui.setDisplay(patch, boardId);
      if (!scrolls) return;
      scrolls.push(patch);
      // Anything but the scroll position goes at once, with any position waiting.
      if (Object.keys(patch).some((k) => !SCROLL_KEYS.has(k))) scrolls.flush();
    },
    [ui, scrolls, boardId],
  );

  const byId = useMemo(() => {
    const lists = new Map<string, List>();
    const items = new Map<string, Item>();
    // The lists and items of search results, made for the page: their state stays here.
    const made = new Set<string>();
    for (const b of boards)
      for (const l of b.lists) {
        lists.set(l._id, l);
        for (const it of l.items) items.set(it._id, it);
        if (isResultsBoard(b._id))
          for (const id of [l._id, ...l.items.map((i) => i._id)]) made.add(id);
      }
    return { lists, items, made };
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
      if (!byId.made.has(listId)) writes?.list.push(listId, patch);
    },
    [ui, writes, byId],
  );
  const setItemState = useCallback(
    (itemId: string, patch: ItemViewState) => {
      ui.patchItemVs(itemId, patch);
      if (!byId.made.has(itemId)) writes?.item.push(itemId, patch);
    },
    [ui, writes, byId],
  );

  /**
   * Writes to a board's view state for this user (its saved selection, what they have seen);
   * null for the guest.
   */
  const keepBoardState = useMemo(
    () => writes && ((id: string, patch: BoardKept) => writes.board.push(id, patch)),
    [writes],
  );

  return { setDisplay, listState, itemState, setListState, setItemState, keepBoardState };
}

export type ViewStates = ReturnType<typeof useViewStates>;
