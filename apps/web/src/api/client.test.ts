import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { callApi, callApiGet, messageOr, queryOf, setCallUser, useConnection } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  setCallUser(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The nth request made: its address, and its init with the headers as the client writes them. */
function sent(n: number) {
  const [path, init] = fetchMock.mock.calls[n]!;
  return {
    path,
    method: init?.method,
    headers: init?.headers as Record<string, string>,
    body: init?.body,
  };
}

async function run<T>(p: Promise<T>): Promise<T> {
  await vi.runAllTimersAsync();
  return p;
}

describe('the JSON helper', () => {
  it('POSTs JSON and answers with the value', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { invited: true }));
    expect(await run(callApi('/api/auth/check_invitee', { email: 'a@b.c' }))).toEqual({
      ok: true,
      value: { invited: true },
    });
    const { path, method, headers, body } = sent(0);
    expect(path).toBe('/api/auth/check_invitee');
    expect(method).toBe('POST');
    expect(headers['content-type']).toBe('application/json');
    expect(body).toBe('{"email":"a@b.c"}');
  });

  it('sends X-Mongo-User-ID only when the user is known', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    await run(callApi('/api/auth/signout', {}));
    expect(sent(0).headers['X-Mongo-User-ID']).toBeUndefined();
    setCallUser('u1');
    await run(callApi('/api/auth/signout', {}));
    expect(sent(1).headers['X-Mongo-User-ID']).toBe('u1');
  });

  it('marks the session ended when a call is refused for it, not for a user the page has left', async () => {
    const ended = () => useConnection.getState().sessionEnded;
    useConnection.getState().setSessionEnded(false);
    const refused = () =>
      Promise.resolve(json(401, { error: 'Sign in again.', sessionEnded: true }));
    // A refusal of another kind (a guest asked to sign in) is not an ended session.
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(json(401, { error: 'Please sign in first.' })),
    );
    setCallUser('u1');
    await run(callApi('/api/forms/my_groups', {}));
    expect(ended()).toBe(false);
    // The page signed in as someone else while the call was out: old news.
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise<Response>((r) => (answer = r)));
    const out = callApi('/api/forms/my_groups', {});
    setCallUser('u2');
    answer(await refused());
    await run(out);
    expect(ended()).toBe(false);
    // Refused for the user the page still has: ended, and it is not retried.
    fetchMock.mockImplementationOnce(refused);
    const res = await run(callApi('/api/forms/my_groups', {}));
    expect(ended()).toBe(true);
    expect(res).toMatchObject({ ok: false, error: { status: 401, error: 'Sign in again.' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    // A sign-in as nobody (from the bar) names no user, and says nothing of the page's session.
    const refusals = useConnection.getState().sessionRefusals;
    fetchMock.mockImplementationOnce(() => Promise.resolve(json(200, {})));
    await run(callApi('/api/auth/signout', {}, { asNobody: true }));
    expect(sent(3).headers['X-Mongo-User-ID']).toBeUndefined();
    expect(ended()).toBe(true);
    // Each refusal is counted (the bar asks who is signed in now at each).
    fetchMock.mockImplementationOnce(refused);
    await run(callApi('/api/forms/my_groups', {}));
    expect(useConnection.getState().sessionRefusals).toBe(refusals + 1);
    // A call answered for the page's user: signed in again elsewhere, the session is live.
    fetchMock.mockImplementationOnce(() => Promise.resolve(json(200, {})));
    await run(callApi('/api/forms/my_groups', {}));
    expect(ended()).toBe(false);
  });

  it('does not retry a 4xx, and gives the server’s message to the caller', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(403, { error: 'no' })));
    const res = await run(callApi('/api/forms/my_groups', {}));
    expect(res).toMatchObject({ ok: false, error: { status: 403, error: 'no' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries twice on a 5xx, 500 ms apart, then gives the error', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(503, { error: 'busy' })));
    const p = callApi('/api/forms/my_groups', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ ok: false, error: { status: 503, error: 'busy' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries a 429 once, and a success on the second try is a success', async () => {
    fetchMock.mockResolvedValueOnce(json(429, {})).mockResolvedValueOnce(json(200, []));
    expect(await run(callApi('/api/forms/my_groups', {}))).toEqual({ ok: true, value: [] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never makes a third try, whatever the server keeps answering', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(429, { error: 'slow down' })));
    const res = await run(callApi('/api/forms/my_groups', {}));
    expect(res).toMatchObject({ ok: false, error: { status: 429, error: 'slow down' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('leaves the message empty when the server gave none, so the caller’s words apply', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(400, {})));
    const res = await run(callApi('/api/forms/my_groups', {}));
    expect(res.ok).toBe(false);
    if (!res.ok) expect(messageOr(res.error, 'ERROR: join group')).toBe('ERROR: join group');
  });

  it('keeps the whole error answer for refusals that say more than a message', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { status: 'expired', error: 'Verification link expired', email: 'a@b.c' }),
    );
    const res = await run(callApiGet('/api/auth/verify_email', { token: 't' }));
    expect(res).toMatchObject({
      ok: false,
      error: { status: 400, error: 'Verification link expired', answer: { email: 'a@b.c' } },
    });
  });

  it('GETs with the input as query parameters, without a body, with the user header', async () => {
    setCallUser('u7');
    fetchMock.mockResolvedValueOnce(json(200, { user: null }));
    expect(await run(callApiGet('/api/auth/session', {}))).toEqual({
      ok: true,
      value: { user: null },
    });
    fetchMock.mockResolvedValueOnce(json(200, []));
    await run(
      callApiGet('/api/dbload/load_multilists', {
        addresses: ['/a/b', '/c/d'],
        username: undefined,
        device: 'phone',
      }),
    );
    const { path, method, headers, body } = sent(0);
    expect(path).toBe('/api/auth/session');
    expect(method).toBe('GET');
    expect(body).toBeUndefined();
    expect(headers['X-Mongo-User-ID']).toBe('u7');
    expect(sent(1).path).toBe(
      '/api/dbload/load_multilists?addresses=%2Fa%2Fb&addresses=%2Fc%2Fd&device=phone',
    );
  });

  it('repeats array names in a query and leaves out what is undefined', () => {
    expect(queryOf({ a: ['1', '2'], b: undefined, c: 'x y' })).toBe('a=1&a=2&c=x+y');
  });

  it('gives an error, not an exception, when a success answer is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>gateway</html>', { status: 200 }));
    await expect(run(callApi('/api/forms/my_groups', {}))).resolves.toEqual({
      ok: false,
      error: { status: 200, error: 'The server sent an unreadable answer.' },
    });
  });

  it('a network failure is status 0, "No connection to the server.", and not retried', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await run(callApi('/api/forms/my_groups', {}))).toEqual({
      ok: false,
      error: { status: 0, error: 'No connection to the server.' },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useConnection.getState().connected).toBe(false);
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await run(callApi('/api/forms/my_groups', {}));
    expect(useConnection.getState().connected).toBe(true);
  });

  it('gives two calls in flight that fail differently each their own error', async () => {
    // The first call's answer comes last, so a shared "last error" would give both the same.
    let answerFirst: (r: Response) => void = () => {};
    fetchMock
      .mockImplementationOnce(() => new Promise<Response>((r) => (answerFirst = r)))
      .mockResolvedValueOnce(json(409, { error: 'A group named y already exists.' }));
    const first = callApi('/api/forms/create_group', { name: 'x' });
    const second = callApi('/api/forms/create_group', { name: 'y' });
    const secondResult = await run(second);
    answerFirst(json(403, { error: 'Please sign in first.' }));
    const firstResult = await run(first);
    expect(secondResult).toMatchObject({
      ok: false,
      error: { status: 409, error: 'A group named y already exists.' },
    });
    expect(firstResult).toMatchObject({
      ok: false,
      error: { status: 403, error: 'Please sign in first.' },
    });
  });
});
