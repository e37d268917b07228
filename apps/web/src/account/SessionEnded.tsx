/**
 * A page whose session has ended under it (its user signed out in another window, or the session
 * ran out) has every call refused. This bar says so and signs the same user in again where they
 * are, so a note or an edit being written keeps its words and is submitted after; a guest's page
 * goes on as a guest when asked to. When someone else has signed in on this browser since (in
 * another window), it offers to go on as them, leaving what the last account typed behind; when
 * the same user has, or a call is answered for them again, the page simply goes on. Signing in
 * anew anywhere else clears it too (enterSession).
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountMsg, isGuestUser, loginMsg, type PublicUser } from '@listboard/core';
import { callApi, callApiGet, messageOr, setCallUser, useConnection } from '../api/client';
import { useAlerts } from '../state/alerts';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import { enterSession, refusal, signOutToGuest } from './session';

export function SessionEnded() {
  const ended = useConnection((s) => s.sessionEnded);
  const user = useSession((s) => s.user);
  const guest = isGuestUser(user);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const go = (to: string) => void navigate(to);
  const alert = useAlerts((s) => s.show);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const typed = useUi((s) => s.formTyped);

  // Who this browser is signed in as now: someone may have signed in in another window.
  const now = useSignedInNow(ended);
  const other = now && !isGuestUser(now) && now._id !== user?._id ? now : null;
  const goOnAs = async (someone: PublicUser) => {
    // A form open here was the last account's, and so are its words: not the next one's to send.
    useUi.getState().setForm(null);
    await enterSession(someone._id);
    void queryClient.invalidateQueries();
  };
  // Each answer to who is signed in now is acted on once.
  const actedOn = useRef<PublicUser | null>(null);
  useEffect(() => {
    if (!ended || !now || actedOn.current === now) return;
    actedOn.current = now;
    // Signed in again as this page's user (in another window): the page simply goes on.
    if (now._id === user?._id) {
      useConnection.getState().setSessionEnded(false);
      void queryClient.invalidateQueries();
    }
    // A guest has no password to ask for, nor words to lose: it goes on as whoever signed in
    // (as it would once loaded again); otherwise it asks to go on as a guest (never unasked: a
    // guest session started here while this page signs in would undo that sign-in).
    else if (guest && other) void goOnAs(other);
  });

  const goOnAsGuest = async () => {
    setBusy(true);
    const r = await callApi('/api/auth/guest', {}, { asNobody: true });
    setBusy(false);
    if (!r.ok) {
      setError(messageOr(r.error, loginMsg.guestLoginFailed));
      return;
    }
    setCallUser(r.value.user._id);
    useConnection.getState().setSessionEnded(false);
    void queryClient.invalidateQueries();
  };

  if (ended && guest)
    return (
      <div className="bar session-bar" role="alert">
        <p>{accountMsg.visitEnded}</p>
        <span className="form-buttons">
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void goOnAsGuest()}
          >
            Go on
          </button>
        </span>
        {error && <p className="form-error">{error}</p>}
      </div>
    );
  if (!ended || !user) return null;
  const why = other
    ? accountMsg.sessionTakenBar(user.username, other.username) +
      (typed ? ` ${accountMsg.typedStaysWith(user.username)}` : '')
    : accountMsg.sessionEndedBar(user.username);

  const signIn = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password) {
      setError(loginMsg.credentialsMissing);
      return;
    }
    setBusy(true);
    const r = await callApi(
      '/api/auth/signin',
      { username: user.username, password },
      { asNobody: true },
    );
    setBusy(false);
    if (!r.ok) {
      setError(
        refusal(r.error, loginMsg.loginError(messageOr(r.error, 'no answer from the server'))),
      );
      return;
    }
    setPassword('');
    setError(null);
    if (r.value.user._id !== user._id) {
      // Not the account this page was for (renamed meanwhile): start afresh as that one.
      await enterSession(r.value.user._id);
      go('/');
      return;
    }
    useConnection.getState().setSessionEnded(false);
    alert(accountMsg.signedInAgain(user.username));
    // What failed to load while signed out loads now.
    void queryClient.invalidateQueries();
  };

  return (
    <div className="bar session-bar" role="alert">
      <p id={`${id}-why`}>{why}</p>
      <form
        aria-label="Sign in again"
        aria-describedby={`${id}-why`}
        onSubmit={(e) => void signIn(e)}
      >
        {/* For password managers: the account the password is for. */}
        <input type="text" hidden readOnly autoComplete="username" value={user.username} />
        <label>
          Password
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={error ? true : undefined}
            aria-errormessage={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
          />
        </label>
        <span className="form-buttons">
          <button type="submit" className="primary" disabled={busy}>
            Sign in
          </button>
          {other ? (
            <button type="button" onClick={() => void goOnAs(other)}>
              {accountMsg.goOnAs(other.username)}
            </button>
          ) : (
            <button type="button" onClick={() => void signOutToGuest(go)}>
              Continue as guest
            </button>
          )}
        </span>
        {error && (
          <p id={`${id}-error`} className="form-error">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

/**
 * Who this browser is signed in as now (null until asked, or when no one is), asked when the
 * page's session ends, at each call refused since, and each time its window comes back into
 * focus: someone may have signed in in another window meanwhile.
 */
function useSignedInNow(ended: boolean): PublicUser | null {
  const [now, setNow] = useState<PublicUser | null>(null);
  const refusals = useConnection((s) => s.sessionRefusals);
  useEffect(() => {
    if (!ended) return;
    let live = true;
    const ask = async () => {
      const r = await callApiGet('/api/auth/session', {}, { asNobody: true });
      if (live) setNow(r.ok ? r.value.user : null);
    };
    void ask();
    const onFocus = () => void ask();
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      window.removeEventListener('focus', onFocus);
    };
  }, [ended, refusals]);
  return ended ? now : null;
}
