import type { Item, Multilist } from '@listboard/core';

/** A board's live event, as the event stream sends it. */
export interface BoardChange {
  multilistId: string;
  /** The board's version after the change. */
  version?: number;
  /** Who made it (a catch-up names nobody). */
  by?: string;
  /** For a change inside one item: the item as this viewer may see it now, notes and all. */
  item?: Item;
  /** A catch-up after a dropped stream: the items changed since version `from`. */
  from?: number;
  items?: Item[];
}

/** Reads an event's data; null when it is not a board change. */
export function readChange(data: string): BoardChange | null {
  try {
    const v: unknown = JSON.parse(data);
    if (v === null || typeof v !== 'object' || !('multilistId' in v)) return null;
    const c = v as BoardChange;
    return typeof c.multilistId === 'string' ? c : null;
  } catch {
    return null;
  }
}

/**
 * Boards on screen after a change: `unaffected` when none of them is the changed board, `stale`
 * when the change cannot be applied here (it carries no item, the page missed an earlier change,
 * or an item is not on screen, e.g. in a section not shown) and the boards must be loaded again.
 * Otherwise the boards with the item (or a catch-up's items) swapped in; each keeps its place in
 * the board and the viewer's own view state, and the board takes the new version.
 */
export function applyChange(
  boards: readonly Multilist[],
  change: BoardChange,
): Multilist[] | 'unaffected' | 'stale' {
  const at = boards.findIndex((b) => b._id === change.multilistId);
  if (at < 0) return 'unaffected';
  const board = boards[at];
  const { version } = change;
  const items = change.items ?? (change.item ? [change.item] : []);
  const from = change.from ?? (version === undefined ? undefined : version - 1);
  if (!board || items.length === 0 || version === undefined || board.version !== from)
    return 'stale';
  let lists = board.lists;
  for (const item of items) {
    const l = lists.findIndex((x) => x.items.some((i) => i._id === item._id));
    const list = lists[l];
    if (!list) return 'stale';
    const swapped = list.items.map((was) =>
      was._id === item._id
        ? {
            ...item,
            indexInBoard: was.indexInBoard,
            listIndex: was.listIndex,
            viewstate: was.viewstate,
          }
        : was,
    );
    lists = lists.slice();
    lists[l] = { ...list, items: swapped };
  }
  const next = boards.slice();
  next[at] = { ...board, version, lists };
  return next;
}
