/**
 * Session start (spec section 4): loading → authenticated, or unauthenticated → automatic guest
 * sign-in → ready. The loading screen shows until the phase is 'ready' or 'error'.
 */
import { create } from 'zustand';
import { loginMsg, type AppVersion, type PublicUser } from '@listboard/core';
import { getJson, postJson, setCallUser } from '../api/client';

export type SessionPhase = 'loading' | 'ready' | 'error';

interface SessionInfo {
  user: PublicUser | null;
  rootBoard: string;
  adminUser: string;
  appVersion: AppVersion;
}

interface SessionState extends SessionInfo {
  phase: SessionPhase;
  error: string | null;
  start(): Promise<void>;
}

export const useSession = create<SessionState>((set, get) => ({
  phase: 'loading',
  error: null,
  user: null,
  rootBoard: 'home',
  adminUser: 'admin',
  appVersion: 'PRODUCTION',
  async start() {
    // A refresh after sign-in or sign-out keeps the screen up; only the first start shows loading.
    if (get().phase !== 'ready') set({ phase: 'loading', error: null });
    const info = await getJson<SessionInfo>('/api/auth/session');
    if (!info) {
      set({ phase: 'error', error: loginMsg.guestLoginFailed });
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
    set({ ...info, user, phase: 'ready' });
  },
}));
