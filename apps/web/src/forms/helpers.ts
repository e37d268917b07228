/** Helpers shared by the form definitions of every area. */
import { fieldMsg, quoteOf, type TextTarget } from '@listboard/core';
import type { CallError } from '../api/client';
import type { Field, FormContext, Values } from './registry';

export const str = (v: Values, k: string) => String(v[k] ?? '').trim();

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
export function quotedWords(ctx: FormContext): string | null {
  return ctx.target.passage ? quoteOf(ctx.target.passage).exact : null;
}

export const findList = (ctx: FormContext) =>
  ctx.board?.lists.find((l) => l._id === ctx.target.listId) ?? null;
export const required = (v: Values, field: string, label: string) =>
  str(v, field) ? null : fieldMsg.requiredField(label);
/** A failed operation's message: the server's words when it gave some, else 'ERROR: {op}'. */
export const fail = (op: string, error?: CallError) => error?.error || `ERROR: ${op}`;

/** A board's Listed box, saying what unticking it does and does not do. */
export const LISTED_FIELD: Field = {
  name: 'listed',
  label: 'Listed',
  type: 'checkbox',
  hint: 'Unlisted boards are left out of listings and search, but anyone with the address can open them. To keep a board from others, make its items private or give it a password.',
};
