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

/** The spec's message for a refused action, where the spec gives one; otherwise null. */
export function denialMessage(action: BoardAction): string | null {
  return DENIAL_MESSAGES[action] ?? null;
}
