/**
 * Session start (spec section 4): loading → authenticated, or unauthenticated → automatic guest
 * sign-in → ready. The loading screen shows until the phase is 'ready' or 'error'.
 */
import { create } from 'zustand';
import {
  boardMsg,
  loginMsg,
  type AppVersion,
  type PublicUser,
  type SignupMode,
} from '@listboard/core';
import { getJson, lastError, postJson, setCallUser } from '../api/client';

export type SessionPhase = 'loading' | 'ready' | 'error';

interface SessionInfo {
  user: PublicUser | null;
  rootBoard: string;
  adminUser: string;
  appVersion: AppVersion;
  /** SIGNUP_MODE: which form the signup button opens, or that signup is off. */
  signupMode: SignupMode;
}

interface SessionState extends SessionInfo {
  phase: SessionPhase;
  error: string | null;
  /** Starts (or, after sign-in and sign-out, refreshes) the session. */
  start(): Promise<void>;
}

type Set = (patch: Partial<SessionState>) => void;

async function startSession(set: Set, phase: SessionPhase): Promise<void> {
  // A refresh after sign-in or sign-out keeps the screen up; only the first start shows loading.
  if (phase !== 'ready') set({ phase: 'loading', error: null });
  const info = await getJson<SessionInfo>('/api/auth/session');
  if (!info) {
    // An unreachable server and a server that refuses are different problems for the visitor.
    const unreachable = lastError?.status === 0;
    set({ phase: 'error', error: unreachable ? boardMsg.noConnection : loginMsg.guestLoginFailed });
    return;
  }
  let user = info.user;
  if (!user) {
    const guest = await postJson<{ user: PublicUser }>('/api/auth/guest');
    if (!guest) {
      set({ phase: 'error', error: loginMsg.guestLoginFailed });
      return;
    }
    user = guest.user;
  }
  setCallUser(user._id);
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
  start() {
    starting ??= startSession(set, get().phase).finally(() => {
      starting = null;
    });
    return starting;
  },
}));
