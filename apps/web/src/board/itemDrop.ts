/**
 * Dragging an item by its grip to another place in its list or in another list of its board
 * (ListColumn, ItemCard). The drop asks move_item_to_list for the place; the info bar's Undo sends
 * it back to where it was. The Actions menu's Move to list and the move keys do the same without
 * a pointer.
 */
import { useEffect, useState, type DragEvent } from 'react';
import type { Item, List } from '@listboard/core';

/** The drag's data type: the dragged item's id. */
export const ITEM_DRAG = 'application/x-listboard-item';

/** Where a drop would go, by the cards drawn: before one, after one, or (none drawn) at the end. */
export interface DropPlace {
  before: string | null;
  after: string | null;
  /** Where the line that shows it is drawn, from the list's top. */
  top: number;
}

/** Where a dragged item is dropped: before or after an item of the list (neither: its end). */
export type DropSpot = Pick<DropPlace, 'before' | 'after'>;

/**
 * The place under the pointer (`y`, in the window) among the cards a list draws: before the first
 * whose middle is below it, else after the last drawn (a long list draws only the cards in view,
 * so "after the last drawn" is not always the end). The line stays within the list's scroller.
 */
export function dropPlace(section: HTMLElement, y: number): DropPlace {
  const origin = section.getBoundingClientRect().top;
  const scroller = section.querySelector('.list-items')?.getBoundingClientRect();
  const shown = (at: number) =>
    (scroller ? Math.min(Math.max(at, scroller.top), scroller.bottom) : at) - origin;
  const cards = [...section.querySelectorAll<HTMLElement>('article.item[data-item-id]')];
  for (const card of cards) {
    const r = card.getBoundingClientRect();
    if (y < r.top + r.height / 2)
      return { before: card.dataset.itemId ?? null, after: null, top: shown(r.top - 4) };
  }
  const last = cards.at(-1);
  if (!last) return { before: null, after: null, top: shown(scroller?.top ?? origin) };
  return {
    before: null,
    after: last.dataset.itemId ?? null,
    top: shown(last.getBoundingClientRect().bottom + 4),
  };
}

/**
 * The place `item` takes in `list` when dropped at `place`: its index among the list's other
 * items afterwards, as move_item_to_list reads it.
 */
export function dropIndex(list: List, item: Item, place: DropSpot): number {
  const ids = list.items.map((i) => i._id);
  const before = place.before ? ids.indexOf(place.before) : -1;
  const after = place.after ? ids.indexOf(place.after) : -1;
  const at = before >= 0 ? before : after >= 0 ? after + 1 : ids.length;
  const from = ids.indexOf(item._id);
  // Taken out of its own list first, the items after it move up one.
  return from >= 0 && from < at ? at - 1 : at;
}

/**
 * A list as a place to drop an item dragged by its grip (when `enabled`: the caller may edit the
 * board and the drag lock is off): the handlers for its section, and the line showing where the
 * item would go (null while none is dragged over it).
 */
export function useItemDrop(
  enabled: boolean,
  onDrop: (place: DropSpot & { itemId: string }) => void,
) {
  const [line, setLine] = useState<number | null>(null);
  // A drag given up (Escape, or let go elsewhere) takes its line away.
  const showing = line !== null;
  useEffect(() => {
    if (!showing) return;
    const clear = () => setLine(null);
    window.addEventListener('dragend', clear);
    window.addEventListener('drop', clear);
    return () => {
      window.removeEventListener('dragend', clear);
      window.removeEventListener('drop', clear);
    };
  }, [showing]);
  const carries = (e: DragEvent) => enabled && e.dataTransfer.types.includes(ITEM_DRAG);
  return {
    line,
    over(e: DragEvent<HTMLElement>) {
      if (!carries(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setLine(dropPlace(e.currentTarget, e.clientY).top);
    },
    leave(e: DragEvent<HTMLElement>) {
      if (!showing || e.currentTarget.contains(e.relatedTarget as Node | null)) return;
      setLine(null);
    },
    /** Whether it was an item's drop (and so handled). */
    drop(e: DragEvent<HTMLElement>): boolean {
      if (!carries(e)) return false;
      e.preventDefault();
      const itemId = e.dataTransfer.getData(ITEM_DRAG);
      // Where it is let go: a browser tells the page of a drag's moves only every so often.
      const at = dropPlace(e.currentTarget, e.clientY);
      setLine(null);
      if (itemId) onDrop({ itemId, before: at.before, after: at.after });
      return true;
    },
  };
}
