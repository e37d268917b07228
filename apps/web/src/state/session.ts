/**
 * Session start (spec section 4): loading → authenticated, or unauthenticated → automatic guest
 * sign-in → ready. The loading screen shows until the phase is 'ready' or 'error'.
 */
import { create } from 'zustand';
import { TIMINGS, boardMsg, isGuestUser, loginMsg } from '@listboard/core';
import type { SessionInfo } from '@listboard/core/api/routes';
import { callApi, callApiGet, setCallUser } from '../api/client';
import { draftsFor } from '../forms/drafts';

export type SessionPhase = 'loading' | 'ready' | 'error';

interface SessionState extends SessionInfo {
  phase: SessionPhase;
  error: string | null;
  /** Starts (or, after sign-in and sign-out, refreshes) the session. */
  start: () => Promise<void>;
}

type Set = (patch: Partial<SessionState>) => void;

let resetEnabled = true;

async function startSession(set: Set, phase: SessionPhase): Promise<void> {
  // A refresh after sign-in or sign-out keeps the screen up; only the first start shows loading.
  if (phase !== 'ready') set({ phase: 'loading', error: null });
  const session = await callApiGet('/api/auth/session', {});
  if (!session.ok) {
    // An unreachable server and a server that refuses are different problems for the visitor.
    const unreachable = session.error.status === 0;
    set({ phase: 'error', error: unreachable ? boardMsg.noConnection : loginMsg.guestLoginFailed });
    return;
  }
  const info = session.value;
  let user = info.user;
  // The optional reset to guest (spec section 4) runs when a visit starts, not on the refreshes
  // that follow a sign-in; it stays off for 2000 ms after it ran, so the start-up that
  // follows it (a reload, a second mount) does not reset again.
  if (info.resetToGuest && phase !== 'ready' && user && !isGuestUser(user) && resetEnabled) {
    resetEnabled = false;
    setTimeout(() => (resetEnabled = true), TIMINGS.envGuestResetMs);
    await callApi('/api/auth/signout', {});
    user = null;
  }
  if (!user) {
    const guest = await callApi('/api/auth/guest', {});
    if (!guest.ok) {
      set({ phase: 'error', error: loginMsg.guestLoginFailed });
      return;
    }
    user = guest.value.user;
  }
  setCallUser(user._id);
  // Words this account typed in this tab and did not send, kept across a reload, are its again.
  draftsFor(user._id);
  set({ ...info, user, phase: 'ready', error: null });
}

// React's strict mode runs start-up effects twice; one visitor should get one guest sign-in.
let starting: Promise<void> | null = null;

export const useSession = create<SessionState>((set, get) => ({
  phase: 'loading',
  error: null,
  user: null,
  rootBoard: 'home',
  adminUser: 'admin',
  appVersion: 'PRODUCTION',
  signupMode: 'default',
  emailVerification: false,
  resetToGuest: false,
  start() {
    starting ??= startSession(set, get().phase).finally(() => {
      starting = null;
    });
    return starting;
  },
}));
