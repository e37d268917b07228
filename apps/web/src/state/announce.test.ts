import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@listboard/core';
import { announce, useAnnouncement } from './announce';

afterEach(() => vi.useRealTimers());

describe('what a screen reader is told', () => {
  it('goes into the live region once it has been seen empty, and leaves it as an alert would', () => {
    vi.useFakeTimers();
    useAnnouncement.setState({ text: 'Old words.' });
    announce('Your note is posted.');
    expect(useAnnouncement.getState().text).toBe('');
    vi.advanceTimersByTime(50);
    expect(useAnnouncement.getState().text).toBe('Your note is posted.');
    vi.advanceTimersByTime(TIMINGS.alertMs);
    expect(useAnnouncement.getState().text).toBe('');
  });

  it('the same words said twice are heard twice, and the first going does not take the second', () => {
    vi.useFakeTimers();
    announce('Your reply is posted.');
    vi.advanceTimersByTime(TIMINGS.alertMs - 100);
    announce('Your reply is posted.');
    expect(useAnnouncement.getState().text).toBe('');
    vi.advanceTimersByTime(150);
    expect(useAnnouncement.getState().text).toBe('Your reply is posted.');
    vi.advanceTimersByTime(TIMINGS.alertMs - 200);
    expect(useAnnouncement.getState().text).toBe('Your reply is posted.');
    vi.advanceTimersByTime(200);
    expect(useAnnouncement.getState().text).toBe('');
  });
});
