import type { BoardAction } from '../model';
import type { AppVersion } from '../constants';
import { boardMsg, coauthorMsg } from '../messages';
import {
  isGuestUser,
  isSiteAdmin,
  memberOf,
  roleFor,
  type BoardRole,
  type PolicyBoard,
  type PolicyUser,
} from './roles';

export interface PolicyOptions {
  appVersion: AppVersion;
}

export interface PolicyRule {
  /** Board roles allowed to take the action. */
  roles: readonly BoardRole[];
  /** Site admins may, whatever their role on the board. */
  admin: boolean;
  /** Only the board owner may; coauthors and admins may not. */
  ownerOnly?: boolean;
  /** In production an editor (board member) also needs this privilege in the member record. */
  memberPrivilege?: 'edit' | 'delete';
  /** Outside production every signed-in user but the guest may. */
  openOutsideProduction?: boolean;
}

const SIGNED_IN: readonly BoardRole[] = ['author', 'editor', 'contributor', 'reader'];
const WRITERS: readonly BoardRole[] = ['author', 'editor'];
const OWNER: PolicyRule = { roles: ['author'], admin: false, ownerOnly: true };
const ADMIN: PolicyRule = { roles: [], admin: true };

/**
 * Spec section 6 as one table. Admin, author and editor get the edit buttons; contributors and
 * readers get none, so inserting and duplicating are theirs no more than editing is (outside
 * production everyone may, as for edit and delete). Labelling changes an existing item, so it
 * follows the edit rule. Readers, contributors among them, note and reply.
 */
export const POLICY_RULES: Readonly<Record<BoardAction, PolicyRule>> = {
  read: { roles: [...SIGNED_IN, 'guest'], admin: true },
  select: { roles: SIGNED_IN, admin: true },
  edit: { roles: WRITERS, admin: true, memberPrivilege: 'edit', openOutsideProduction: true },
  delete: { roles: WRITERS, admin: true, memberPrivilege: 'delete', openOutsideProduction: true },
  label: { roles: WRITERS, admin: true, memberPrivilege: 'edit', openOutsideProduction: true },
  insert: { roles: WRITERS, admin: true, openOutsideProduction: true },
  duplicate: { roles: WRITERS, admin: true, openOutsideProduction: true },
  annotate: { roles: WRITERS, admin: true },
  note: { roles: SIGNED_IN, admin: true },
  reply: { roles: SIGNED_IN, admin: true },
  addCoauthor: OWNER,
  removeCoauthor: OWNER,
  deleteBoard: OWNER,
  /** Answer or dismiss reader notes. */
  moderate: { roles: WRITERS, admin: true },
  assignGroup: OWNER,
  tour: OWNER,
  admin: ADMIN,
  manageUsers: ADMIN,
  dump: ADMIN,
  /** Take a copy of the board away (Markdown, HTML, JSON); the shared guest account may not. */
  export: { roles: SIGNED_IN, admin: true },
  /** See the board's Trash and put things back from it (a board itself: its owner only). */
  trash: { roles: ['author'], admin: true },
  /** The board's Insight page: every reader's figures (anyone else asking gets their own). */
  insight: { roles: ['author'], admin: true },
};

export function can(
  user: PolicyUser | null,
  board: PolicyBoard,
  action: BoardAction,
  opts: PolicyOptions,
): boolean {
  const rule = POLICY_RULES[action];
  if (user === null || isGuestUser(user)) return rule.roles.includes('guest');
  if (rule.ownerOnly) return user.username === board.owner;
  if (rule.admin && isSiteAdmin(user)) return true;
  const production = opts.appVersion === 'PRODUCTION';
  if (rule.openOutsideProduction && !production) return true;
  const role = roleFor(user, board);
  if (!rule.roles.includes(role)) return false;
  if (role === 'editor' && rule.memberPrivilege && production) {
    return memberOf(user, board)?.privileges.includes(rule.memberPrivilege) ?? false;
  }
  return true;
}

const DENIAL_MESSAGES: Partial<Record<BoardAction, string>> = {
  delete: boardMsg.noDeletionPrivilege,
  addCoauthor: coauthorMsg.mustBeOwnerToAddCoauthor,
};

/** Each action in the words a refusal names it with: "You may not …", or "Sign in to …". */
const ACTION_WORDS: Readonly<Record<BoardAction, string>> = {
  read: 'read this board',
  select: 'select items on this board',
  edit: 'edit this board',
  delete: 'delete from this board',
  annotate: 'annotate this board',
  note: 'add notes on this board',
  reply: 'reply on this board',
  addCoauthor: 'add coauthors to this board',
  removeCoauthor: 'remove coauthors from this board',
  deleteBoard: 'delete this board',
  moderate: 'answer or dismiss notes on this board',
  assignGroup: 'assign groups to this board',
  tour: 'set the tour of this board',
  insert: 'add to this board',
  label: 'label items on this board',
  duplicate: 'duplicate on this board',
  admin: 'use the site admin’s tools',
  manageUsers: 'manage the site’s users',
  dump: 'dump this board',
  export: 'take a copy of this board away',
  trash: 'open the Trash of this board',
  insight: 'see every reader’s figures for this board',
};

/**
 * Why an action was refused: the spec's message where it gives one; otherwise what was refused,
 * in words (a call may name what it does more exactly than its action: `words`). The shared
 * guest account is asked to sign in, since signing in is what would let it.
 */
export function denialMessage(
  action: BoardAction,
  opts: { guest?: boolean; words?: string } = {},
): string {
  const words = opts.words ?? ACTION_WORDS[action];
  if (opts.guest) return `Sign in to ${words}.`;
  return DENIAL_MESSAGES[action] ?? `You may not ${words}.`;
}

/**
 * Whether a viewer is told that a note or reply was written after notes on its item were due (notesDueOf):
 * its writer, and those who see every reader's figures on Insight, whose Late column it is.
 */
export function seesLate(
  user: PolicyUser | null,
  board: PolicyBoard,
  item: { author: string },
  opts: PolicyOptions,
): boolean {
  const writer = user !== null && !isGuestUser(user) && user.username === item.author;
  return writer || can(user, board, 'insight', opts);
}

/**
 * When notes on an item are due: its list's date where the list has one (a course's week, say),
 * else its board's; none without either. A note or reply written after it is late.
 */
export const notesDueOf = <T>(listDue: T | null | undefined, boardDue: T | null): T | null =>
  listDue ?? boardDue;
