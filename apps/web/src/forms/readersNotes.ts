/** What deleting an item or a list takes with it, said before it goes. */
import type { Item, List } from '@listboard/core';

/**
 * Said before an item is deleted: how many notes by readers go with it, and that they go to the
 * board's Trash with it, from where they come back with it.
 */
export function readersNotesWarning(item: Item | null | undefined): string {
  const n = item ? readersNotesOn([item]) : 0;
  if (n === 0)
    return 'It has no notes by readers. It goes to the board’s Trash, from where it can be restored.';
  return `This item has ${notesBy(n)} by readers. ${n === 1 ? 'It goes' : 'They go'} to the board’s Trash with it and can be restored with it.`;
}

/** What deleting a list takes with it: its items' notes by readers, said as for an item. */
export function listReadersNotesWarning(list: List | null | undefined): string {
  const n = list ? readersNotesOn(list.items) : 0;
  if (n === 0) return 'It goes to the board’s Trash, from where it can be restored.';
  return `Its items have ${notesBy(n)} by readers. ${n === 1 ? 'It goes' : 'They go'} to the board’s Trash with the list and can be restored with it.`;
}

/** Notes on these items written by someone other than the board's owner (not annotations). */
const readersNotesOn = (items: readonly Item[]) =>
  items.reduce(
    (n, item) =>
      n + item.notes.filter((x) => x.annotationClass !== 'anno' && x.author !== item.owner).length,
    0,
  );
const notesBy = (n: number) => `${n} ${n === 1 ? 'note' : 'notes'}`;
