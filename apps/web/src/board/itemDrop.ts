/**
 * Dragging an item by its grip to another place in its list or in another list of its board
 * (ListColumn, ItemCard). The drop asks move_item_to_list for the place; the info bar's Undo sends
 * it back to where it was. The Actions menu's Move to list and the move keys do the same without
 * a pointer. Files dragged from the computer onto a list become a new item there.
 */
import { useEffect, useState, type DragEvent } from 'react';
import type { Item, List } from '@listboard/core';

/** The drag's data type: the dragged item's id. */
export const ITEM_DRAG = 'application/x-listboard-item';

/** Where a drop would go, by the cards drawn: before one, after one, or (none drawn) at the end. */
export interface DropPlace {
  before: string | null;
  after: string | null;
  /** Where the line that shows it is drawn: from the list's top, and across one pane of it. */
  top: number;
  left: number;
  width: number;
}

/** Where a dragged item is dropped: before or after an item of the list (neither: its end). */
export type DropSpot = Pick<DropPlace, 'before' | 'after'>;

/**
 * The place under the pointer (`x`, `y`, in the window) among the cards a list draws: before the
 * first whose middle is below it, else after the last drawn (a long list draws only the cards in
 * view, so "after the last drawn" is not always the end). A list split in two panes, each
 * scrolled its own way, is read in the pane under the pointer. The line stays within that pane's
 * scroller (an empty list's: its “No items yet.” box).
 */
export function dropPlace(section: HTMLElement, x: number, y: number): DropPlace {
  const origin = section.getBoundingClientRect();
  const panes = [...section.querySelectorAll<HTMLElement>('.list-items, .empty')];
  const pane =
    panes.find((p) => {
      const r = p.getBoundingClientRect();
      return x >= r.left && x < r.right;
    }) ?? panes[0];
  const scroller = pane?.getBoundingClientRect();
  const across = scroller
    ? { left: scroller.left - origin.left, width: scroller.width }
    : { left: 0, width: origin.width };
  const shown = (at: number) =>
    (scroller ? Math.min(Math.max(at, scroller.top), scroller.bottom) : at) - origin.top;
  const cards = [...(pane ?? section).querySelectorAll<HTMLElement>('article.item[data-item-id]')];
  for (const card of cards) {
    const r = card.getBoundingClientRect();
    if (y < r.top + r.height / 2)
      return { before: card.dataset.itemId ?? null, after: null, top: shown(r.top - 4), ...across };
  }
  const last = cards.at(-1);
  if (!last)
    return { before: null, after: null, top: shown(scroller?.top ?? origin.top), ...across };
  return {
    before: null,
    after: last.dataset.itemId ?? null,
    top: shown(last.getBoundingClientRect().bottom + 4),
    ...across,
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

/** What a list takes dropped on it, and what it does with each. */
export interface ListDrops {
  /** An item dragged by its grip (the caller may edit the board, the drag lock is off). */
  item: ((place: DropSpot & { itemId: string }) => void) | null;
  /** Files from the computer (the caller may add items): one new item of them, there. */
  files: ((place: DropSpot, files: File[]) => void) | null;
}

/**
 * A list as a place to drop an item dragged by its grip, or files from the computer: the
 * handlers for its section, and the line showing where the drop would go (null while nothing it
 * takes is dragged over it).
 */
export function useListDrop(takes: ListDrops) {
  const [line, setLine] = useState<Pick<DropPlace, 'top' | 'left' | 'width'> | null>(null);
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
  const kind = (e: DragEvent) => {
    const types = e.dataTransfer.types;
    if (takes.item && types.includes(ITEM_DRAG)) return 'item';
    if (takes.files && types.includes('Files')) return 'files';
    return null;
  };
  return {
    line,
    over(e: DragEvent<HTMLElement>) {
      const what = kind(e);
      if (!what) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = what === 'item' ? 'move' : 'copy';
      const { top, left, width } = dropPlace(e.currentTarget, e.clientX, e.clientY);
      setLine({ top, left, width });
    },
    leave(e: DragEvent<HTMLElement>) {
      if (!showing || e.currentTarget.contains(e.relatedTarget as Node | null)) return;
      setLine(null);
    },
    /** Whether the drop was one this list takes (and so handled). */
    drop(e: DragEvent<HTMLElement>): boolean {
      const what = kind(e);
      if (!what) return false;
      e.preventDefault();
      // Where it is let go: a browser tells the page of a drag's moves only every so often.
      const { before, after } = dropPlace(e.currentTarget, e.clientX, e.clientY);
      setLine(null);
      const itemId = e.dataTransfer.getData(ITEM_DRAG);
      if (what === 'item' && itemId) takes.item?.({ itemId, before, after });
      if (what === 'files') takes.files?.({ before, after }, [...e.dataTransfer.files]);
      return true;
    },
  };
}

/** Whether a drag holds files and is over something that would not take them. */
const strayFiles = (e: globalThis.DragEvent) =>
  e.dataTransfer?.types.includes('Files') === true &&
  !e.defaultPrevented &&
  !(e.target instanceof HTMLInputElement && e.target.type === 'file');

/**
 * Files let go anywhere but a list (or a form's file field) are refused, not opened by the
 * browser in the page's place, which would leave the board and whatever was being written.
 */
export function useFilesStayOnPage(): void {
  useEffect(() => {
    const refuse = (e: globalThis.DragEvent) => {
      if (!strayFiles(e)) return;
      e.preventDefault();
      if (e.type === 'dragover' && e.dataTransfer) e.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);
}
