/**
 * Which action buttons an item has (spec sections 3 and 6): visit, annotate, reply, delete,
 * label, duplicate, insert, edit. A handler the server names wins; otherwise they follow from
 * what the caller may do on the board (core/policy, sent as `abilities`) and what the item is.
 * The buttons show only for a signed-in user on the selected item (ItemActions).
 */
import { ITEM_HANDLERS, type Item, type ItemHandler, type Multilist } from '@listboard/core';

/** The board an item links to as `/{owner}/home;{board}`, as results items do (Listings). */
export function visitTarget(item: Item): string | null {
  const m = /\]\((\/[^/\s)]+\/home;[^\s)?#]+)\)/.exec(item.text);
  return m ? m[1]! : null;
}

export function itemHandlers(item: Item, board: Multilist, results: boolean): ItemHandler[] {
  if (item.handlers) return item.handlers;
  const a = board.abilities;
  const isNote = item.annotationClass !== 'none';
  const may: Record<ItemHandler, boolean> = {
    visit: visitTarget(item) !== null,
    annotate: !results && !isNote && a.annotate,
    reply: isNote && a.note,
    // A results board is made on the fly: its items are edited where they live.
    edit: !results && !isNote && a.edit,
    label: !results && !isNote && a.edit,
    delete: !results && !isNote && a.delete,
    duplicate: !results && !isNote && (a.edit || a.role === 'contributor'),
    insert: !results && !isNote && (a.edit || a.role === 'contributor'),
  };
  return ITEM_HANDLERS.filter((h) => may[h]);
}
