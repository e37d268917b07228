import { vi } from 'vitest';
import type { Multilist, PublicUser } from '@listboard/core';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Every call answers `body` as JSON, whatever it asks; the stub, to read its calls. */
export function answerEvery(body: unknown) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(json(200, body)));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The JSON body a call sent (the app sends JSON text), or undefined without one. */
export const sentBody = (init?: RequestInit): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;

export interface FakeServer {
  /** Every call made, as path and parsed body. */
  calls: { path: string; body: unknown }[];
  /** The addresses asked of load_multilists, call by call. */
  loads(): string[][];
}

/**
 * Stands in for the API behind `fetch`: a session, and load_multilists answering from the given
 * boards by `/owner/title` (a missing board is simply absent, as the server does).
 */
export function fakeServer(boards: Multilist[], user: PublicUser | null): FakeServer {
  const calls: FakeServer['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const [path = '', search] = input.split('?');
      // A board load may come as a GET with the addresses in the query.
      const body = init?.body
        ? sentBody(init)
        : search
          ? { addresses: new URLSearchParams(search).getAll('addresses') }
          : undefined;
      calls.push({ path, body });
      if (path === '/api/auth/session')
        return Promise.resolve(
          json(200, { user, rootBoard: 'home', adminUser: 'admin', appVersion: 'PRODUCTION' }),
        );
      if (path === '/api/auth/guest') return Promise.resolve(json(200, { user }));
      if (path === '/api/dbload/load_multilists') {
        const { addresses } = body as { addresses: string[] };
        const found = addresses.flatMap((a) => {
          const b = boards.find(
            (x) => `/${x.owner}/${x.ptitle}` === a || `/${x.owner}/${x.title}` === a,
          );
          return b ? [b] : [];
        });
        return Promise.resolve(json(200, found));
      }
      // No board here was renamed away from its address.
      if (path === '/api/dbload/moved_boards') return Promise.resolve(json(200, []));
      // Nothing new on any board one visited.
      if (path === '/api/dbload/board_news') return Promise.resolve(json(200, []));
      // No notes due on any board one reads.
      if (path === '/api/dbload/boards_due') return Promise.resolve(json(200, []));
      // No note of one's own carries a tag.
      if (path === '/api/dbload/my_tags') return Promise.resolve(json(200, []));
      return Promise.resolve(json(200, { ok: true }));
    }),
  );
  return {
    calls,
    loads: () =>
      calls
        .filter((c) => c.path === '/api/dbload/load_multilists')
        .map((c) => (c.body as { addresses: string[] }).addresses),
  };
}
