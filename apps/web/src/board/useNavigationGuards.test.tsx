import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useGuardedPath } from './useNavigationGuards';

afterEach(() => vi.useRealTimers());

describe('location guard', () => {
  it('skips location updates closer than 100 ms apart, keeping the last of a burst', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(1000);
    const { result, rerender } = renderHook(({ path }) => useGuardedPath(path), {
      initialProps: { path: '/a/home' },
    });
    expect(result.current).toBe('/a/home');
    vi.advanceTimersByTime(500);

    // A change after a quiet spell applies at once.
    rerender({ path: '/a/one' });
    expect(result.current).toBe('/a/one');

    // Two more within 100 ms: the middle one is skipped, the last applies 100 ms after the one before.
    act(() => {
      vi.advanceTimersByTime(30);
    });
    rerender({ path: '/a/two' });
    act(() => {
      vi.advanceTimersByTime(30);
    });
    rerender({ path: '/a/three' });
    expect(result.current).toBe('/a/one');
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(result.current).toBe('/a/three');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe('/a/three');
  });
});
