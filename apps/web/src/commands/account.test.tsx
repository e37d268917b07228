import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PublicUser, SignupMode } from '@listboard/core';
import { AccountTools, Toolbar } from '../board/Toolbar';
import { useSession } from '../state/session';
import { commandContext, guest } from '../test/fixtures';
import { COMMANDS } from './definitions';
import type { CommandActions } from './registry';

const person = (username: string, roles: PublicUser['roles']): PublicUser => ({
  ...guest,
  _id: `user-${username}`,
  username,
  email: `${username}@example.org`,
  roles,
});
const reader = person('ann', ['reader']);
const admin = person('admin', ['lbadmin']);

function contextFor(user: PublicUser) {
  const actions = {
    openForm: vi.fn(),
    alert: vi.fn(),
  } as unknown as CommandActions;
  const ctx = commandContext(user, null, { actions });
  return { ctx, actions };
}

/**
 * Account tools as shown: as buttons of their own, or only as entries of the menus (every command
 * is in its group's menu; the buttons are the shortcuts). On a phone they are in its bar; on a
 * wider screen in the Account group the header holds, none of them left among the board's tools.
 */
function shown(user: PublicUser, phone = false) {
  const { ctx } = contextFor(user);
  render(
    <>
      <Toolbar ctx={ctx} phone={phone} />
      {!phone && <AccountTools ctx={ctx} />}
    </>,
  );
  const tools = screen.getByRole('navigation', { name: 'Board tools' });
  const bars = phone ? [tools] : [tools, screen.getByRole('navigation', { name: 'Account' })];
  if (!phone) expect(within(tools).queryAllByRole('group', { name: 'Account' })).toEqual([]);
  const menus = bars.flatMap((bar) => within(bar).getAllByRole('menu', { hidden: true }));
  const names = [
    'Sign in',
    'Sign up',
    'Forgot password',
    'Sign out',
    'Add user',
    'Edit profile',
    'Delete my account',
  ];
  const onBar = names.filter((n) =>
    bars
      .flatMap((bar) => within(bar).queryAllByRole('button', { name: n }))
      .some((b) => !menus.some((m) => m.contains(b))),
  );
  const inMenu = names.filter(
    (n) =>
      !onBar.includes(n) &&
      menus.some((m) => within(m).queryAllByRole('menuitem', { name: n, hidden: true }).length > 0),
  );
  cleanup();
  return { onBar, inMenu };
}

afterEach(cleanup);

describe('account tools by role (core/policy)', () => {
  it('guest: sign in and sign up on the toolbar, forgot in the Account menu', () => {
    expect(shown(guest)).toEqual({
      onBar: ['Sign in', 'Sign up'],
      inMenu: ['Forgot password'],
    });
  });

  it('guest on a phone: sign in and sign up stay on the bar, forgot in the Menu', () => {
    expect(shown(guest, true)).toEqual({
      onBar: ['Sign in', 'Sign up'],
      inMenu: ['Forgot password'],
    });
  });

  it('signed-in reader: sign out on the toolbar; profile, sign up and deregister in the menu', () => {
    expect(shown(reader)).toEqual({
      onBar: ['Sign out'],
      inMenu: ['Sign up', 'Edit profile', 'Delete my account'],
    });
  });

  it('admin: add user and deregister on the toolbar, no edit profile', () => {
    expect(shown(admin)).toEqual({
      onBar: ['Sign out', 'Add user', 'Delete my account'],
      inMenu: [],
    });
  });
});

describe('sign up follows the signup mode', () => {
  const run = (mode: SignupMode) => {
    useSession.setState({ signupMode: mode });
    const { ctx, actions } = contextFor(guest);
    void COMMANDS.find((c) => c.id === 'signup')!.run(ctx);
    return actions;
  };

  it('default opens the signup form', () => {
    expect(run('default').openForm).toHaveBeenCalledWith('signup');
  });
  it('invitees opens the check invitee form', () => {
    expect(run('invitees').openForm).toHaveBeenCalledWith('checkInvitee');
  });
  it('prescreened opens the add user form without a role', () => {
    expect(run('prescreened').openForm).toHaveBeenCalledWith('addUserSelf');
  });
  it('disabled only says that signup is disabled', () => {
    const actions = run('disabled');
    expect(actions.openForm).not.toHaveBeenCalled();
    expect(actions.alert).toHaveBeenCalledWith('Signup is disabled.');
  });
});
