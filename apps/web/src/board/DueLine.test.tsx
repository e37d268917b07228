import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { DueLine, dueShort, dueWords, howFar } from './DueLine';
import { makeBoard } from '../test/fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const at = (d: number, h = 0, m = 0) => new Date(2026, 11, d, h, m);

describe('when notes are due', () => {
  it('says how far off, in the unit a person would use', () => {
    const now = at(6, 12);
    expect(howFar(at(6, 12, 20), now)).toBe('in 20 minutes');
    expect(howFar(at(7, 9), now)).toBe('in 21 hours');
    expect(howFar(at(12, 17), now)).toBe('in 6 days');
    expect(howFar(at(4, 12), now)).toBe('2 days ago');
    expect(howFar(new Date(2027, 2, 6, 12), now)).toBe('in 3 months');
    expect(howFar(new Date(2030, 2, 15, 17), now)).toBe('in 3 years');
    expect(howFar(at(6, 11, 59), now)).toBe('1 minute ago');
  });

  it('names the day and time, and says when they were due once that is past', () => {
    const now = at(6, 12);
    expect(dueWords(at(12, 17).toISOString(), now)).toMatch(
      /^Notes due Saturday, December 12 at 5:00\s?PM \(in 6 days\)\.$/,
    );
    expect(dueWords(at(4, 12).toISOString(), now)).toMatch(
      /^Notes were due Friday, December 4 at 12:00\s?PM \(2 days ago\)\.$/,
    );
    // Another year is named.
    expect(dueWords(new Date(2027, 0, 8, 9).toISOString(), now)).toContain('January 8, 2027');
    // Short, for a list's header and the home: a year half a year or more away, not the next month's.
    expect(dueShort(at(12, 17).toISOString(), now)).toMatch(
      /^due Sat, Dec 12, 5:00\s?PM \(in 6 days\)$/,
    );
    expect(dueShort(new Date(2020, 0, 6, 9).toISOString(), now)).toMatch(
      /^was due Mon, Jan 6, 2020,/,
    );
    expect(dueShort(new Date(2027, 0, 4, 9).toISOString(), now)).toMatch(/Jan 4, 9/);
  });

  it('says it was due once the time comes, on a board left open', () => {
    vi.useFakeTimers({ now: at(6, 16, 58) });
    const board = makeBoard('author', 'Essay', [{ title: 'Week', items: ['Read'] }]);
    render(<DueLine board={{ ...board, notesDue: at(6, 17).toISOString() }} />);
    expect(screen.getByText(/^Notes due /).textContent).toContain('(in 2 minutes)');
    act(() => {
      vi.advanceTimersByTime(3 * 60_000);
    });
    expect(screen.getByText(/^Notes were due /).textContent).toContain('(1 minute ago)');
  });

  it('tells those who may change it that a reminder goes, until the date has passed', () => {
    vi.useFakeTimers({ now: at(6, 9) });
    const board = makeBoard('author', 'Essay', [{ title: 'Week', items: ['Read'] }]);
    const { container } = render(
      <DueLine board={{ ...board, notesDue: at(6, 10).toISOString(), remindDue: true }} />,
    );
    expect(container.textContent).toContain(
      'Readers yet to write are reminded by mail a day before.',
    );
    act(() => {
      vi.advanceTimersByTime(2 * 60 * 60_000);
    });
    expect(container.textContent).not.toContain('reminded');
    cleanup();
    // A reader is not sent the setting: no word of it.
    const { container: plain } = render(
      <DueLine board={{ ...board, notesDue: at(7, 10).toISOString() }} />,
    );
    expect(plain.textContent).not.toContain('reminded');
  });

  it('is shown under the board’s title only when the board has one, as a time', () => {
    const board = makeBoard('author', 'Essay', [{ title: 'Week', items: ['Read'] }]);
    const { container } = render(<DueLine board={board} />);
    expect(container.textContent).toBe('');
    cleanup();
    render(<DueLine board={{ ...board, notesDue: '2030-01-02T03:04:00.000Z' }} />);
    expect(
      screen
        .getByText(/^Notes due /)
        .closest('time')
        ?.getAttribute('datetime'),
    ).toBe('2030-01-02T03:04:00.000Z');
  });
});
