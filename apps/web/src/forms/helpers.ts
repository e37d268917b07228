/** Helpers shared by the form definitions of every area. */
import { describeSelection, fieldMsg } from '@listboard/core';
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
/** The passage selected with the item, as a quote selector that survives later edits. */
export function highlightOf(ctx: FormContext) {
  const item = findItem(ctx);
  const text = ctx.target.text?.trim();
  if (!item || !text) return null;
  const at = item.text.indexOf(text);
  return at < 0 ? null : describeSelection(item.text, at, at + text.length);
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
