/**
 * A page whose session has ended under it (its user signed out in another window, or the session
 * ran out) has every call refused. This bar says so and signs the same user in again where they
 * are, so a note or an edit being written keeps its words and is submitted after; a guest's page
 * goes on as a guest when asked to. Signing in anew anywhere else clears it too (enterSession).
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { accountMsg, isGuestUser, loginMsg } from '@listboard/core';
import { callApi, callApiGet, messageOr, setCallUser, useConnection } from '../api/client';
import { useAlerts } from '../state/alerts';
import { useSession } from '../state/session';
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

  // A guest has no password to ask for. If someone has signed in in another window, the page
  // goes on as them (as it would once loaded again); otherwise it asks to go on as a guest (never
  // unasked: a guest session started here while this page signs in would undo that sign-in).
  useEffect(() => {
    if (!ended || !guest) return;
    void (async () => {
      const now = await callApiGet('/api/auth/session', {}, { asNobody: true });
      const someone = now.ok ? now.value.user : null;
      if (!someone || isGuestUser(someone)) return;
      await enterSession(someone._id);
      void queryClient.invalidateQueries();
    })();
  }, [ended, guest, queryClient]);

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
      <p id={`${id}-why`}>{accountMsg.sessionEndedBar(user.username)}</p>
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
          <button type="button" onClick={() => void signOutToGuest(go)}>
            Continue as guest
          </button>
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
