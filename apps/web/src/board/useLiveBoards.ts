import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useConnection } from '../api/client';

interface LiveBoard {
  _id: string;
  version: number;
  follows?: { _id: string; version: number }[];
}

/**
 * Subscribes to the shown boards' live events (and those a results page follows); any change reloads them. EventSource reconnects
 * by itself after a dropped connection. Each time the stream (re)starts the server says which
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
  const key = [...followed.keys()].join(',');
  const shown = useRef(new Map<string, number>());
  shown.current = followed;
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const reload = () => void client.invalidateQueries({ queryKey: ['boards'] });
    const source = new EventSource(`/api/events?boards=${key}`);
    source.addEventListener('board', reload);
    source.addEventListener('ready', (e) => {
      let versions: Record<string, number> = {};
      try {
        versions =
          (
            JSON.parse((e as MessageEvent<string>).data) as typeof versions & {
              versions?: Record<string, number>;
            }
          ).versions ?? {};
      } catch {
        // A malformed greeting: play safe.
        return reload();
      }
      if (Object.entries(versions).some(([id, v]) => shown.current.get(id) !== v)) reload();
    });
    // While the stream is down the header says so; EventSource keeps retrying by itself.
    source.onerror = () => useConnection.getState().set(false);
    source.onopen = () => useConnection.getState().set(true);
    return () => source.close();
  }, [key, client]);
}
