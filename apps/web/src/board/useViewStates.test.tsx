import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { PublicUser } from '@listboard/core';
import { callApi } from '../api/client';
import { makeBoard } from '../test/fixtures';
import { useViewStates } from './useViewStates';
import { useUi } from '../state/ui';

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

beforeEach(() => {
  vi.useFakeTimers();
  sent.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the board view state while a reader scrolls', () => {
  it('is written at most once every 2 s, the last position always, and other changes at once', () => {
    const { result, unmount } = renderHook(() => useViewStates([board], board, ann, false));
    // Ten seconds of scrolling, a settled position every 250 ms.
    for (let i = 0; i < 40; i++) {
      act(() => result.current.setDisplay({ itemsViewStartIndex: i, itemsViewStopIndex: i + 5 }));
      act(() => {
        vi.advanceTimersByTime(250);
      });
    }
    const during = writes();
    expect(during.length).toBeLessThanOrEqual(6);
    expect(during.length).toBeGreaterThanOrEqual(5);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(writes().at(-1)).toEqual({ itemsViewStartIndex: 39, itemsViewStopIndex: 44 });
    // A change of view is not held back, and takes the waiting position with it.
    act(() => result.current.setDisplay({ itemsViewStartIndex: 3 }));
    expect(writes().at(-1)).toEqual({ itemsViewStartIndex: 3 });
    act(() => result.current.setDisplay({ itemsViewStartIndex: 4 }));
    act(() => result.current.setDisplay({ sentences: true }));
    expect(writes().at(-1)).toEqual({ itemsViewStartIndex: 4, sentences: true });
    // Closing the board sends what waits.
    act(() => result.current.setDisplay({ itemsViewStartIndex: 7 }));
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
