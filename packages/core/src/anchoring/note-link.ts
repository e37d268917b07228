/**
 * The address of a note on its board: the board's address with `#note-{id}`. Opening it shows
 * the item the note is on, open, with the note's passage scrolled into view and flashed.
 */
export const NOTE_ANCHOR = 'note-';

/** The note id an address's hash names (with or without its '#'), or null. */
export function noteIdOfHash(hash: string): string | null {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  return h.startsWith(NOTE_ANCHOR) && h.length > NOTE_ANCHOR.length
    ? h.slice(NOTE_ANCHOR.length)
    : null;
}
