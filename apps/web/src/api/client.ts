/**
 * The JSON helper of spec section 7: POST JSON to a path, with X-Mongo-User-ID when the user is
 * known; at most 2 tries with a 500 ms pause, retrying only on 5xx or 429; null on failure.
 * It also tracks whether the server can be reached, for 'No connection to the server.'.
 */
import { create } from 'zustand';
import { TIMINGS } from '@listboard/core';

const CALL_TRIES = TIMINGS.callTries;
const CALL_RETRY_PAUSE_MS = TIMINGS.callRetryPauseMs;

interface ConnectionState {
  connected: boolean;
  set(connected: boolean): void;
}

export const useConnection = create<ConnectionState>((set) => ({
  connected: true,
  set: (connected) => set({ connected }),
}));

let currentUserId: string | null = null;
export function setCallUser(id: string | null): void {
  currentUserId = id;
}

export interface CallError {
  status: number;
  error: string;
}
/** The last failed call's status and message, so a caller can show the server's words. */
export let lastError: CallError | null = null;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T | null> {
  lastError = null;
  for (let attempt = 1; attempt <= CALL_TRIES; attempt++) {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(currentUserId ? { 'X-Mongo-User-ID': currentUserId } : {}),
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
    } catch {
      useConnection.getState().set(false);
      lastError = { status: 0, error: 'No connection to the server.' };
      return null;
    }
    useConnection.getState().set(true);
    if (res.ok) {
      try {
        return (await res.json()) as T;
      } catch {
        // A proxy's HTML error page or a cut-off body: a failed call, not a crash.
        lastError = { status: res.status, error: 'The server sent an unreadable answer.' };
        return null;
      }
    }
    const retry = res.status >= 500 || res.status === 429;
    try {
      lastError = { status: res.status, ...((await res.json()) as { error: string }) };
    } catch {
      lastError = { status: res.status, error: res.statusText };
    }
    if (!retry || attempt === CALL_TRIES) return null;
    await sleep(CALL_RETRY_PAUSE_MS);
  }
  return null;
}

export const postJson = <T>(path: string, body?: unknown) => call<T>('POST', path, body);
export const getJson = <T>(path: string) => call<T>('GET', path);
