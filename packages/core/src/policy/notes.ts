import { isGuestUser, isSiteAdmin, roleFor, type PolicyBoard, type PolicyUser } from './roles';

export interface NoteVisibility {
  author: string;
  isPrivate: boolean;
  groupName: string | null;
  noteStatus: 'pending' | 'answered' | 'dismissed' | null;
}

/**
 * Who sees a note, annotation or reply. A private one: its author only. A group one: its author,
 * the group's members and the board's authors and editors (who answer notes). A dismissed note:
 * its author and the board's authors and editors. Everything else: anyone who can read the board.
 */
export function canSeeNote(
  user: PolicyUser | null,
  board: PolicyBoard,
  note: NoteVisibility,
  userGroups: readonly string[],
): boolean {
  const mine = user !== null && !isGuestUser(user) && user.username === note.author;
  if (mine) return true;
  if (note.isPrivate) return false;
  const role = roleFor(user, board);
  const moderator = role === 'author' || role === 'editor' || isSiteAdmin(user);
  if (note.groupName && !moderator && !userGroups.includes(note.groupName)) return false;
  if (note.noteStatus === 'dismissed' && !moderator) return false;
  return true;
}
