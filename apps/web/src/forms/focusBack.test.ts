import { afterEach, describe, expect, it, vi } from 'vitest';
import { giveFocusBack, stopFocusBacks } from './focusBack';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('focus given back after a form closes', () => {
  it('ends quietly after 5 s though the page it began on has gone', () => {
    vi.useFakeTimers();
    // Nothing to give focus to yet: it watches the page for a place to come.
    giveFocusBack({ opener: null, items: [], lists: [] });
    vi.stubGlobal('document', undefined);
    expect(() => vi.advanceTimersByTime(5000)).not.toThrow();
  });

  it('is stopped at once by stopFocusBacks, and stops no more than once', () => {
    vi.useFakeTimers();
    const removed = vi.spyOn(document, 'removeEventListener');
    giveFocusBack({ opener: null, items: [], lists: [] });
    stopFocusBacks();
    expect(removed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    stopFocusBacks();
    expect(removed).toHaveBeenCalledTimes(1);
  });
});
