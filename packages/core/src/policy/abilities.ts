import type { Abilities } from '../model';
import { can, type PolicyOptions } from './rules';
import { isGuestUser, isSiteAdmin, roleFor, type PolicyBoard, type PolicyUser } from './roles';

/** What the caller may do with a board, as the server sends it with the board. */
export function abilitiesFor(
  user: PolicyUser | null,
  board: PolicyBoard,
  opts: PolicyOptions,
): Abilities {
  const may = (action: Parameters<typeof can>[2]) => can(user, board, action, opts);
  return {
    role: roleFor(user, board),
    select: may('select'),
    edit: may('edit'),
    delete: may('delete'),
    annotate: may('annotate'),
    note: may('note'),
    addCoauthor: may('addCoauthor'),
  };
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
