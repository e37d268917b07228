import {
  BOARD_ACTIONS,
  ITEM_HANDLERS,
  type Abilities,
  type BoardAction,
  type Item,
  type ItemHandler,
  type Role,
} from '../model';
import { can, type PolicyOptions } from './rules';
import { isGuestUser, isSiteAdmin, roleFor, type PolicyBoard, type PolicyUser } from './roles';

/** Every action the caller may take on a board, as the server sends it with the board. */
export function abilitiesFor(
  user: PolicyUser | null,
  board: PolicyBoard,
  opts: PolicyOptions,
): Abilities {
  return abilitiesOf(
    roleFor(user, board),
    BOARD_ACTIONS.filter((action) => can(user, board, action, opts)),
  );
}

/** Abilities with exactly the given actions allowed (a board made on the fly, a test). */
export function abilitiesOf(role: Role, allowed: readonly BoardAction[]): Abilities {
  const a = { role } as Abilities;
  for (const action of BOARD_ACTIONS) a[action] = allowed.includes(action);
  return a;
}

/** The board an item links to as `/{owner}/home;{board}`, as results items do (Listings). */
export function visitTarget(item: Pick<Item, 'text'>): string | null {
  const m = /\]\((\/[^/\s)]+\/home;[^\s)?#]+)\)/.exec(item.text);
  return m?.[1] ?? null;
}

/**
 * The action buttons an item offers the caller (spec sections 3 and 6): what the board's
 * abilities allow for an item of its kind. A handler list the server names on the item wins.
 * On a results board (made on the fly) items are changed where they live, so only visit, reply
 * and annotations of their own notes remain.
 */
export function itemActions(a: Abilities, item: Item, opts: { results: boolean }): ItemHandler[] {
  if (item.handlers) return item.handlers;
  const content = !opts.results && item.annotationClass === 'none';
  const may: Record<ItemHandler, boolean> = {
    visit: visitTarget(item) !== null,
    annotate: content && a.annotate,
    reply: item.annotationClass !== 'none' && a.reply,
    edit: content && a.edit,
    label: content && a.label,
    delete: content && a.delete,
    duplicate: content && a.duplicate,
    insert: content && a.insert,
  };
  return ITEM_HANDLERS.filter((h) => may[h]);
}

export const NOTE_ACTIONS = [
  'reply',
  'helpful',
  'edit',
  'versions',
  'answer',
  'dismiss',
  'delete',
] as const;
export type NoteAction = (typeof NOTE_ACTIONS)[number];

/** Whether a note, annotation or reply is the signed-in caller's own: its writer may withdraw it. */
export function isOwnNote(note: Pick<Item, 'author' | 'annotationClass'>, me: string | null) {
  return me !== null && me !== 'guest' && note.annotationClass !== 'none' && note.author === me;
}

const NOTE_NOUNS: Partial<Record<string, string>> = {
  note: 'note',
  anno: 'annotation',
  reply: 'reply',
};

/** What a note, annotation or reply is called in a message about it. */
export const noteNoun = (note: { annotationClass: string }) =>
  NOTE_NOUNS[note.annotationClass] ?? 'note';

/** A reader's note on a passage may have no words: the passage alone is highlighted. */
export const mayHaveNoWords = (note: { annotationClass: string; highlight?: unknown }) =>
  note.annotationClass === 'note' && !!note.highlight;

/**
 * Why a right to edit the board does not reach this item, or null when it does: the words of a
 * note, annotation or reply are its writer's, and no one else changes them, by any call (its
 * text, a version of it, one of its blocks).
 */
export function noteWordsRefusal(
  item: Pick<Item, 'author' | 'annotationClass'>,
  me: string | null,
): string | null {
  if (item.annotationClass === 'none' || isOwnNote(item, me)) return null;
  return `Only its writer may change this ${noteNoun(item)}.`;
}

/**
 * Why the caller may not mark this helpful, or null when they may: a reader note or a reply,
 * shared with others (a private one has no one to help), written by someone else. Who may note on
 * the board at all is the policy's 'note' rule; this is what the note itself allows.
 */
export function helpfulRefusal(
  note: Pick<Item, 'author' | 'annotationClass' | 'isPrivate'>,
  me: string | null,
): string | null {
  if (note.annotationClass !== 'note' && note.annotationClass !== 'reply')
    return 'Only notes and replies are marked helpful.';
  if (note.isPrivate) return 'A private note is its writer’s alone.';
  if (me === null || me === 'guest') return 'Sign in to mark a note helpful.';
  if (note.author === me) return 'Your own note is not yours to mark helpful.';
  return null;
}

/**
 * What the caller (`me`, signed in) may do with a note, annotation or reply they can see: reply
 * to any of them; mark another's note or reply helpful (helpfulRefusal); change the words of their own (nobody else's, the board's authors included:
 * a note says what its writer wrote), and once they have, see and put back the words it had;
 * answer a pending reader note, or dismiss one not yet dismissed, if they
 * moderate the board; delete any of them (to the board's Trash, with the replies under it) if
 * they may delete, and their own in any case.
 */
export function noteActions(a: Abilities, note: Item, me: string | null = null): NoteAction[] {
  const readerNote = note.annotationClass === 'note';
  const may: Record<NoteAction, boolean> = {
    reply: a.reply,
    helpful: a.note && helpfulRefusal(note, me) === null,
    edit: isOwnNote(note, me),
    versions: isOwnNote(note, me) && note.flags.edited === true,
    answer: a.moderate && readerNote && note.noteStatus === 'pending',
    // A note with no status (a private one, or one by those who answer the board's notes)
    // waits for no one: it is neither answered nor dismissed.
    dismiss:
      a.moderate && readerNote && (note.noteStatus === 'pending' || note.noteStatus === 'answered'),
    delete: a.delete || isOwnNote(note, me),
  };
  return NOTE_ACTIONS.filter((action) => may[action]);
}

/** Which role-dependent toolbar groups show. */
export interface ToolbarRoleFlags {
  /** editOpsDisplayed and the edit operation toggles. */
  editButtons: boolean;
  /** markOpsDisplayed and the mark operation toggles. */
  markButtons: boolean;
  activity: boolean;
  users: boolean;
  deregister: boolean;
  dump: boolean;
  editProfile: boolean;
  emailItem: boolean;
}

/**
 * Toolbar groups by role (spec section 6). The guest account is shared by every visitor, so it
 * gets neither editProfile nor emailItem even though it is not an admin.
 */
export function toolbarRoleFlags(user: PolicyUser | null, board: PolicyBoard): ToolbarRoleFlags {
  const admin = isSiteAdmin(user);
  const role = roleFor(user, board);
  const edits = admin || role === 'author' || role === 'editor';
  const personal = !admin && !isGuestUser(user);
  return {
    editButtons: edits,
    markButtons: edits,
    activity: admin,
    users: admin,
    deregister: admin,
    dump: admin,
    editProfile: personal,
    emailItem: personal,
  };
}
