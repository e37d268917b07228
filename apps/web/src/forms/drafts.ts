/**
 * Words typed in a form and then cancelled (Escape, Cancel), kept for this visit: the same form
 * opened again on the same thing (a note on the same item, a reply to the same note) starts from
 * them. Only long text is kept (textareas: notes, annotations, replies, item text), never a
 * password or a one-line field, and only in memory: a reload, or another account signing in on
 * this page, leaves nothing behind. Forms that edit words already written are not kept: their
 * text comes fresh from the board each time.
 */
import type { Field, FormContext, Values } from './registry';

const drafts = new Map<string, Values>();
/** Which account's drafts are kept now: it moves on when another account takes the page. */
let account = 0;

/** The account a form is opened for, to give keepDraft when it closes. */
export const draftAccount = (): number => account;

/** What a form's draft belongs to: the form, and the item, list or note it was opened on. */
export function draftKey(formId: string, ctx: Pick<FormContext, 'target' | 'noteId'>): string {
  const t = ctx.target;
  return [formId, t.multilistId, t.listId, t.itemId, ctx.noteId].map((p) => p ?? '').join('/');
}

/**
 * Keeps the form's typed long text under its key, or forgets it when there is none; a form
 * opened for an account the page has since left keeps nothing for the next one.
 */
export function keepDraft(key: string, fields: Field[], values: Values, openedFor: number): void {
  if (openedFor !== account) return;
  const kept: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.type === 'textarea' && typeof v === 'string' && v.trim() !== '') kept[f.name] = v;
  }
  if (Object.keys(kept).length > 0) drafts.set(key, kept);
  else drafts.delete(key);
}

/** The draft kept under this key, if any; it stays kept until the form is submitted. */
export const draftOf = (key: string): Values | undefined => drafts.get(key);

export const forgetDraft = (key: string): void => void drafts.delete(key);

/** Another account on this page: the last one's drafts go, and so do those of its forms open now. */
export function forgetAllDrafts(): void {
  drafts.clear();
  account += 1;
}
