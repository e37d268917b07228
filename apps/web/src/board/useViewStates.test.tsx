import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { PublicUser } from '@listboard/core';
import { callApi } from '../api/client';
import { makeBoard } from '../test/fixtures';
import { useViewStates } from './useViewStates';
import { useUi, type Display } from '../state/ui';

vi.mock('../api/client', () => ({
  callApi: vi.fn(() => Promise.resolve({ ok: true, value: { ok: true } })),
}));
const sent = vi.mocked(callApi);

const ann = {
  _id: 'user-ann',
  username: 'ann',
  email: 'ann@example.org',
  roles: ['reader'],
} as unknown as PublicUser;

const board = makeBoard('author', 'course', [{ title: 'Week', items: ['One', 'Two'] }]);

/** The view-state writes sent for the board, oldest first. */
const writes = () =>
  sent.mock.calls
    .filter(([path]) => path === '/api/display/update_multilistvs')
    .map(([, input]) => (input as { doc: { $set: Record<string, unknown> } }).doc.$set);

/** Does what the page does, and lets the calls it answers settle. */
const settled = (run: () => void) =>
  act(async () => {
    run();
    await Promise.resolve();
  });

beforeEach(() => {
  vi.useFakeTimers();
  sent.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the board view state while a reader scrolls', () => {
  it('is written at most once every 2 s, the last position always, and other changes at once', async () => {
    const { result, unmount } = renderHook(() => useViewStates([board], board, ann, false));
    const set = (patch: Partial<Display>) => settled(() => result.current.setDisplay(patch));
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    // Ten seconds of scrolling, a settled position every 250 ms.
    for (let i = 0; i < 40; i++) {
      await set({ itemsViewStartIndex: i, itemsViewStopIndex: i + 5 });
      await wait(250);
    }
    const during = writes();
    expect(during.length).toBeLessThanOrEqual(6);
    expect(during.length).toBeGreaterThanOrEqual(5);
    await wait(2000);
    expect(writes().at(-1)).toEqual({ itemsViewStartIndex: 39, itemsViewStopIndex: 44 });
    // A change of view is not held back, and takes the waiting position with it.
    await set({ itemsViewStartIndex: 3 });
    expect(writes().at(-1)).toEqual({ itemsViewStartIndex: 3 });
    await set({ itemsViewStartIndex: 4 });
    await set({ sentences: true });
    expect(writes().at(-1)).toEqual({ itemsViewStartIndex: 4, sentences: true });
    // Closing the board sends what waits.
    await set({ itemsViewStartIndex: 7 });
    const before = writes().length;
    unmount();
    expect(writes().length).toBe(before + 1);
    expect(writes().at(-1)).toEqual({ itemsViewStartIndex: 7 });
  });

  it('is never written for the shared guest', () => {
    const { result } = renderHook(() => useViewStates([board], board, ann, true));
    act(() => result.current.setDisplay({ itemsViewStartIndex: 4 }));
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(writes()).toEqual([]);
  });
});

describe('a board shown again from the copy loaded before a change', () => {
  it('opens as the reader left it this visit, not as that copy says', () => {
    // The copy the page holds was loaded while the info bar was hidden.
    const course = { ...makeBoard('author', 'info', [{ title: 'Week', items: ['One'] }]) };
    course.viewstate = { ...course.viewstate, showInfo: false };
    const other = makeBoard('author', 'elsewhere', [{ title: 'Week', items: ['Two'] }]);
    const { result, rerender } = renderHook(
      ({ shown }) => useViewStates([shown], shown, ann, false),
      {
        initialProps: { shown: course },
      },
    );
    expect(useUi.getState().display.showInfo).toBe(false);
    act(() => result.current.setDisplay({ showInfo: true, infoZoomLevel: 4 }));
    // Away to another board, then back to the same copy.
    rerender({ shown: other });
    expect(useUi.getState().display.showInfo).toBe(true);
    expect(useUi.getState().display.infoZoomLevel).toBe(2);
    rerender({ shown: course });
    expect(useUi.getState().display.showInfo).toBe(true);
    expect(useUi.getState().display.infoZoomLevel).toBe(4);
  });
});

