/** Helpers shared by the form definitions of every area. */
import { fieldMsg, headlineOf, must, quoteOf, type Item, type TextTarget } from '@listboard/core';
import type { CallError } from '../api/client';
import type { Field, FormContext, Quote, Values } from './registry';

/** A field's value as text (a number or a box's state too); '' for files or a missing field. */
export function text(v: Values, k: string): string {
  const value = v[k];
  return value === undefined || Array.isArray(value) ? '' : String(value);
}

export const str = (v: Values, k: string) => text(v, k).trim();

export function findItem(ctx: FormContext) {
  for (const l of ctx.board?.lists ?? []) {
    const it = l.items.find((i) => i._id === ctx.target.itemId);
    if (it) return it;
  }
  return null;
}
/**
 * The passage selected with the item, read from the reader's selection in its rendered text
 * (highlights/capture): quote and position selectors that survive later edits.
 */
export function highlightOf(ctx: FormContext): TextTarget | null {
  return findItem(ctx) && ctx.target.passage ? ctx.target.passage : null;
}

/** The selected words a note or annotation will quote, shown above its text. */
export function quotedWords(ctx: FormContext): Quote | null {
  return ctx.target.passage
    ? { label: 'Selected text', text: quoteOf(ctx.target.passage).exact }
    : null;
}

/** The item a form acts on, by its first words. */
export function quotedItemItself(ctx: FormContext): Quote | null {
  const item = findItem(ctx);
  const headline = item ? headlineOf(item.blocks, item.text) : '';
  return headline ? { label: 'The item', text: headline } : null;
}

/**
 * What a note, an annotation or an e-mail is about: the selected words, else the item's first
 * words. The form opens above the board, often far from the item (a phone's keyboard hides the
 * rest), so it says which.
 */
export const quotedItem = (ctx: FormContext): Quote | null =>
  quotedWords(ctx) ?? quotedItemItself(ctx);

/** The list a form acts on, by its title. */
export function quotedList(ctx: FormContext): Quote | null {
  const title = findList(ctx)?.title;
  return title ? { label: 'The list', text: title } : null;
}

/** The note a reply answers, by whom (a note listed as an item on a results page is itself). */
export function findNote(ctx: FormContext) {
  const item = findItem(ctx);
  return (item?._id === ctx.noteId ? item : item?.notes.find((n) => n._id === ctx.noteId)) ?? null;
}

export function quotedNote(ctx: FormContext): Quote | null {
  const note = findNote(ctx);
  return note ? { label: `Note by ${note.hint || note.author}`, text: note.text } : null;
}

export const findList = (ctx: FormContext) =>
  ctx.board?.lists.find((l) => l._id === ctx.target.listId) ?? null;

// What a form is about. The commands offer a form only with its board open and its item or
// list selected, so a missing one is a bug: these say which rather than read from undefined.
export const openBoard = (ctx: FormContext) => must(ctx.board, 'the open board');
export const selectedItem = (ctx: FormContext) => must(findItem(ctx), 'the selected item');
export const selectedList = (ctx: FormContext) => must(findList(ctx), 'the selected list');
export const selectedItemId = (ctx: FormContext) => must(ctx.target.itemId, 'the selected item');
export const selectedListId = (ctx: FormContext) => must(ctx.target.listId, 'the selected list');
export const required = (v: Values, field: string, label: string) =>
  str(v, field) ? null : fieldMsg.requiredField(label);
/** A failed operation's message: the server's words when it gave some, else 'ERROR: {op}'. */
export const fail = (op: string, error?: CallError) => error?.error || `ERROR: ${op}`;

/** How many annotations on these items the caller wrote (a copy of them may bring them). */
export const ownAnnotations = (ctx: FormContext, on: readonly Item[]): number =>
  on
    .flatMap((i) => i.notes)
    .filter((a) => a.annotationClass === 'anno' && a.author === ctx.user?.username).length;

/** A board's Listed box, saying what unticking it does and does not do. */
export const LISTED_FIELD: Field = {
  name: 'listed',
  label: 'Listed',
  type: 'checkbox',
  hint: 'Unlisted boards are left out of listings and search, but anyone with the address can open them. To keep a board from others, make its items private or give it a password.',
};

/** A new board's link on its maker's home board: made unless they uncheck it. */
export const LINK_HOME_FIELD: Field = {
  name: 'linkHome',
  label: 'Link it from my home board',
  type: 'checkbox',
  hint: 'Its link goes to the first list of your home board, where you find it next time. The link to an unlisted board is private: only you see it.',
};
