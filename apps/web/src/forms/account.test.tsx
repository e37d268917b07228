import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from '@listboard/core';
import { setCallUser } from '../api/client';
import { handoff, signInAs, signOutToGuest } from '../account/session';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { guest } from '../test/fixtures';
import { ACCOUNT_FORMS, ASSIGNABLE_ROLES } from './account';
import { Form } from './Form';
import type { FormContext } from './registry';

const ann: PublicUser = {
  ...guest,
  _id: 'user-ann',
  username: 'ann',
  email: 'ann@example.org',
  roles: ['reader'],
  fullname: 'Ann Lee',
  fields: {
    fullname: 'Ann Lee',
    firstname: 'Ann',
    lastname: 'Lee',
    phone: '',
    bio: 'Reads the news.',
    textAlerts: false,
    emailAlerts: true,
  },
};

type Reply = { status: number; body: unknown };
let calls: { path: string; method: string; body: unknown }[];
let replies: Record<string, Reply>;

/** The API behind fetch: each path answers as set in `replies` (200 {ok:true} otherwise). */
function stubServer(user: PublicUser) {
  calls = [];
  replies = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      const body =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : (init?.body ?? null);
      calls.push({ path, method: init?.method ?? 'GET', body });
      const key = path.split('?')[0]!;
      const r: Reply =
        replies[key] ??
        (key === '/api/auth/session'
          ? { status: 200, body: { user, rootBoard: 'home', adminUser: 'admin' } }
          : { status: 200, body: { ok: true } });
      return Promise.resolve(
        new Response(JSON.stringify(r.body), {
          status: r.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
}
// The account area is loaded on demand by the app; the test reads it directly.
const FORM_BY_ID = new Map(ACCOUNT_FORMS.map((f) => [f.id, f]));
const called = (path: string) => calls.filter((c) => c.path.split('?')[0] === path);

function open(id: string, user: PublicUser | null = ann) {
  const alert = vi.fn();
  const navigate = vi.fn();
  const onClose = vi.fn();
  const ctx = {
    user,
    board: null,
    target: { multilistId: null, listId: null, itemId: null, text: null },
    alert,
    navigate,
    signIn: (u: string, p: string) => signInAs(u, p, navigate),
    signOut: () => signOutToGuest(navigate),
  } as unknown as FormContext;
  render(<Form def={FORM_BY_ID.get(id)!} ctx={ctx} onClose={onClose} />);
  return { alert, navigate, onClose };
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const says = async (text: string) =>
  expect((await screen.findByRole('alert')).textContent).toBe(text);

beforeEach(() => {
  stubServer(ann);
  setCallUser(ann._id);
  useSession.setState({ phase: 'ready', user: ann, signupMode: 'default' });
  handoff.resetToken = null;
  handoff.inviteeEmail = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('logout', () => {
  it('says who is signed in, and signs out to guest only when asked', async () => {
    const { navigate, onClose } = open('logout');
    expect(
      screen.getByText(`You are signed in as ${ann.username}. Sign out and continue as guest?`),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(called('/api/auth/signout')).toHaveLength(0);
    cleanup();
    const second = open('logout');
    submit('Sign out');
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(called('/api/auth/signout')).toHaveLength(1);
    expect(second.navigate).toHaveBeenCalledWith('/');
    expect(onClose).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('login', () => {
  it('opens at the password with the name of an account a link has just verified', () => {
    open('login', guest);
    expect(document.activeElement).toBe(screen.getByLabelText('User name'));
    cleanup();
    handoff.signInName = 'ann';
    try {
      open('login', guest);
      expect(screen.getByLabelText<HTMLInputElement>('User name').value).toBe('ann');
      expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    } finally {
      handoff.signInName = null;
    }
  });

  it('needs both fields: Username or password missing.', async () => {
    open('login', guest);
    type('User name', 'ann');
    submit('Sign in');
    await says('Username or password missing.');
    expect(calls).toHaveLength(0);
  });

  it('keeps the form, and what was typed, with the server’s message on a failed sign-in', async () => {
    replies['/api/auth/signin'] = { status: 401, body: { error: 'Invalid credentials for: ann' } };
    const { onClose, navigate } = open('login', guest);
    type('User name', 'ann');
    type('Password', 'wrong-one');
    submit('Sign in');
    await says('Invalid credentials for: ann');
    expect(onClose).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('User name').value).toBe('ann');
  });

  /** Ann signs in with the login form on the page at `path`, and the form closes. */
  const signInOn = async (path: string) => {
    window.history.replaceState(null, '', path);
    replies['/api/auth/signin'] = { status: 200, body: { user: ann } };
    const { onClose, navigate } = open('login', guest);
    type('User name', 'ann');
    type('Password', 'secret-1');
    submit('Sign in');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    return navigate;
  };

  it('signs in, refreshes the session and goes home', async () => {
    const navigate = await signInOn('/admin/home');
    expect(navigate).toHaveBeenCalledWith('/');
    const session = called('/api/auth/session')[0]!;
    expect(session).toBeDefined();
    expect(called('/api/auth/signin')[0]!.body).toEqual({ username: 'ann', password: 'secret-1' });
  });

  it('signed in on a board a link led to, stays on it', async () => {
    const navigate = await signInOn('/author/course#note-1');
    expect(called('/api/auth/session')[0]).toBeDefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('words a failure the server could not explain as a login error', async () => {
    replies['/api/auth/signin'] = { status: 500, body: { error: 'database down' } };
    open('login', guest);
    type('User name', 'ann');
    type('Password', 'secret-1');
    submit('Sign in');
    expect((await screen.findByRole('alert')).textContent).toBe('Login error: database down');
  });
});

describe('signup', () => {
  beforeEach(() => useSession.setState({ user: guest }));
  const fill = (u: string, e: string, p: string, r: string) => {
    type('User name', u);
    type('Email', e);
    type('Password', p);
    type('Repeat password', r);
  };

  it('names the first empty field', async () => {
    open('signup', guest);
    submit('Sign up');
    await says('Please fill in username field.');
  });

  it('Passwords must match.', async () => {
    open('signup', guest);
    fill('bea', 'bea@example.org', 'secret-1', 'secret-2');
    submit('Sign up');
    await says('Passwords must match.');
  });

  it('Bad username, email address, or password.', async () => {
    for (const [u, e, p] of [
      ['b e a', 'bea@example.org', 'secret-1'],
      ['bea', 'bea@', 'secret-1'],
      ['bea', 'bea@example.org', 'short'],
    ]) {
      cleanup();
      open('signup', guest);
      fill(u!, e!, p!, p!);
      submit('Sign up');
      await says('Bad username, email address, or password.');
    }
    expect(calls).toHaveLength(0);
  });

  it('says under each wrong field what is wrong with it, and marks it invalid', async () => {
    open('signup', guest);
    fill('b e a', 'bea@example.org', 'short', 'shorter');
    submit('Sign up');
    await says('Passwords must match.');
    const problem = (label: string) => {
      const field = screen.getByLabelText(label);
      const id = field
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((d) => d.endsWith('-error'));
      return field.getAttribute('aria-invalid') === 'true' && id
        ? document.getElementById(id)?.textContent
        : null;
    };
    expect(problem('User name')).toBe(
      'A user name is up to 64 letters, digits, dots, dashes and underscores, and starts with a letter, a digit or an underscore.',
    );
    expect(problem('Email')).toBeNull();
    expect(problem('Password')).toBe('Your password should be 6 characters or longer.');
    expect(problem('Repeat password')).toBe('Passwords must match.');
    // Typing in a field again takes its problem away.
    type('User name', 'bea');
    expect(problem('User name')).toBeNull();
    expect(problem('Password')).toBe('Your password should be 6 characters or longer.');

    // What only the server knows (a name taken) shows under its field too, beside its message.
    replies['/api/auth/register'] = {
      status: 409,
      body: {
        error: 'Oops: unable to create user bea: that user name is taken',
        fields: { username: 'That user name is taken. Please choose another.' },
      },
    };
    fill('bea', 'bea@example.org', 'secret-1', 'secret-1');
    submit('Sign up');
    expect(
      (
        await screen.findByText('Oops: unable to create user bea: that user name is taken')
      ).getAttribute('role'),
    ).toBe('alert');
    expect(problem('User name')).toBe('That user name is taken. Please choose another.');
    expect(problem('Password')).toBeNull();
  });

  it('tells a signed-in user who gives their own address that they are registered', async () => {
    open('signup', ann);
    fill('ann2', 'ANN@example.org', 'secret-1', 'secret-1');
    submit('Sign up');
    await says('Already registered and logged in: ann');
    expect(called('/api/auth/register')).toHaveLength(0);
  });

  it('shows the server’s words for an address in use, and its success message', async () => {
    replies['/api/auth/register'] = {
      status: 403,
      body: { error: 'This email is already in use.' },
    };
    const { alert, onClose } = open('signup', guest);
    fill('bea', 'bea@example.org', 'secret-1', 'secret-1');
    submit('Sign up');
    await says('This email is already in use.');
    replies['/api/auth/register'] = {
      status: 200,
      body: {
        ok: true,
        username: 'bea',
        verificationSent: true,
        message: 'Registration successful! Please check your email for a verification link.',
      },
    };
    submit('Sign up');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(alert).toHaveBeenCalledWith(
      'Registration successful! Please check your email for a verification link.',
    );
    expect(called('/api/auth/register').at(-1)!.body).toEqual({
      username: 'bea',
      email: 'bea@example.org',
      password: 'secret-1',
    });
  });

  it('an account usable at once is signed in where it was made: on a board a link led to, it stays; from the front board, home', async () => {
    const made = { ok: true, username: 'bea', user: { ...ann, _id: 'u-bea', username: 'bea' } };
    for (const [path, home] of [
      ['/author/course', false],
      ['/admin/home', true],
    ] as const) {
      window.history.replaceState(null, '', path);
      replies['/api/auth/register'] = { status: 200, body: { ...made, message: 'Welcome.' } };
      const { navigate, onClose } = open('signup', guest);
      fill('bea', 'bea@example.org', 'secret-1', 'secret-1');
      submit('Sign up');
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      if (home) expect(navigate).toHaveBeenCalledWith('/');
      else expect(navigate).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('sends the optional full name with the account when one is typed', async () => {
    open('signup', guest);
    fill('bea', 'bea@example.org', 'secret-1', 'secret-1');
    type('Full name', '  Bea Park ');
    submit('Sign up');
    await waitFor(() => expect(called('/api/auth/register')).toHaveLength(1));
    expect(called('/api/auth/register')[0]!.body).toEqual({
      username: 'bea',
      email: 'bea@example.org',
      password: 'secret-1',
      fullname: 'Bea Park',
    });
  });

  it('falls back to the spec’s registration error when the server fails', async () => {
    replies['/api/auth/register'] = { status: 502, body: { error: 'x' } };
    open('signup', guest);
    fill('bea', 'bea@example.org', 'secret-1', 'secret-1');
    submit('Sign up');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occurred in registration.',
    );
  });

  it('invitees: checks the address first, then opens signup with it filled in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    replies['/api/auth/check_invitee'] = { status: 200, body: { invited: false } };
    open('checkInvitee', guest);
    type('Email', 'zed@example.org');
    submit('Continue');
    await says('This email address has not been invited to sign up.');
    replies['/api/auth/check_invitee'] = { status: 200, body: { invited: true } };
    submit('Continue');
    await waitFor(() => expect(useUi.getState().form?.id).toBe('signup'));
    cleanup();
    open('signup', guest);
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('zed@example.org');
  });
});

describe('forgot and reset', () => {
  it('Bad email address.', async () => {
    open('forgot', guest);
    type('Email', 'ann@');
    submit('Send reset link');
    await says('Bad email address.');
  });

  it('Password reset email sent! / Error sending reset link.', async () => {
    replies['/api/auth/forgot'] = { status: 502, body: { error: 'Error sending reset link.' } };
    const { alert, onClose } = open('forgot', guest);
    type('Email', 'ann@example.org');
    submit('Send reset link');
    expect((await screen.findByRole('alert')).textContent).toBe('Error sending reset link.');
    replies['/api/auth/forgot'] = {
      status: 200,
      body: { ok: true, message: 'Password reset email sent!' },
    };
    submit('Send reset link');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(alert).toHaveBeenCalledWith('Password reset email sent!');
  });

  it('Bad password. for a mismatch or a short one', async () => {
    open('resetPassword', guest);
    type('Password', 'secret-1');
    type('Repeat password', 'secret-2');
    submit('Change password');
    await says('Bad password.');
    type('Password', 'short');
    type('Repeat password', 'short');
    submit('Change password');
    await says('Bad password.');
  });

  it('sets the password with the link’s token, signs in, goes home, then says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    handoff.resetToken = 'tok-123';
    replies['/api/auth/reset_password'] = { status: 200, body: true };
    const { navigate, onClose } = open('resetPassword', guest);
    type('Password', 'new-secret');
    type('Repeat password', 'new-secret');
    submit('Change password');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/auth/reset_password')[0]!.body).toEqual({
      token: 'tok-123',
      password: 'new-secret',
    });
    expect(navigate).toHaveBeenCalledWith('/');
    // The session fetch carries no stale user id: the server now holds a different user.
    const headers = (vi.mocked(fetch).mock.calls.at(-1)![1]!.headers ?? {}) as Record<
      string,
      string
    >;
    expect(headers['X-Mongo-User-ID']).toBeUndefined();
    const { useAlerts } = await import('../state/alerts');
    useAlerts.setState({ alerts: [] });
    vi.advanceTimersByTime(2400);
    expect(useAlerts.getState().alerts).toHaveLength(0);
    vi.advanceTimersByTime(200);
    expect(useAlerts.getState().alerts.map((a) => a.text)).toEqual([
      'Your password has been changed (and you are now logged in).',
    ]);
  });

  it('Reset password failed: {reason}', async () => {
    handoff.resetToken = 'tok-123';
    replies['/api/auth/reset_password'] = {
      status: 400,
      body: {
        error: 'Reset link invalid or expired. Please try your password reset request again.',
      },
    };
    open('resetPassword', guest);
    type('Password', 'new-secret');
    type('Repeat password', 'new-secret');
    submit('Change password');
    await says(
      'Reset password failed: Reset link invalid or expired. Please try your password reset request again.',
    );
  });
});

describe('add user (admin)', () => {
  const admin = { ...ann, _id: 'user-admin', username: 'admin', roles: ['lbadmin' as const] };

  it('offers every role but guest, starting from reader', () => {
    open('addUser', admin);
    const role = screen.getByLabelText<HTMLSelectElement>('Role');
    expect([...role.options].map((o) => o.value)).toEqual(ASSIGNABLE_ROLES);
    expect(ASSIGNABLE_ROLES).not.toContain('guest');
    expect(role.value).toBe('reader');
  });

  it('checks each field with the spec’s message', async () => {
    open('addUser', admin);
    submit('Add user');
    await says('Please fill in username field.');
    type('User name', 'cal');
    submit('Add user');
    await says('Please fill in email field.');
    type('Email', 'cal@');
    type('Password', 'secret-1');
    submit('Add user');
    await says('Please enter a valid email address.');
    type('Email', 'cal@example.org');
    type('Password', 'short');
    submit('Add user');
    await says('Your password should be 6 characters or longer.');
    expect(
      FORM_BY_ID.get('addUser')!.validate!({
        username: 'cal',
        email: 'cal@example.org',
        password: 'secret-1',
        role: 'wizard',
      }),
    ).toBe('wizard is not a valid role.');
  });

  it('sends the role and profile; the admin stays signed in', async () => {
    replies['/api/auth/create_user'] = {
      status: 200,
      body: {
        ok: true,
        username: 'cal',
        verificationSent: true,
        message: 'Registration successful! Please check your email for a verification link.',
      },
    };
    const { alert, navigate, onClose } = open('addUser', admin);
    type('User name', 'cal');
    type('Email', 'cal@example.org');
    type('Password', 'secret-1');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'author' } });
    type('Full name', 'Cal Reyes');
    type('Phone', '555-0100');
    type('Bio', 'Teaches.');
    submit('Add user');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/auth/create_user')[0]!.body).toEqual({
      username: 'cal',
      email: 'cal@example.org',
      password: 'secret-1',
      profile: { role: 'author', fullname: 'Cal Reyes', phone: '555-0100', bio: 'Teaches.' },
    });
    expect(alert).toHaveBeenCalledWith(
      'Registration successful! Please check your email for a verification link.',
    );
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('deregister', () => {
  it('You must be logged in to deregister. unless the typed address is this account’s', async () => {
    open('deregister', ann);
    type('Your email', 'someone@example.org');
    type('Password', 'secret-1');
    submit('Delete my account');
    await says('You must be logged in to deregister.');
    expect(called('/api/forms/deregister_user')).toHaveLength(0);
  });

  it('deletes the account and the browser is guest again', async () => {
    replies['/api/forms/deregister_user'] = {
      status: 200,
      body: {
        message: 'You have been logged out and your account has been deleted.',
        user: guest,
      },
    };
    const { alert, navigate, onClose } = open('deregister', ann);
    type('Your email', 'Ann@Example.org');
    type('Password', 'secret-1');
    submit('Delete my account');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/forms/deregister_user')[0]!.body).toEqual({
      username: 'ann',
      email: 'Ann@Example.org',
      password: 'secret-1',
    });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(alert).toHaveBeenCalledWith(
      'You have been logged out and your account has been deleted.',
    );
  });

  it('Oops. There was a problem removing your account! when the server fails', async () => {
    replies['/api/forms/deregister_user'] = { status: 500, body: { error: 'boom' } };
    open('deregister', ann);
    type('Your email', 'ann@example.org');
    type('Password', 'secret-1');
    submit('Delete my account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Oops. There was a problem removing your account!',
    );
  });
});

describe('edit profile', () => {
  it('starts from the user’s profile', () => {
    open('editProfile', ann);
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Ann Lee');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Bio').value).toBe('Reads the news.');
    expect(screen.getByLabelText<HTMLInputElement>('Email alerts').checked).toBe(true);
    // What the alerts are: a reader's note on one's board, and a reply to one's note.
    const box = screen.getByLabelText('Email alerts');
    const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'A mail when a reader adds a note to one of your boards, someone replies to yours, answers it or dismisses it, or a note or reply mentions you (@name).',
    );
  });

  it('keeps text or email alerts on', async () => {
    open('editProfile', ann);
    fireEvent.click(screen.getByLabelText('Email alerts'));
    submit('Save');
    await says('Please enable (check) either text alert, email alerts, or both.');
    expect(called('/api/forms/edit_profile')).toHaveLength(0);
  });

  it('sends only the fields changed', async () => {
    replies['/api/forms/edit_profile'] = { status: 200, body: { messages: [] } };
    const { onClose, alert } = open('editProfile', ann);
    type('Title', 'Editor');
    fireEvent.click(screen.getByLabelText('Text alerts'));
    submit('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/forms/edit_profile')[0]!.body).toEqual({
      profile: { title: 'Editor', textAlerts: true },
    });
    expect(alert).toHaveBeenCalledWith('Your profile has been saved.');
  });

  it('offers e-mail alerts gathered into one mail a day, only while e-mail alerts are on', async () => {
    replies['/api/forms/edit_profile'] = { status: 200, body: { messages: [] } };
    const { onClose } = open('editProfile', ann);
    const daily = screen.getByLabelText<HTMLInputElement>('One mail a day');
    expect(daily.checked).toBe(false);
    const hint = document.getElementById(daily.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('gathered into one mail');
    fireEvent.click(screen.getByLabelText('Email alerts'));
    expect(screen.queryByLabelText('One mail a day')).toBeNull();
    fireEvent.click(screen.getByLabelText('Email alerts'));
    fireEvent.click(screen.getByLabelText('One mail a day'));
    submit('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/forms/edit_profile')[0]!.body).toEqual({
      profile: { alertDigest: true },
    });
  });

  it('offers a mail for each note to one’s reader groups, only while e-mail alerts are on', async () => {
    replies['/api/forms/edit_profile'] = { status: 200, body: { messages: [] } };
    const { onClose } = open('editProfile', ann);
    const groups = screen.getByLabelText<HTMLInputElement>('My groups’ notes');
    expect(groups.checked).toBe(false);
    fireEvent.click(screen.getByLabelText('Email alerts'));
    expect(screen.queryByLabelText('My groups’ notes')).toBeNull();
    fireEvent.click(screen.getByLabelText('Email alerts'));
    fireEvent.click(screen.getByLabelText('My groups’ notes'));
    submit('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/forms/edit_profile')[0]!.body).toEqual({
      profile: { groupAlerts: true },
    });
  });

  it('sends nothing when nothing changed', async () => {
    const { onClose } = open('editProfile', ann);
    submit('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/forms/edit_profile')).toHaveLength(0);
  });

  it('skips a photo of an unsupported type with an alert, and saves the rest', async () => {
    replies['/api/forms/edit_profile'] = { status: 200, body: { messages: [] } };
    const { alert, onClose } = open('editProfile', ann);
    type('Phone', '555-0100');
    fireEvent.change(screen.getByLabelText('Photo'), {
      target: { files: [new File(['hello'], 'my notes.txt', { type: 'text/plain' })] },
    });
    submit('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(alert).toHaveBeenCalledWith(
      'The photo my-notes.txt was skipped: its file type is not a supported image.',
    );
    expect(called('/api/upload/s3')).toHaveLength(0);
    expect(called('/api/forms/edit_profile')[0]!.body).toEqual({ profile: { phone: '555-0100' } });
  });

  it('uploads an image into the user’s folder with spaces turned to hyphens', async () => {
    replies['/api/upload/s3'] = {
      status: 200,
      body: { url: '/files/put/ann/my-photo.png', method: 'PUT', headers: {} },
    };
    replies['/api/forms/edit_profile'] = { status: 200, body: { messages: [] } };
    const { onClose } = open('editProfile', ann);
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'my photo.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Photo'), { target: { files: [photo] } });
    submit('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(called('/api/upload/s3')[0]!.body).toEqual({
      bucketPath: 'ann/my-photo.png',
      fileType: 'image/png',
      size: 4,
    });
    expect(called('/files/put/ann/my-photo.png')[0]!.method).toBe('PUT');
    expect(called('/api/upload/record')[0]!.body).toMatchObject({ bucketPath: 'ann/my-photo.png' });
    expect(called('/api/forms/edit_profile')[0]!.body).toEqual({
      profile: { photoFilename: 'my-photo.png' },
    });
  });
});
