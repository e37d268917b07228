/**
 * Signing in and out, and the account tools. Who sees which, and whether on the toolbar or in
 * the More menu, follows core/policy (spec section 6): guests get sign in, sign up and forgot;
 * non-admins edit their profile; the admin adds users and has deregister on the toolbar.
 */
import { isGuestUser, isSiteAdmin, toolbarRoleFlags, type ToolbarRoleFlags } from '@listboard/core';
import { signupFormFor } from '../account/session';
import { useSession } from '../state/session';
import {
  FileDown,
  KeyRound,
  LogIn,
  LogOut,
  Printer,
  UserPlus,
  UserRoundPen,
  UserX,
} from 'lucide-react';
import type { Command, CommandContext } from './registry';
import { signedIn } from './helpers';
import { here } from '../search/address';
import { BOARD_LISTINGS, isCustomCode } from '@listboard/core/api/search';

/** The role flags; account tools do not depend on the board, so they work without one too. */
const flagsOf = (c: CommandContext): ToolbarRoleFlags =>
  c.flags ?? toolbarRoleFlags(c.user, { owner: '' });
const guest = (c: CommandContext) => isGuestUser(c.user);
const admin = (c: CommandContext) => isSiteAdmin(c.user);
/** The page is a listing of notes (Discussion, My notes, Notes…), not of boards nor a search. */
const notesListed = () => {
  const code = new URLSearchParams(here().search).get('code');
  return code !== null && isCustomCode(code) && !BOARD_LISTINGS.includes(code);
};

export const ACCOUNT_COMMANDS: Command[] = [
  {
    id: 'login',
    label: 'Sign in',
    group: 'account',
    toolbar: true,
    phone: true,
    icon: LogIn,
    visible: guest,
    run: (c) => c.actions.openForm('login'),
  },
  {
    id: 'signup',
    label: 'Sign up',
    group: 'account',
    // A signed-in user may still sign up another address; only guests need it at hand.
    toolbar: guest,
    phone: guest,
    icon: UserPlus,
    visible: (c) => !admin(c),
    run(c) {
      const next = signupFormFor(useSession.getState().signupMode);
      if ('message' in next) c.actions.alert(next.message);
      else c.actions.openForm(next.form);
    },
  },
  {
    id: 'forgot',
    label: 'Forgot password',
    group: 'account',
    icon: KeyRound,
    visible: guest,
    run: (c) => c.actions.openForm('forgot'),
  },
  {
    id: 'addUser',
    label: 'Add user',
    group: 'admin',
    icon: UserPlus,
    toolbar: true,
    visible: admin,
    run: (c) => c.actions.openForm('addUser'),
  },
  {
    id: 'editProfile',
    label: 'Edit profile',
    group: 'account',
    icon: UserRoundPen,
    visible: (c) => flagsOf(c).editProfile,
    run: (c) => c.actions.openForm('editProfile'),
  },
  {
    id: 'deregister',
    label: 'Delete my account',
    group: 'account',
    icon: UserX,
    toolbar: (c) => flagsOf(c).deregister,
    visible: signedIn,
    run: (c) => c.actions.openForm('deregister'),
  },
  {
    id: 'logout',
    label: 'Sign out',
    group: 'account',
    toolbar: true,
    icon: LogOut,
    visible: signedIn,
    run: (c) => c.actions.openForm('logout'),
  },
  {
    id: 'export',
    label: 'Export',
    group: 'account',
    icon: FileDown,
    // A board on screen, for anyone but the shared guest account (core/policy 'export'); on a
    // listing of notes, the notes it lists.
    visible: signedIn,
    enabled: (c) => c.board !== null && !c.board.locked && (!c.results || notesListed()),
    run: (c) => c.actions.openForm(c.results ? 'exportNotes' : 'export'),
  },
  {
    id: 'print',
    label: 'Print board',
    group: 'account',
    icon: Printer,
    // The board in use on paper, every list and item of it (board/print.ts lays it out).
    enabled: (c) => c.board !== null && !c.board.locked,
    run: () => window.print(),
  },
];
