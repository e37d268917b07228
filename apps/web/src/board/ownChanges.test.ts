import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OWN_EVENT_WAIT_MS, afterOwnChange, ownChangeHeard, setStreamOpen } from './ownChanges';

// The module remembers when it last heard an event: each test starts later than the last.
let clock = Date.now();
beforeEach(() => {
  vi.useFakeTimers();
  clock += 1_000_000;
  vi.setSystemTime(clock);
});
afterEach(() => {
  setStreamOpen(false);
  vi.useRealTimers();
});

describe('after the user’s own change', () => {
  it('loads the boards at once when no live stream is open', () => {
    const reload = vi.fn();
    afterOwnChange(Date.now(), reload);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loads nothing when the change’s own event came before the answer, or comes after it', () => {
    setStreamOpen(true);
    const reload = vi.fn();
    const started = Date.now();
    vi.advanceTimersByTime(10);
    ownChangeHeard();
    afterOwnChange(started, reload);
    afterOwnChange(Date.now() + 1, reload);
    vi.advanceTimersByTime(100);
    ownChangeHeard();
    vi.advanceTimersByTime(OWN_EVENT_WAIT_MS * 2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads the boards when no event of it comes in time', () => {
    setStreamOpen(true);
    const reload = vi.fn();
    afterOwnChange(Date.now() + 1, reload);
    vi.advanceTimersByTime(OWN_EVENT_WAIT_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
