import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { usePresence } from './usePresence';

/** Stands in for the browser's EventSource, so a test can play the server's side. */
class FakeSource {
  static opened: FakeSource[] = [];
  listeners = new Map<string, (() => void)[]>();
  closed = false;
  constructor(public url: string) {
    FakeSource.opened.push(this);
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string) {
    for (const fn of this.listeners.get(type) ?? []) fn();
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSource.opened = [];
});

function setup(active: boolean) {
  vi.stubGlobal('EventSource', FakeSource);
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ on }) => usePresence(on), { wrapper, initialProps: { on: active } });
  return { invalidate, hook };
}

describe('presence on a named page', () => {
  it('holds a live connection open while the page is shown, and closes it after', () => {
    const { hook } = setup(true);
    expect(FakeSource.opened).toHaveLength(1);
    expect(FakeSource.opened[0]!.url).toBe('/api/events?boards=');
    hook.rerender({ on: false });
    expect(FakeSource.opened[0]!.closed).toBe(true);
  });

  it('opens nothing when no named page is shown', () => {
    setup(false);
    expect(FakeSource.opened).toHaveLength(0);
  });

  it('fetches the page again once the connection has started, so the viewer counts as here', () => {
    const { invalidate } = setup(true);
    expect(invalidate).not.toHaveBeenCalled();
    FakeSource.opened[0]!.emit('ready');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['boards', 'page'] });
  });
});
