/**
 * Moving the browser between accounts: sign-in, sign-out (back to guest), the session that reset
 * and deregister leave behind, and the account call helpers the forms share.
 */
import {
  TIMINGS,
  accountMsg,
  afterSignInPath,
  deregisterMsg,
  loginMsg,
  passwordResetMsg,
  type PublicUser,
  type SignupMode,
} from '@listboard/core';
import { callApi, messageOr, setCallUser, useConnection, type CallError } from '../api/client';
import { useAlerts } from '../state/alerts';
import { useSession } from '../state/session';
import { useAnnouncement } from '../state/announce';
import { draftsFor } from '../forms/drafts';
import { NO_SELECTION, useUi } from '../state/ui';

/**
 * What the server said about a refused call (4xx: its message is meant for the user), else the
 * fallback: a server fault or a lost connection has no words the user can act on.
 */
export function refusal(e: CallError, fallback: string): string {
  return e.status >= 400 && e.status < 500 && e.error ? e.error : fallback;
}

/**
 * Takes up the session the server now holds for this browser. The user id the calls send is
 * set first (or cleared when unknown), so the session fetch is not refused as someone else's;
 * the selection and this visit's view changes are left behind with the account they were made in.
 */
export async function enterSession(userId: string | null): Promise<void> {
  setCallUser(userId);
  // A session taken up anew is not the one that had ended.
  useConnection.getState().setSessionEnded(false);
  // Words the last account typed and did not send are not the next one's to find (the same
  // account, signing in again, finds its own).
  draftsFor(userId);
  useUi.getState().clearSelection();
  // What this visit changed of boards', lists' and items' view states was the last account's.
  useUi.setState({ visitDisplay: {}, listVs: {}, itemVs: {} });
  // Nor is what was last said to a screen reader.
  useAnnouncement.setState({ text: '' });
  await useSession.getState().start();
}

/**
 * The login form's submit: null when signed in, else the message to show. Signed in from the
 * site's front board, the user goes home; from a board or page a link led to, they stay on it,
 * which loads again as theirs (core afterSignInPath).
 */
export async function signInAs(
  username: string,
  password: string,
  navigate: (to: string) => void,
): Promise<string | null> {
  const res = await callApi('/api/auth/signin', { username, password });
  if (!res.ok)
    return refusal(
      res.error,
      loginMsg.loginError(messageOr(res.error, 'no answer from the server')),
    );
  await enterSessionHere(res.value.user._id, navigate);
  return null;
}

/**
 * Takes up an account's session just signed in or signed up, where the browser is: home from the
 * site's front board, else the page as it is, its boards loaded again as theirs.
 */
export async function enterSessionHere(
  userId: string,
  navigate: (to: string) => void,
): Promise<void> {
  const here = `${location.pathname}${location.search}${location.hash}`;
  const { rootBoard, adminUser } = useSession.getState();
  await enterSession(userId);
  if (afterSignInPath(here, { rootBoard, adminUser }) === '/') navigate('/');
}

/** Logout: ends the session, then the browser signs in as guest again and goes home. */
export async function signOutToGuest(navigate: (to: string) => void): Promise<void> {
  await callApi('/api/auth/signout', {});
  await enterSession(null);
  navigate('/');
}

/** After deregister the server has already signed this browser in as guest. */
export async function leaveDeletedAccount(
  guest: PublicUser | undefined,
  navigate: (to: string) => void,
): Promise<void> {
  await enterSession(guest?._id ?? null);
  if (!useSession.getState().user) {
    useAlerts.getState().show(deregisterMsg.logoutDefaultLoginFailed);
    return;
  }
  navigate('/');
}

/** Opens another account form in place of the one showing (login → forgot, reset link). */
export function switchForm(id: string): void {
  useUi.getState().setForm({ id, target: NO_SELECTION });
}

/** From a form's submit: the next form opens once the submitting one has closed. */
export function openAfterClose(id: string): void {
  setTimeout(() => switchForm(id), 0);
}

/**
 * Signup by SIGNUP_MODE (spec section 4): the signup form, the check-invitee form first, the
 * add user form for a prescreened visitor, or nothing but the message that signup is off.
 */
export function signupFormFor(mode: SignupMode): { form: string } | { message: string } {
  switch (mode) {
    case 'disabled':
      return { message: accountMsg.signupDisabled };
    case 'prescreened':
      return { form: 'addUserSelf' };
    case 'invitees':
      return { form: 'checkInvitee' };
    default:
      return { form: 'signup' };
  }
}

/** After a reset the user is signed in and sent home; the alert follows once the board is up. */
export function announcePasswordChanged(): void {
  setTimeout(
    () =>
      useAlerts.getState().show(passwordResetMsg.passwordChanged, TIMINGS.passwordChangedAlertMs),
    TIMINGS.passwordChangedAlertDelayMs,
  );
}

/**
 * What one form hands the next: the reset link's token, an invited address, the account a
 * verification link has just verified (the sign-in form opens with its name), the group a join
 * link offers (the join form opens with it chosen).
 */
export const handoff: {
  resetToken: string | null;
  inviteeEmail: string | null;
  signInName: string | null;
  joinGroup: string | null;
} = {
  resetToken: null,
  inviteeEmail: null,
  signInName: null,
  joinGroup: null,
};
