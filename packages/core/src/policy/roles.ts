import { GUEST_USER } from '../constants';
import type { Role } from '../model';

export interface PolicyUser {
  username: string;
  roles: readonly string[];
}

export interface BoardMember {
  username: string;
  privileges: readonly string[];
}

/** The parts of a board that decide who may do what on it. */
export interface PolicyBoard {
  owner: string;
  members?: readonly BoardMember[];
  contributors?: readonly string[];
  /** Coauthors; they act as authors unless also listed as contributors. */
  authors?: readonly string[];
}

/** The roles a user can hold on a board; lbadmin and demo are site-wide, not per board. */
export type BoardRole = Extract<Role, 'author' | 'editor' | 'contributor' | 'reader' | 'guest'>;

export function isGuestUser(user: PolicyUser | null): boolean {
  return user === null || user.username === GUEST_USER || user.roles.includes('guest');
}

/** Site admin (role lbadmin). The shared guest account is never admin, whatever its roles say. */
export function isSiteAdmin(user: PolicyUser | null): boolean {
  return user !== null && !isGuestUser(user) && user.roles.includes('lbadmin');
}

export function memberOf(user: PolicyUser | null, board: PolicyBoard): BoardMember | undefined {
  return user ? board.members?.find((m) => m.username === user.username) : undefined;
}

/**
 * The user's role on this board (spec section 6). Site admin powers are separate (isSiteAdmin)
 * and come on top of this role. A coauthor who is also listed as a contributor has been marked
 * contributor-only, so the contributor listing wins over the authors list.
 */
export function roleFor(user: PolicyUser | null, board: PolicyBoard): BoardRole {
  if (user === null || isGuestUser(user)) return 'guest';
  const name = user.username;
  if (name === board.owner) return 'author';
  const contributor = board.contributors?.includes(name) ?? false;
  if (board.authors?.includes(name) && !contributor) return 'author';
  if (memberOf(user, board)) return 'editor';
  if (contributor) return 'contributor';
  return 'reader';
}
