/**
 * Local search over a board's own words, from the board as loaded rather than from what is drawn:
 * a long list or a wide board draws only what is in view (VirtualRows, ListRow), so the page alone
 * cannot say how many matches there are, nor take the reader to one that is not drawn yet. Each
 * list (its title and description) and each item (its words and the notes it shows) is a place;
 * a match is found as the page marks it (core `foldWords`: no case, no accents, runs of spaces as
 * one), inside one block of words, never across two.
 */
import {
  EMPTY_DESCRIPTION_PREFIX,
  foldWords,
  isTextTarget,
  quoteOf,
  type Item,
  type Multilist,
  type ShowNotesOption,
} from '@listboard/core';
import { markdownWords } from '../blocks/markdown';
import { MARKDOWN_BLOCKS } from '../blocks/markdownLoad';
import { fencedBody } from '../blocks/CodeBlock';
import { noteShown } from '../board/shownNotes';
import { useUi } from '../state/ui';

/** A list or an item with the words searched for, and how many times it has them. */
export interface FindPlace {
  multilistId: string;
  listId: string;
  /** Null for the list's own title and description. */
  itemId: string | null;
  matches: number;
}

/** Which notes the board shows under their items, as the cards show them. */
export interface NotesOnBoard {
  showNotes: ShowNotesOption;
  shownLabels: readonly string[];
}

/** The notes a board shows as the command context says (Show notes; the labels shown). */
export const notesOnBoard = (display?: { showNotes: ShowNotesOption }): NotesOnBoard => ({
  showNotes: display?.showNotes ?? useUi.getState().display.showNotes,
  shownLabels: useUi.getState().shownLabels,
});

/**
 * The words a piece of markup shows, each piece folded, kept for the next search and the next
 * change of the board: enough for a board of 2,000 items of several blocks each.
 */
const shownWords = new Map<string, string[]>();
function wordsOf(text: string, kind: 'block' | 'line' | 'note'): string[] {
  const key = `${kind}:${text}`;
  const known = shownWords.get(key);
  if (known) return known;
  const words = markdownWords(text, kind).map(foldWords);
  if (shownWords.size >= 20_000) shownWords.clear();
  shownWords.set(key, words);
  return words;
}

/** How many times `needle` is in `hay`, one after another, never overlapping. */
function countIn(hay: string, needle: string): number {
  let n = 0;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) n++;
  return n;
}

/** The pieces of words an item shows, each apart: its blocks', then each shown note's. */
function itemWords(item: Item, notes: NotesOnBoard): string[] {
  // A player, a picture or a formula shows none of the words searched for.
  const words = item.blocks.flatMap((b) =>
    b.type === 'text'
      ? [foldWords(b.text)]
      : b.type === 'fencedcode'
        ? [foldWords(fencedBody(b.text))]
        : MARKDOWN_BLOCKS.has(b.type)
          ? wordsOf(b.text, 'block')
          : [],
  );
  for (const n of item.notes) {
    if (!noteShown(n, notes.showNotes, notes.shownLabels)) continue;
    if (isTextTarget(n.highlight)) words.push(foldWords(quoteOf(n.highlight).exact));
    words.push(...wordsOf(n.text, 'note'));
  }
  return words;
}

/** Every place on the board with `text`, in the board's order: each list, then its items. */
export function findOnBoard(board: Multilist, text: string, notes: NotesOnBoard): FindPlace[] {
  const needle = foldWords(text);
  if (!needle) return [];
  const places: FindPlace[] = [];
  const add = (listId: string, itemId: string | null, pieces: string[]) => {
    const matches = pieces.reduce((sum, p) => sum + countIn(p, needle), 0);
    if (matches > 0) places.push({ multilistId: board._id, listId, itemId, matches });
  };
  for (const list of board.lists) {
    const description = list.description.startsWith(EMPTY_DESCRIPTION_PREFIX)
      ? ''
      : list.description;
    add(list._id, null, [foldWords(list.title), ...wordsOf(description, 'line')]);
    for (const item of list.items) add(list._id, item._id, itemWords(item, notes));
  }
  return places;
}
