import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getJson, lastError, postJson, setCallUser, useConnection } from './client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setCallUser(null);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function run<T>(p: Promise<T>): Promise<T> {
  await vi.runAllTimersAsync();
  return p;
}

describe('the JSON helper', () => {
  it('POSTs JSON and returns the parsed answer', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: 1 }));
    expect(await run(postJson('/api/x', { a: 1 }))).toEqual({ ok: 1 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends X-Mongo-User-ID only when the user is known', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await run(postJson('/api/x'));
    expect(fetchMock.mock.calls[0]![1].headers['X-Mongo-User-ID']).toBeUndefined();
    setCallUser('u1');
    await run(postJson('/api/x'));
    expect(fetchMock.mock.calls[1]![1].headers['X-Mongo-User-ID']).toBe('u1');
  });

  it('tries twice on a 5xx or 429, 500 ms apart, then gives null', async () => {
    fetchMock.mockImplementation(async () => json(503, { error: 'busy' }));
    const p = postJson('/api/x');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json(429, {})).mockResolvedValueOnce(json(200, { ok: true }));
    expect(await run(postJson('/api/x'))).toEqual({ ok: true });
  });

  it('does not retry a 4xx, and keeps the server’s message', async () => {
    fetchMock.mockImplementation(async () => json(403, { error: 'no' }));
    expect(await run(getJson('/api/x'))).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(lastError).toEqual({ status: 403, error: 'no' });
  });

  it('never makes a third try, whatever the server keeps answering', async () => {
    fetchMock.mockImplementation(async () => json(429, { error: 'slow down' }));
    expect(await run(postJson('/api/x'))).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(lastError).toEqual({ status: 429, error: 'slow down' });
  });

  it('GETs without a body, with the user header when known', async () => {
    setCallUser('u7');
    fetchMock.mockResolvedValueOnce(json(200, { user: null }));
    expect(await run(getJson('/api/auth/session'))).toEqual({ user: null });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers['X-Mongo-User-ID']).toBe('u7');
  });

  it('gives null, not an exception, when a success answer is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>gateway</html>', { status: 200 }));
    await expect(run(postJson('/api/x'))).resolves.toBeNull();
  });

  it('returns null and marks the server unreachable on a network error, until the next answer', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await run(postJson('/api/x'))).toBeNull();
    // A network failure is not a 5xx or 429, so it is not retried.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(useConnection.getState().connected).toBe(false);
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await run(postJson('/api/x'));
    expect(useConnection.getState().connected).toBe(true);
  });
});
