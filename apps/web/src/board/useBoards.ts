import { useQuery } from '@tanstack/react-query';
import { boardMsg, parseAddress, pathTitle, type Multilist } from '@listboard/core';
import { lastError, postJson } from '../api/client';
import { useAlerts } from '../state/alerts';
import { TIMINGS } from '@listboard/core';

export type Device = 'desktop' | 'tablet' | 'phone';

export function deviceOf(width: number): Device {
  return width <= 640 ? 'phone' : width <= 1024 ? 'tablet' : 'desktop';
}

/** The boards of a (possibly chained) address, one address per board, in order. */
export function boardAddresses(path: string): { key: string; address: string }[] {
  return parseAddress(path).segments.map((s) => ({
    key: `${s.owner}/${pathTitle(s.title)}`,
    address: `/${s.owner}/${s.title}`,
  }));
}

/** A search given in the address (`?code=pending`) loads as one results board. */
export function useSearchBoard(path: string, search: string, username: string | undefined) {
  const code = new URLSearchParams(search).get('code');
  return useQuery({
    queryKey: ['boards', 'search', path, search, username],
    enabled: code !== null,
    queryFn: async () => {
      const board = await postJson<Multilist>('/api/dbload/load_search', {
        address: `${path}${search}`,
        username,
      });
      if (!board) throw new Error(lastError?.error ?? 'Could not run the search.');
      return [board];
    },
  });
}

export function useBoards(
  path: string,
  username: string | undefined,
  device: Device,
  enabled = true,
) {
  const wanted = boardAddresses(path);
  return useQuery({
    queryKey: ['boards', wanted.map((w) => w.key), username, device],
    enabled: enabled && wanted.length > 0,
    queryFn: async () => {
      const boards = await postJson<Multilist[]>('/api/dbload/load_multilists', {
        addresses: wanted.map((w) => w.address),
        username,
        device,
      });
      if (!boards) throw new Error(lastError?.error ?? 'Could not load the board.');
      const found = new Set(boards.map((b) => `${b.owner}/${b.ptitle}`));
      for (const w of wanted) {
        if (!found.has(w.key))
          useAlerts
            .getState()
            .show(boardMsg.couldNotFindBoard(w.key), TIMINGS.boardNotFoundAlertMs);
      }
      return boards;
    },
  });
}
