/**
 * Long text typed in a form and not sent (notes, annotations, replies, item text), with what else
 * was chosen in the form (Private ticked, the words a note is on), kept for this tab: the same
 * form opened again on the same thing (a note on the same item, a reply to the same note) starts
 * from it, after Escape or Cancel, and after the page is loaded again (a reload, a phone's pull
 * to refresh, a tab the phone put away while its user read a source elsewhere). Never a password
 * or a file, nor a form with no long text. Kept in the tab's session storage, which goes with the
 * tab, under the account that typed it: another account taking the page (signing out is the
 * guest taking it) leaves nothing behind. A form open with words typed in it when the page goes
 * is opened again, with them, once its board is back. Words typed to change words already written
 * (an item's, a note's) are kept for the version they change (draftKeyOf).
 */
import type { OpenForm } from '../state/ui';
import { findItem, findList, findNote, str } from './helpers';
import type { Field, FormContext, FormDef, Values } from './registry';

const STORE = 'listboard.drafts';

const drafts = new Map<string, Values>();
/**
 * The words each draft's long fields held when the form opened (an edit's: the item's words then),
 * by the draft's key: an edit's words kept for a version since replaced come back quietly when
 * only its place, labels or status changed, and saying so when its words did (typedOver).
 */
const starts = new Map<string, Record<string, string>>();
/** The form open with words typed in it, to open again if the page loads again. */
let open: OpenForm | null = null;
/** The account (user id) whose drafts are kept now; undefined until the page knows its user. */
let owner: string | null | undefined;
/** Counts the accounts the page has had: a form opened for an earlier one keeps nothing. */
let account = 0;

