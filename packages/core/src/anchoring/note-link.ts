/**
 * The address of a note on its board: the board's address with `#note-{id}`. Opening it shows
 * the item the note is on, open, with the note's passage scrolled into view and flashed.
 */
export const NOTE_ANCHOR = 'note-';

/**
 * The address of an item on its board: the board's address with `#item-{id}`. Opening it brings
 * the item into view, open and selected, wherever its list is (Copy link, an e-mailed item).
 */
export const ITEM_ANCHOR = 'item-';

/** The id an address's hash (with or without its '#') names after `anchor`, or null. */
function idOfHash(anchor: string, hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  return h.startsWith(anchor) && h.length > anchor.length ? h.slice(anchor.length) : null;
}

/** The note id an address's hash names (with or without its '#'), or null. */
export const noteIdOfHash = (hash: string): string | null => idOfHash(NOTE_ANCHOR, hash);

/** The item id an address's hash names (with or without its '#'), or null. */
export const itemIdOfHash = (hash: string): string | null => idOfHash(ITEM_ANCHOR, hash);
