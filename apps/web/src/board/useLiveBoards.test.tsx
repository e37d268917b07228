import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLiveBoards } from './useLiveBoards';

/** Stands in for the browser's EventSource, so a test can play the server's side. */
class FakeSource {
  static last: FakeSource;
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? [])
      fn({ data: JSON.stringify(data) } as MessageEvent);
  }
  close() {}
}

afterEach(() => vi.unstubAllGlobals());

function setup(boards: { _id: string; version: number }[]) {
  vi.stubGlobal('EventSource', FakeSource);
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveBoards(boards), { wrapper });
  return { invalidate, source: FakeSource.last };
}

describe('live boards', () => {
  it('watches the shown boards and reloads on each change', () => {
    const { invalidate, source } = setup([
      { _id: 'a', version: 3 },
      { _id: 'b', version: 1 },
    ]);
    expect(source.url).toBe('/api/events?boards=a,b');
    source.emit('board', { multilistId: 'a', call: '/api/forms/insert_note' });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the stream starts at the versions already shown', () => {
    const { invalidate, source } = setup([{ _id: 'a', version: 3 }]);
    source.onopen?.();
    source.emit('ready', { boards: ['a'], versions: { a: 3 } });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reloads when a board changed before the stream started, or while it was down', () => {
    const { invalidate, source } = setup([{ _id: 'a', version: 3 }]);
    source.emit('ready', { boards: ['a'], versions: { a: 4 } });
    expect(invalidate).toHaveBeenCalledTimes(1);
    source.onerror?.();
    source.emit('ready', { boards: ['a'], versions: { a: 5 } });
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
