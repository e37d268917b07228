/** A hit of a listing or a search, as a results board shows it, and the helpers that word it. */
import {
  BLANK_BOARD_DESCRIPTION,
  NOTE_ANCHOR,
  headlineOf,
  markdownLiteral,
  type Block,
  type Item,
} from '@listboard/core';
import type { items } from '../../db/schema';
import { toItem } from '../boards/present';
import { NO_EXTRAS } from '../boards/rows';

export interface Hit {
  /**
   * What the hit is, the same on every run: the id of its item, note or board. A results item's
   * id is made from it, so an entry keeps its id as others come and go above it (a form open on
   * it, the selection, stay with it).
   */
  key: string;
  date: Date;
  text: string;
  /** Blocks of the text when they are known (collected hits); plain markdown otherwise. */
  blocks?: Block[];
  /** For note hits: the note itself, so the Discussion page can answer, dismiss or reply in place. */
  note?: Item;
  /** For a note hit on the Discussion page: the replies in its thread the caller may see. */
  replies?: Item[];
  /** Seen by fewer people than can read the caller's boards: a saved search keeps it private. */
  restricted?: boolean;
  /** The board a note hit is on, at its version: the page follows that board's live changes. */
  source?: { _id: string; version: number };
}

export type ItemRow = typeof items.$inferSelect;

/**
 * A note row in the payload shape, for the Discussion page's in-place actions: the same
 * presenter as a board load, placed in no list, its text as one block.
 */
export function noteItem(row: Omit<ItemRow, 'searchVector'>, late = false): Item {
  const item = toItem(row, { listIndex: -1, indexInBoard: -1 }, NO_EXTRAS);
  return {
    ...item,
    blocks: [{ text: row.text, type: 'text' }],
    // Written after its board's notes were due, told to those who see it (core seesLate).
    ...(late ? { flags: { ...item.flags, late: true } } : {}),
  };
}

/** Monday of the week, as YYYY-MM-DD (UTC), so a bucket reads the same everywhere. */
export function weekOf(d: Date): string {
  const day = (d.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

/**
 * A reader's words as they typed them, for a results board that reads its text as markup: every
 * ASCII sign is escaped, so an excerpt of a note shows its words as typed, never as a picture, a
 * link, a heading or emphasis.
 */
export const literal = (t: string) => t.replace(/[!-/:-@[-`{-~]/g, '\\$&');

export const excerpt = (t: string, n = 140) => {
  const one = t.replace(/\s+/g, ' ').trim();
  if (one.length <= n) return one;
  // A cut that leaves an escaping backslash last would escape the ellipsis instead.
  const cut = one.slice(0, n - 1).replace(/\\+$/, (b) => b.slice(b.length % 2));
  return `${cut}…`;
};
/** A link to a board (or a place on it) whose words are `title`, shown exactly as written. */
export const boardLink = (owner: string, ptitle: string, title: string, hash = '') =>
  `[${markdownLiteral(title)}](/${owner}/home;${ptitle}${hash})`;

/**
 * Where a note (or annotation, or reply) is: its board, then, when the reader may read the item
 * it is on (`itemText` given), that item's first line, linking to the note on its board, where
 * its passage is shown.
 */
export function noteWhere(
  board: { owner: string; ptitle: string; title: string },
  noteId: string,
  itemText: string | null,
): string {
  const on = boardLink(board.owner, board.ptitle, board.title);
  if (itemText === null) return on;
  const title = headlineOf([], itemText) || 'an item';
  return `${on}: ${boardLink(board.owner, board.ptitle, title, `#${NOTE_ANCHOR}${noteId}`)}`;
}

/**
 * A board as an entry of a listing or of results: its title as a link, then its description
 * (when `open`: a board with a password tells its title only). A board never given one, still
 * the blank board's 'No description.', shows its title alone.
 */
export function boardEntry(
  b: { owner: string; ptitle: string; title: string; description: string },
  open = true,
): string {
  const words = open && b.description !== BLANK_BOARD_DESCRIPTION ? excerpt(b.description) : '';
  return `### ${boardLink(b.owner, b.ptitle, b.title)}${words ? `\n\n${words}` : ''}`;
}