describe('view-state changes made one after another', () => {
  /** Holds each call open until the test answers it, as a slow server would. */
  function slowServer() {
    const answers: (() => void)[] = [];
    sent.mockImplementation(
      () =>
        new Promise((resolve) => {
          answers.push(() => resolve({ ok: true, value: { ok: true } } as never));
        }),
    );
    return {
      answerNext: () => settled(() => answers.shift()?.()),
      get open() {
        return answers.length;
      },
    };
  }
  afterEach(() => {
    sent.mockImplementation(() => Promise.resolve({ ok: true, value: { ok: true } } as never));
  });

  it('reach the server in the order made, never two at once for one board', async () => {
    const server = slowServer();
    const { result } = renderHook(() => useViewStates([board], board, ann, false));
    // Zoom out twice and switch to headlines while the first write is still on its way.
    await settled(() => result.current.setDisplay({ zoom: 1 }));
    await settled(() => result.current.setDisplay({ zoom: 0 }));
    await settled(() => result.current.setDisplay({ headlineView: true }));
    expect(writes()).toEqual([{ zoom: 1 }]);
    expect(server.open).toBe(1);
    await server.answerNext();
    // What waited goes as one write, the newest zoom winning.
    expect(writes()).toEqual([{ zoom: 1 }, { zoom: 0, headlineView: true }]);
    await server.answerNext();
    expect(server.open).toBe(0);
  });

  it('take in the selection kept on the board, in the same order', async () => {
    const server = slowServer();
    const { result } = renderHook(() => useViewStates([board], board, ann, false));
    const keep = result.current.keepBoardState!;
    const [week] = board.lists;
    const at = (item: number) => ({
      selectedMultilistId: board._id,
      selectedListId: week!._id,
      selectedItemId: week!.items[item]!._id,
      selectedText: null,
    });
    await settled(() => keep(board._id, at(0)));
    await settled(() => result.current.setDisplay({ zoom: 3 }));
    await settled(() => keep(board._id, at(1)));
    expect(writes()).toEqual([at(0)]);
    await server.answerNext();
    expect(writes()).toEqual([at(0), { zoom: 3, ...at(1) }]);
  });

  it('keep nothing for the shared guest', () => {
    const { result } = renderHook(() => useViewStates([board], board, ann, true));
    expect(result.current.keepBoardState).toBeNull();
  });

  it("keep a list's order too, and each list apart from the others", async () => {
    const server = slowServer();
    const { result } = renderHook(() => useViewStates([board], board, ann, false));
    const [week] = board.lists;
    const listWrites = () =>
      sent.mock.calls
        .filter(([path]) => path === '/api/display/update_listvs')
        .map(([, input]) => input as { query: { listId: string }; doc: { $set: object } })
        .map(({ query, doc }) => [query.listId, doc.$set]);
    await settled(() => result.current.setListState(week!._id, { zoom: 4 }));
    await settled(() => result.current.setListState(week!._id, { zoom: 5 }));
    await settled(() => result.current.setListState('list-other', { zoom: 1 }));
    expect(listWrites()).toEqual([
      [week!._id, { zoom: 4 }],
      ['list-other', { zoom: 1 }],
    ]);
    await server.answerNext();
    expect(listWrites().at(-1)).toEqual([week!._id, { zoom: 5 }]);
  });

  it('send what waits at once when the page goes away, and again if it is still there', async () => {
    const server = slowServer();
    const { result } = renderHook(() => useViewStates([board], board, ann, false));
    await settled(() => result.current.setDisplay({ zoom: 1 }));
    await settled(() => result.current.setDisplay({ zoom: 0 }));
    expect(writes()).toEqual([{ zoom: 1 }]);
    window.dispatchEvent(new Event('pagehide'));
    expect(writes()).toEqual([{ zoom: 1 }, { zoom: 0 }]);
    const last = sent.mock.calls.at(-1)!;
    expect(last[2]).toEqual({ keepalive: true });
    // Hidden, not closed: once both are answered, the newest is written again, in case the
    // server applied the older last.
    await server.answerNext();
    expect(writes()).toHaveLength(2);
    await server.answerNext();
    expect(writes()).toEqual([{ zoom: 1 }, { zoom: 0 }, { zoom: 0 }]);
    await server.answerNext();
    expect(server.open).toBe(0);
  });
});
