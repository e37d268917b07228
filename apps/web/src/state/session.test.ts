import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session';
import { callApi } from '../api/client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** A fetch mock answering each path with the response `reply` makes for it. */
const answering = (reply: (path: string) => Response) =>
  vi.fn((path: string) => Promise.resolve(reply(path)));
const guest = { _id: 'g1', username: 'guest', roles: ['guest'], fullname: 'Guest', email: null };

beforeEach(() => useSession.setState({ phase: 'loading', user: null, error: null }));
afterEach(() => vi.unstubAllGlobals());

describe('session start', () => {
  it('signs an unauthenticated visitor in as guest, then is ready', async () => {
    const fetchMock = answering((path) =>
      path === '/api/auth/session'
        ? json(200, { user: null, rootBoard: 'home', adminUser: 'admin', appVersion: 'PRODUCTION' })
        : json(200, { user: guest }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await useSession.getState().start();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/session', '/api/auth/guest']);
    expect(useSession.getState()).toMatchObject({ phase: 'ready', user: { username: 'guest' } });
    // From now on calls say who is asking.
    await callApi('/api/forms/my_groups', {});
    const [, init] = fetchMock.mock.lastCall as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['X-Mongo-User-ID']).toBe('g1');
  });

  it('keeps a signed-in user without signing in as guest', async () => {
    const fetchMock = answering(() =>
      json(200, {
        user: { ...guest, _id: 'u2', username: 'sam' },
        rootBoard: 'home',
        adminUser: 'admin',
        appVersion: 'PRODUCTION',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await useSession.getState().start();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useSession.getState().user?.username).toBe('sam');
  });

  it('reports the spec error when the guest sign-in fails', async () => {
    vi.stubGlobal(
      'fetch',
      answering((path) =>
        path === '/api/auth/session'
          ? json(200, { user: null, rootBoard: 'home', adminUser: 'admin' })
          : json(400, { error: 'x' }),
      ),
    );
    await useSession.getState().start();
    expect(useSession.getState()).toMatchObject({
      phase: 'error',
      error: 'Failed to log in guest user',
    });
  });

  it('says the server cannot be reached when the session call fails at the network level', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await useSession.getState().start();
    expect(useSession.getState()).toMatchObject({
      phase: 'error',
      error: 'No connection to the server.',
    });
  });

  it('starts once when asked twice at the same moment', async () => {
    const fetchMock = answering((path) =>
      path === '/api/auth/session'
        ? json(200, { user: null, rootBoard: 'home', adminUser: 'admin', appVersion: 'PRODUCTION' })
        : json(200, { user: guest }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await Promise.all([useSession.getState().start(), useSession.getState().start()]);
    expect(fetchMock.mock.calls.filter((c) => c[0] === '/api/auth/guest')).toHaveLength(1);
  });

  it('with the reset flag, a visit starts as guest, and the reset rests for 2000 ms after', async () => {
    vi.useFakeTimers();
    try {
      const sam = { ...guest, _id: 'u2', username: 'sam', roles: ['reader'] };
      const fetchMock = answering((path) =>
        path === '/api/auth/session'
          ? json(200, {
              user: sam,
              rootBoard: 'home',
              adminUser: 'admin',
              appVersion: 'PRODUCTION',
              resetToGuest: true,
            })
          : path === '/api/auth/guest'
            ? json(200, { user: guest })
            : json(200, { ok: true }),
      );
      vi.stubGlobal('fetch', fetchMock);
      await useSession.getState().start();
      expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
        '/api/auth/session',
        '/api/auth/signout',
        '/api/auth/guest',
      ]);
      expect(useSession.getState().user?.username).toBe('guest');

      // Started again at once (a reload, a second mount): left alone.
      fetchMock.mockClear();
      useSession.setState({ phase: 'loading' });
      await useSession.getState().start();
      expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/auth/session']);
      expect(useSession.getState().user?.username).toBe('sam');

      // After 2000 ms the next visit is reset again.
      vi.advanceTimersByTime(2000);
      fetchMock.mockClear();
      useSession.setState({ phase: 'loading' });
      await useSession.getState().start();
      expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/auth/signout');
    } finally {
      vi.useRealTimers();
    }
  });
});
