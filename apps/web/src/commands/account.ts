/** Signing in and out, and the account-level tools. */
import type { Command } from './registry';
import { signedIn } from './helpers';

export const ACCOUNT_COMMANDS: Command[] = [
  {
    id: 'login',
    label: 'Sign in',
    group: 'account',
    toolbar: true,
    visible: (c) => c.isGuest,
    run: (c) => c.actions.openForm('login'),
  },
  {
    id: 'logout',
    label: 'Sign out',
    group: 'account',
    toolbar: true,
    visible: (c) => !c.isGuest,
    run: (c) => c.actions.signOut(),
  },
  {
    id: 'export',
    label: 'Export',
    group: 'account',
    // A board on screen, for anyone but the shared guest account (core/policy 'export').
    visible: signedIn,
    enabled: (c) => c.board !== null && !c.board.locked,
    run: (c) => c.actions.openForm('export'),
  },
];