/** The tab's storage, or none where the browser gives none (private modes, tests without it). */
function store(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Writes what is kept to the tab's storage; a full or refused storage keeps it in memory only. */
function save(): void {
  const s = store();
  if (!s) return;
  try {
    if (drafts.size === 0 || owner == null) s.removeItem(STORE);
    else
      s.setItem(
        STORE,
        JSON.stringify({
          user: owner,
          drafts: Object.fromEntries(drafts),
          starts: Object.fromEntries(starts),
          open,
        }),
      );
  } catch {
    // Kept in memory for this page still.
  }
}

interface Kept {
  drafts: Record<string, Values>;
  starts: Record<string, Record<string, string>>;
  open: OpenForm | null;
}

/** What the tab kept for `user`, if it kept anything for that account. */
function stored(user: string): Kept {
  try {
    const raw = store()?.getItem(STORE);
    const kept = raw
      ? (JSON.parse(raw) as {
          user?: unknown;
          drafts?: unknown;
          starts?: unknown;
          open?: OpenForm | null;
        })
      : null;
    if (kept?.user !== user || typeof kept.drafts !== 'object' || kept.drafts === null)
      return { drafts: {}, starts: {}, open: null };
    const keptStarts = typeof kept.starts === 'object' && kept.starts !== null ? kept.starts : {};
    return {
      drafts: kept.drafts as Record<string, Values>,
      starts: keptStarts as Record<string, Record<string, string>>,
      open: kept.open ?? null,
    };
  } catch {
    return { drafts: {}, starts: {}, open: null };
  }
}

/**
 * The page's account is now `userId` (null: none yet). The same account keeps its drafts,
 * including those the tab kept across a reload; another account's go, from memory and from the
 * tab, and forms open for it keep nothing as they close.
 */
export function draftsFor(userId: string | null): void {
  if (userId === owner) return;
  const kept = userId === null ? null : stored(userId);
  forgetAllDrafts();
  owner = userId;
  for (const [k, v] of Object.entries(kept?.drafts ?? {})) drafts.set(k, v);
  for (const [k, v] of Object.entries(kept?.starts ?? {})) starts.set(k, v);
  open = kept?.open ?? null;
  save();
}

/** Every draft goes, from memory and from the tab; forms open now keep nothing as they close. */
export function forgetAllDrafts(): void {
  drafts.clear();
  starts.clear();
  open = null;
  account += 1;
  save();
}

/** The account a form is opened for, to give keepDraft when it closes. */
export const draftAccount = (): number => account;

/** What a form's draft belongs to: the form, and the item, list or note it was opened on. */
export function draftKey(formId: string, ctx: Pick<FormContext, 'target' | 'noteId'>): string {
  const t = ctx.target;
  return [formId, t.multilistId, t.listId, t.itemId, ctx.noteId].map((p) => p ?? '').join('/');
}

/**
 * The key a form's draft is kept under, or null when it keeps none. An edit's words are kept
 * for the version of what they change (the note's, item's or list description's): they come
 * back only while it is still as it was when they were typed, never over a change saved since.
 */
export function draftKeyOf(def: Pick<FormDef, 'id' | 'edits'>, ctx: FormContext): string | null {
  const key = draftKey(def.id, ctx);
  if (!def.edits) return key;
  const kind = editedKind(ctx);
  const edited = kind === 'note' ? findNote(ctx) : kind === 'item' ? findItem(ctx) : findList(ctx);
  return edited ? `${key}@${edited.version}` : null;
}

/** What an edit form opened here changes: the note named, else the item, else the list. */
export const editedKind = (
  ctx: Pick<FormContext, 'target' | 'noteId'>,
): 'note' | 'item' | 'list' => (ctx.noteId ? 'note' : ctx.target.itemId ? 'item' : 'list');

/**
 * Words typed to change an earlier version of what an edit's key (`…@version`) changes, kept
 * when the page loaded again after a change to it was saved: the form brings them back over the
 * version shown, saying so (never silently over it).
 */
export function earlierDraftOf(key: string): { key: string; values: Values } | undefined {
  const at = key.lastIndexOf('@');
  if (at < 0) return undefined;
  const base = key.slice(0, at + 1);
  for (const [k, values] of drafts) if (k !== key && k.startsWith(base)) return { key: k, values };
  return undefined;
}

/**
 * Keeps what the form holds under its key while it has long text typed in it (other than the
 * form's `start`, what it opened with before any draft), or forgets it when it has none; a form
 * opened for an account the page has since left keeps nothing for the next one.
 */
export function keepDraft(
  key: string,
  fields: Field[],
  values: Values,
  openedFor: number,
  start: Values = {},
): void {
  if (openedFor !== account) return;
  // Long text typed: other than nothing, and other than what the form opened with.
  const long = fields.some(
    (f) =>
      f.type === 'textarea' &&
      str(values, f.name) !== '' &&
      str(values, f.name) !== str(start, f.name),
  );
  const kept: Values = {};
  // With the words, the rest of what was chosen (Private ticked, the words noted on), never a
  // password or a file.
  for (const f of long ? fields : []) {
    const v = values[f.name];
    if (f.type !== 'password' && f.type !== 'file' && v !== undefined && !Array.isArray(v))
      kept[f.name] = v;
  }
  if (long) {
    drafts.set(key, kept);
    const longFields = fields.filter((f) => f.type === 'textarea');
    starts.set(key, Object.fromEntries(longFields.map((f) => [f.name, str(start, f.name)])));
  } else if (!drafts.delete(key)) return;
  else starts.delete(key);
  save();
}

/** The draft kept under this key, if any; it stays kept until the form is submitted. */
export const draftOf = (key: string): Values | undefined => drafts.get(key);

export function forgetDraft(key: string): void {
  starts.delete(key);
  if (drafts.delete(key)) save();
}

/**
 * Whether the draft under `key` was typed over other words than `now` holds in its long fields:
 * an edit's words kept for an earlier version, where the words themselves changed since (not only
 * the item's place, labels or status). A draft kept without them is taken to have been.
 */
export function typedOver(key: string, fields: readonly Field[], now: Values): boolean {
  const was = starts.get(key);
  if (!was) return true;
  return fields.some((f) => f.type === 'textarea' && (was[f.name] ?? '') !== str(now, f.name));
}

/** The form open now with words typed in it (null: none), to open again after a reload. */
export function keepOpenForm(form: OpenForm | null): void {
  if (open === form) return;
  open = form;
  save();
}

/**
 * The form that was open with words typed in it as the page last went, once one of `boardIds`
 * is its board and its words are still kept; it is given once.
 */
export function takeOpenForm(boardIds: readonly string[]): OpenForm | null {
  const form = open;
  if (!form?.target.multilistId || !boardIds.includes(form.target.multilistId)) return null;
  keepOpenForm(null);
  const key = draftKey(form.id, form);
  return [...drafts.keys()].some((k) => k === key || k.startsWith(`${key}@`)) ? form : null;
}
