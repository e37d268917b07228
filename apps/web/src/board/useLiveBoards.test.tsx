import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Multilist } from '@listboard/core';
import { makeBoard } from '../test/fixtures';
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

function setup(boards: { _id: string; version: number }[], cached: [unknown[], unknown][] = []) {
  vi.stubGlobal('EventSource', FakeSource);
  const client = new QueryClient();
  for (const [key, data] of cached) client.setQueryData(key, data);
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { unmount } = renderHook(() => useLiveBoards(boards), { wrapper });
  return { client, invalidate, source: FakeSource.last, unmount };
}

const course = makeBoard('author', 'course', [{ title: 'Tip', items: ['One', 'Two'] }]);
const other = makeBoard('author', 'other', [{ title: 'Week', items: ['Three'] }]);
const screenKey = ['boards', ['author/course'], 'reader', 'desktop', [null]];
const otherKey = ['boards', ['author/other'], 'reader', 'desktop', [null]];
const pageKey = ['boards', 'page', '/discussion'];

describe('live boards', () => {
  it('watches the shown boards; a change with no item reloads the screens that show its board and the results pages', () => {
    const { invalidate, source } = setup(
      [{ _id: course._id, version: 1 }],
      [
        [screenKey, [course]],
        [otherKey, [other]],
        [pageKey, { entries: [] }],
      ],
    );
    expect(source.url).toBe(`/api/events?boards=${course._id}&at=1`);
    source.emit('board', { multilistId: course._id, call: '/api/forms/insert_item', version: 2 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: screenKey, exact: true });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: pageKey, exact: true });
    // A board screen that does not show the board is left alone.
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: otherKey, exact: true });
  });

  it('swaps in the item a change carries, without loading the board again', () => {
    const { client, invalidate, source } = setup(
      [{ _id: course._id, version: 1 }],
      [[screenKey, [course]]],
    );
    const two = course.lists[0]!.items[1]!;
    source.emit('board', {
      multilistId: course._id,
      call: '/api/forms/edit_item',
      version: 2,
      item: { ...two, text: 'Two, reworded', indexInBoard: -1, viewstate: {} },
    });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: screenKey, exact: true });
    const [shown] = client.getQueryData<Multilist[]>(screenKey)!;
    expect(shown!.version).toBe(2);
    expect(shown!.lists[0]!.items.map((i) => [i.text, i.indexInBoard])).toEqual([
      ['One', 0],
      ['Two, reworded', 1],
    ]);
  });

  it('loads the board again when the change cannot be applied: an earlier change was missed', () => {
    const { client, invalidate, source } = setup(
      [{ _id: course._id, version: 1 }],
      [[screenKey, [course]]],
    );
    const two = course.lists[0]!.items[1]!;
    source.emit('board', {
      multilistId: course._id,
      version: 3,
      item: { ...two, text: 'Two, reworded' },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: screenKey, exact: true });
    expect(client.getQueryData<Multilist[]>(screenKey)![0]!.lists[0]!.items[1]!.text).toBe('Two');
  });

  it('opens a dropped stream again after 2 s, saying the version the page holds by then', () => {
    vi.useFakeTimers();
    try {
      const { source } = setup([{ _id: course._id, version: 1 }], [[screenKey, [course]]]);
      const two = course.lists[0]!.items[1]!;
      source.emit('board', {
        multilistId: course._id,
        version: 2,
        item: { ...two, text: 'Two, reworded' },
      });
      source.onerror?.();
      expect(FakeSource.last).toBe(source);
      vi.advanceTimersByTime(2000);
      expect(FakeSource.last).not.toBe(source);
      expect(FakeSource.last.url).toBe(`/api/events?boards=${course._id}&at=2`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a catch-up and the greeting after it without a reload', () => {
    const { client, invalidate, source } = setup(
      [{ _id: course._id, version: 1 }],
      [[screenKey, [course]]],
    );
    const [one, two] = course.lists[0]!.items;
    source.emit('board', {
      multilistId: course._id,
      call: 'catch-up',
      from: 1,
      version: 3,
      items: [
        { ...one!, text: 'One, reworded' },
        { ...two!, text: 'Two, reworded' },
      ],
    });
    source.emit('ready', { boards: [course._id], versions: { [course._id]: 3 } });
    expect(invalidate).not.toHaveBeenCalled();
    expect(
      client.getQueryData<Multilist[]>(screenKey)![0]!.lists[0]!.items.map((i) => i.text),
    ).toEqual(['One, reworded', 'Two, reworded']);
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

  it('a listing of the notes on someone’s boards follows all their boards, from when it was read', () => {
    const read = '2026-12-04T09:30:00.000Z';
    const listing = {
      _id: 'pending',
      version: 1,
      owner: 'author',
      follows: [{ _id: course._id, version: 4 }],
      ownBoardsAt: read,
    };
    const { invalidate, source } = setup([listing], [[pageKey, listing]]);
    expect(source.url).toBe(
      `/api/events?boards=pending,${course._id}&at=1,4&owner=author&since=${encodeURIComponent(read)}`,
    );
    // Started at the versions held, with nothing of theirs changed since: nothing to load.
    source.emit('ready', {
      boards: [course._id],
      versions: { [course._id]: 4 },
      ownChanged: false,
    });
    expect(invalidate).not.toHaveBeenCalled();
    // One of their boards changed between the reading and the stream: the listing loads again.
    source.emit('ready', { boards: [course._id], versions: { [course._id]: 4 }, ownChanged: true });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['boards'] });
    // A change on a board it listed nothing from reloads the listing too.
    invalidate.mockClear();
    source.emit('board', { multilistId: other._id, call: '/api/forms/insert_note', version: 9 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: pageKey, exact: true });
  });

  it('other pages say no owner', () => {
    const { source } = setup([{ _id: course._id, version: 2 }]);
    expect(source.url).not.toContain('owner=');
  });
});

describe('a stream that goes quiet', () => {
  it('is opened afresh when nothing, not even a heartbeat, came for 50 s; heartbeats keep it', () => {
    vi.useFakeTimers();
    // Unmounted at the end: the stream's open state is the page's, which other tests read.
    let close = () => {};
    try {
      const { source, unmount } = setup([{ _id: course._id, version: 1 }]);
      close = unmount;
      source.onopen?.();
      // Heartbeats every 20 s: the stream flows, and stays the same one.
      for (let i = 0; i < 5; i++) {
        vi.advanceTimersByTime(20_000);
        source.emit('beat', {});
      }
      expect(FakeSource.last).toBe(source);
      // Then silence, as through a proxy that holds the connection and passes nothing.
      vi.advanceTimersByTime(65_000);
      expect(FakeSource.last).not.toBe(source);
      expect(FakeSource.last.url).toBe(`/api/events?boards=${course._id}&at=1`);
    } finally {
      close();
      vi.useRealTimers();
    }
  });
});
