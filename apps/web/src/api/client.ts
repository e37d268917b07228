/**
 * The JSON helper of spec section 7, typed by route (`@listboard/core/api/routes`): POST JSON to
 * a path, or GET it with the input as query parameters, with X-Mongo-User-ID when the user is
 * known; at most 2 tries with a 500 ms pause, retrying only on 5xx or 429, a write's tries under
 * one Idempotency-Key (./requestKeys.ts), so that the server makes it once. Every call answers
 * its own caller with a Result, the value or the error, so calls in flight never share one.
 * It also tracks whether the server can be reached, for 'No connection to the server.', and
 * whether the page's user is still signed in (the server says when a call's session has ended).
 */
import { create } from 'zustand';
import { TIMINGS, boardMsg } from '@listboard/core';
import type { ApiInput, ApiOutput, ApiPath, GetPath, PostPath } from '@listboard/core/api/routes';
import { requestKeyFor } from './requestKeys';

const CALL_TRIES = TIMINGS.callTries;
const CALL_RETRY_PAUSE_MS = TIMINGS.callRetryPauseMs;

interface ConnectionState {
  connected: boolean;
  set(connected: boolean): void;
  /** The server refused a call because the user it names is no longer this browser's session. */
  sessionEnded: boolean;
  setSessionEnded(ended: boolean): void;
  /** How many calls have been refused so: each one is a moment to ask who is signed in now. */
  sessionRefusals: number;
  refused(): void;
}

export const useConnection = create<ConnectionState>((set) => ({
  connected: true,
  set: (connected) => set({ connected }),
  sessionEnded: false,
  setSessionEnded: (sessionEnded) => set({ sessionEnded }),
  sessionRefusals: 0,
  refused: () => set((s) => ({ sessionEnded: true, sessionRefusals: s.sessionRefusals + 1 })),
}));

let currentUserId: string | null = null;
export function setCallUser(id: string | null): void {
  currentUserId = id;
}

/** Why a call failed: the HTTP status (0: no connection) and the message to show. */
export interface CallError {
  status: number;
  /** The server's message; empty when it gave none, so the caller's own words apply. */
  error: string;
  /** The whole error answer, when it was JSON: some refusals say more than a message. */
  answer?: Record<string, unknown>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: CallError };

/** Whether a call failed because the page's user is signed out (the page asks to sign in again). */
export const endedSession = (error: CallError): boolean =>
  error.status === 401 && error.answer?.sessionEnded === true;

/** The server's message of a failed call, else the caller's own. */
export const messageOr = (error: CallError, fallback: string): string => error.error || fallback;

/**
 * A failed call thrown from a query: its message, and whether asking again may go otherwise (no
 * connection, the server busy or failing), which a refusal of what was asked does not.
 */
export class CallFailed extends Error {
  readonly passing: boolean;
  constructor(error: CallError, fallback: string) {
    super(messageOr(error, fallback));
    this.passing = error.status === 0 || error.status === 429 || error.status >= 500;
  }
}

const UNREADABLE = 'The server sent an unreadable answer.';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The query string of a GET call's input: arrays repeat their name, undefined is left out. */
export function queryOf(input: object): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    for (const one of Array.isArray(v) ? v : [v]) if (one !== undefined) q.append(k, String(one));
  }
  return q.toString();
}

async function errorOf(res: Response): Promise<CallError> {
  try {
    const answer = (await res.json()) as unknown;
    if (answer && typeof answer === 'object' && !Array.isArray(answer)) {
      const said = (answer as { error?: unknown }).error;
      return {
        status: res.status,
        error: typeof said === 'string' ? said : '',
        answer: answer as Record<string, unknown>,
      };
    }
    return { status: res.status, error: '' };
  } catch {
    return { status: res.status, error: res.statusText };
  }
}

/**
 * keepalive: the request outlives the page (a write sent as the page goes away). asNobody: the
 * call names no user (a sign-in from a page whose session has ended would be refused for it).
 */
interface SendOptions {
  keepalive?: boolean;
  asNobody?: boolean;
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  options: SendOptions = {},
): Promise<Result<T>> {
  let failed: CallError = { status: 0, error: boardMsg.noConnection };
  const user = options.asNobody ? null : currentUserId;
  // One key for the write through its retries: the server makes it once.
  const key = method === 'POST' ? requestKeyFor(path, body) : null;
  for (let attempt = 1; attempt <= CALL_TRIES; attempt++) {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(user ? { 'X-Mongo-User-ID': user } : {}),
          ...(key ? { 'Idempotency-Key': key } : {}),
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        keepalive: options.keepalive,
      });
    } catch {
      // No answer at all is not a 5xx or 429: it is not retried.
      useConnection.getState().set(false);
      return { ok: false, error: { status: 0, error: boardMsg.noConnection } };
    }
    useConnection.getState().set(true);
    if (res.ok) {
      // Answered for the page's user: their session is live (signed in again in another window).
      if (user !== null && user === currentUserId && useConnection.getState().sessionEnded)
        useConnection.getState().setSessionEnded(false);
      try {
        return { ok: true, value: (await res.json()) as T };
      } catch {
        // A proxy's HTML error page or a cut-off body: a failed call, not a crash.
        return { ok: false, error: { status: res.status, error: UNREADABLE } };
      }
    }
    failed = await errorOf(res);
    // Refused for a user the page has since left (a sign-in or sign-out of its own while the
    // call was out) is no news about the user it has now.
    if (endedSession(failed) && user === currentUserId) useConnection.getState().refused();
    const retry = res.status >= 500 || res.status === 429;
    if (!retry || attempt === CALL_TRIES) break;
    await sleep(CALL_RETRY_PAUSE_MS);
  }
  return { ok: false, error: failed };
}

/** POSTs the input as JSON to the path; the answer is the route's output, or why it failed. */
export function callApi<P extends PostPath>(
  path: P,
  input: ApiInput<P>,
  options?: SendOptions,
): Promise<Result<ApiOutput<P>>> {
  return send('POST', path, input, options);
}

/** GETs the path with the input as query parameters (for answers the browser may keep). */
export function callApiGet<P extends GetPath>(
  path: P,
  input: ApiInput<P>,
  options?: SendOptions,
): Promise<Result<ApiOutput<P>>> {
  const query = queryOf(input);
  return send('GET', query ? `${path}?${query}` : path, undefined, options);
}

export type { ApiInput, ApiOutput, ApiPath, GetPath, PostPath };

/** A call as forms and commands are handed it: the answer or why it failed, nothing else. */
export type ApiCall = <P extends PostPath>(
  path: P,
  input: ApiInput<P>,
) => Promise<Result<ApiOutput<P>>>;

/**
 * A change made for the user: a failure is alerted (the server's message, else
 * 'ERROR: {label}'), a success reloads the boards. The Result goes back to the caller too.
 */
export type ChangeCall = <P extends PostPath>(
  path: P,
  input: ApiInput<P>,
  label: string,
) => Promise<Result<ApiOutput<P>>>;
