/**
 * The one visibility rule. Every channel that hands out a board's content (loads, sections,
 * search, listings, Discussion, the home's news, exports, dumps, mail, live events, replies and
 * status changes) asks canSee before it shows, sends or acts on a thing. A thing a caller cannot
 * see is answered exactly like a thing that does not exist.
 */
import { isGuestUser, isSiteAdmin, roleFor, type PolicyBoard, type PolicyUser } from './roles';
import { canSeeNote, type NoteVisibility } from './notes';

/** Who is looking: the user, the groups they are in, and the boards their session unlocked. */
export interface Viewer {
  user: PolicyUser | null;
  groups: readonly string[];
  /** Ids of the password-protected boards this session has opened with their password. */
  unlocked: ReadonlySet<string> | readonly string[];
}

export interface VisibleBoard extends PolicyBoard {
  id: string;
  hasPassword: boolean;
}

export interface VisibleItem extends NoteVisibility {
  annotationClass: 'none' | 'anno' | 'note' | 'reply';
}

export interface VisibleGroup {
  name: string;
  isPrivate: boolean;
}

export type Visible =
  | { kind: 'board'; board: VisibleBoard }
  | { kind: 'list'; board: VisibleBoard }
  /**
   * An item, annotation, note or reply. A reply names its thread: the note or annotation at the
   * root of the thread, whose visibility it takes. A note shown away from its item (a listing,
   * Discussion, search) names that item as `on`: a note on an item the viewer may not see is
   * not shown either, except to its own writer.
   */
  | {
      kind: 'item';
      board: VisibleBoard;
      item: VisibleItem;
      thread?: VisibleItem | null;
      on?: VisibleItem | null;
    }
  | { kind: 'group'; group: VisibleGroup };

export const viewerOf = (
  user: PolicyUser | null,
  groups: readonly string[] = [],
  unlocked: ReadonlySet<string> | readonly string[] = [],
): Viewer => ({ user, groups, unlocked });

const isUnlocked = (viewer: Viewer, boardId: string) =>
  viewer.unlocked instanceof Set
    ? viewer.unlocked.has(boardId)
    : (viewer.unlocked as readonly string[]).includes(boardId);

/**
 * Whether the user is one of those who answer the board's notes: its owner, a coauthor (not
 * contributor-only) or an editor. A note of theirs is not a reader's: it waits for no answer.
 */
export function answersNotes(user: PolicyUser | null, board: PolicyBoard): boolean {
  const role = roleFor(user, board);
  return role === 'author' || role === 'editor';
}

/** Authors and editors answer notes and see a board whatever its password; so do site admins. */
export function moderates(user: PolicyUser | null, board: PolicyBoard): boolean {
  return isSiteAdmin(user) || answersNotes(user, board);
}

/**
 * A board behind a password shows its content only once this session has given the password,
 * or to those who run it. Unlisted is not private: an unlisted board is left out of listings and
 * search, but anyone with its address reads it.
 */
export function boardOpen(viewer: Viewer, board: VisibleBoard): boolean {
  return !board.hasPassword || moderates(viewer.user, board) || isUnlocked(viewer, board.id);
}

/**
 * Whether a board may appear in this viewer's listings and search results. An unlisted one does
 * only for its author and the people on it (coauthors, editors, contributors), site admins and a
 * session that entered its password; boardOpen still lets anyone with its address read it.
 * Search applies the same rule in SQL (services/search/query.ts).
 */
export function boardListedFor(viewer: Viewer, board: VisibleBoard & { listed: boolean }): boolean {
  if (board.listed || isSiteAdmin(viewer.user) || isUnlocked(viewer, board.id)) return true;
  const role = roleFor(viewer.user, board);
  return role !== 'reader' && role !== 'guest';
}

const mine = (viewer: Viewer, item: VisibleItem) =>
  viewer.user !== null && !isGuestUser(viewer.user) && viewer.user.username === item.author;

/**
 * A content item: everyone who reads the board, unless it is private (its author only). A note,
 * annotation or reply: canSeeNote for the thing itself and, for a reply, for the thread's root,
 * so a reply in a private, group or dismissed thread is seen by exactly those who see the root.
 * A viewer always sees what they wrote themselves.
 */
function itemVisible(
  viewer: Viewer,
  board: VisibleBoard,
  item: VisibleItem,
  thread: VisibleItem | null | undefined,
): boolean {
  if (mine(viewer, item)) return true;
  if (item.annotationClass === 'none') return !item.isPrivate;
  if (!canSeeNote(viewer.user, board, item, viewer.groups)) return false;
  return !thread || canSeeNote(viewer.user, board, thread, viewer.groups);
}

export function canSee(viewer: Viewer, thing: Visible): boolean {
  switch (thing.kind) {
    case 'group':
      return (
        !thing.group.isPrivate ||
        isSiteAdmin(viewer.user) ||
        viewer.groups.includes(thing.group.name)
      );
    case 'board':
    case 'list':
      return boardOpen(viewer, thing.board);
    case 'item':
      return (
        boardOpen(viewer, thing.board) &&
        itemVisible(viewer, thing.board, thing.item, thing.thread) &&
        (!thing.on || mine(viewer, thing.item) || itemVisible(viewer, thing.board, thing.on, null))
      );
  }
}

/**
 * Whether everyone who reads the board sees this item: not only its writer, a group or the
 * board's moderators. A copy that shows it to all (a saved search, a board made of results) keeps
 * private whatever this denies, by the same rule as every other channel: one who may open the
 * board and is nobody on it.
 */
export function seenByEveryReader(thing: Extract<Visible, { kind: 'item' }>): boolean {
  return canSee(viewerOf(null, [], [thing.board.id]), thing);
}

/**
 * What a reply inherits from its thread so that it is never seen more widely than the thread:
 * the thread's privacy and its group.
 */
export function replyVisibility(
  thread: Pick<VisibleItem, 'isPrivate' | 'groupName'>,
  asked: { isPrivate?: boolean },
): { isPrivate: boolean; groupName: string | null } {
  return { isPrivate: thread.isPrivate || asked.isPrivate === true, groupName: thread.groupName };
}
