import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Multilist } from '@listboard/core';
import { callApiGet, useConnection } from '../api/client';
import { applyChange, readChange, type BoardChange } from './live-patch';
import { ownChangeHeard, setStreamOpen } from './ownChanges';
import { useSession } from '../state/session';

interface LiveBoard {
  _id: string;
  version: number;
  owner?: string;
  follows?: { _id: string; version: number }[];
  ownBoardsAt?: string;
}

/** How long a dropped stream waits before it is opened again. */
const RETRY_MS = 2000;
/** Silence after which an open stream counts as stalled: the server beats every 20 s. */
const STALLED_MS = 50_000;

/**
 * Applies a change to every board screen that shows its board, and loads again whatever it could
 * not be applied to: a screen that missed an earlier change, and the results pages, which list
 * notes from many boards. True when every screen showing the board took the change.
 */
function patchOrReload(client: QueryClient, change: BoardChange): boolean {
  let applied = false;
  let stale = false;
  for (const query of client.getQueryCache().findAll({ queryKey: ['boards'] })) {
    const data = query.state.data;
    // A board screen's query: ['boards', [addresses], …], holding the boards it shows.
    const boardScreen = Array.isArray(query.queryKey[1]) && Array.isArray(data);
    const next = boardScreen ? applyChange(data as Multilist[], change) : 'stale';
    if (next === 'unaffected') continue;
    if (next === 'stale') {
      stale = true;
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    } else {
      applied = true;
      client.setQueryData(query.queryKey, next);
    }
  }
  return applied && !stale;
}

/**
 * Subscribes to the shown boards' live events (and those a results page follows). A change inside
 * one item arrives as that item and is swapped in; any other change reloads the boards.
 * EventSource reconnects by itself after a dropped connection. Each time the stream (re)starts the server says which
 * version each board is at; boards shown at another version missed a change and reload, so
 * nothing slips through between a load and its stream, or while the stream was down.
 */
export function useLiveBoards(boards: LiveBoard[]): void {
  const client = useQueryClient();
  // A results page (Discussion, Listings) follows the boards its entries come from.
  const followed = new Map<string, number>();
  for (const b of boards) {
    followed.set(b._id, b.version);
    for (const f of b.follows ?? []) followed.set(f._id, f.version);
  }
  // A listing of the notes on someone's boards (Discussion) follows every board they own, from
  // when it was read: a note on a board it lists nothing from yet shows too.
  const listing = boards.find((b) => b.ownBoardsAt !== undefined);
  const owner = listing?.owner;
  const key = [...followed.keys()].join(',');
  const shown = useRef(new Map<string, number>());
  shown.current = followed;
  const listedAt = useRef<string | undefined>(undefined);
  listedAt.current = listing?.ownBoardsAt;
  // No stream while the page's user is signed out: one opens again once they have signed in.
  const sessionEnded = useConnection((s) => s.sessionEnded);
  useEffect(() => {
    if (!key || sessionEnded || typeof EventSource === 'undefined') return;
    const reload = () => void client.invalidateQueries({ queryKey: ['boards'] });
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The stream is opened again by hand after a drop, saying which version of each board the
    // page holds by then: the server sends what changed since when it can (catch-up).
    const connect = () => {
      const ids = key.split(',');
      const at = ids.map((id) => shown.current.get(id) ?? '').join(',');
      const own =
        owner === undefined
          ? ''
          : `&owner=${encodeURIComponent(owner)}&since=${encodeURIComponent(listedAt.current ?? '')}`;
      const s = new EventSource(`/api/events?boards=${key}&at=${at}${own}`);
      source = s;
      heard = Date.now();
      // Anything from the server, its heartbeat included, says the stream still flows.
      for (const type of ['board', 'ready', 'beat', 'signed-out'])
        s.addEventListener(type, () => (heard = Date.now()));
      s.addEventListener('board', (e) => {
        const change = readChange((e as MessageEvent<string>).data);
        if (!change) {
          reload();
          return;
        }
        // The user's own change, applied or loaded here: nothing else need load it again.
        const me = useSession.getState().user?.username;
        if (me !== undefined && change.by === me) ownChangeHeard();
        // A board brought up to date here counts at its new version at once, before the page
        // draws it, so the greeting that follows a catch-up finds it current.
        if (patchOrReload(client, change) && change.version !== undefined)
          shown.current.set(change.multilistId, change.version);
      });
      s.addEventListener('ready', (e) => {
        let greeting: { versions?: Record<string, number>; ownChanged?: boolean } = {};
        try {
          greeting = JSON.parse((e as MessageEvent<string>).data) as typeof greeting;
        } catch {
          // A malformed greeting: play safe.
          reload();
          return;
        }
        const versions = Object.entries(greeting.versions ?? {});
        if (greeting.ownChanged || versions.some(([id, v]) => shown.current.get(id) !== v))
          reload();
      });
      // The session the stream was opened in has ended (signed out in another window, or a
      // sign-in there replaced it): whether this page's user is still signed in is asked, and a
      // refusal raises the bar that signs them in again; otherwise the stream opens afresh.
      s.addEventListener('signed-out', () => {
        s.close();
        void callApiGet('/api/auth/session', {});
        clearTimeout(retry);
        retry = setTimeout(connect, RETRY_MS);
      });
      s.onopen = () => {
        heard = Date.now();
        useConnection.getState().set(true);
        setStreamOpen(true);
      };
      // While the stream is down the header says so; it is tried again every 2 s.
      s.onerror = () => {
        useConnection.getState().set(false);
        setStreamOpen(false);
        s.close();
        clearTimeout(retry);
        retry = setTimeout(connect, RETRY_MS);
      };
    };
    let heard = Date.now();
    connect();
    // A stream that stays open and says nothing (a proxy or a phone's carrier that keeps the
    // connection and drops what comes) is not flowing: past two heartbeats and more, it is opened
    // afresh, and the greeting brings the boards up to date.
    const watch = setInterval(() => {
      if (!source || Date.now() - heard < STALLED_MS) return;
      source.close();
      clearTimeout(retry);
      connect();
    }, STALLED_MS / 4);
    return () => {
      clearTimeout(retry);
      clearInterval(watch);
      source?.close();
      setStreamOpen(false);
    };
  }, [key, owner, client, sessionEnded]);
}
