import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { answerEvery } from '../test/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BoardDueEntry } from '@listboard/core/api/contracts/load';
import BoardDue from './BoardDue';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const entry = (title: string, e: Partial<BoardDueEntry> = {}): BoardDueEntry => ({
  multilistId: `id-${title}`,
  owner: 'author',
  ptitle: title.toLowerCase().replace(/ /g, ''),
  title,
  notesDue: new Date(2026, 11, 8, 17).toISOString(),
  wrote: 0,
  ...e,
});

const answer = (entries: BoardDueEntry[]) => answerEvery(entries);

const show = (strip = false) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BoardDue username="reader" strip={strip} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('when notes are due, on the home', () => {
  it('names each board, its owner when not one’s own, when it is due and what one wrote there', async () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 6, 12), toFake: ['Date'] });
    const fetch = answer([
      entry('Essay one', { notesDue: new Date(2026, 11, 6, 9).toISOString(), wrote: 2 }),
      entry('Essay two'),
      entry('My notebook', { owner: 'reader', notesDue: new Date(2027, 0, 4, 9).toISOString() }),
    ]);
    show();
    await screen.findByRole('heading', { name: /^Due\s*on boards you read$/ });
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      [
        [
          expect.stringMatching(
            /^Essay one author · was due Sun, Dec 6, 9:00\sAM \(3 hours ago\) · you wrote 2$/,
          ),
          '/author/essayone',
        ],
        [
          expect.stringMatching(
            /^Essay two author · due Tue, Dec 8, 5:00\sPM \(in 2 days\) · you wrote nothing yet$/,
          ),
          '/author/essaytwo',
        ],
        [
          expect.stringMatching(/^My notebook due Mon, Jan 4, 9:00\sAM \(in 29 days\)/),
          '/reader/mynotebook',
        ],
      ],
    );
    expect(fetch.mock.calls[0]?.[0]).toContain('/api/dbload/boards_due');
  });

  it('on a phone’s row, says only how far off each date is', async () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 6, 12), toFake: ['Date'] });
    answer([entry('Essay two', { wrote: 1 })]);
    show(true);
    const link = await screen.findByRole('link');
    expect(link.textContent).toBe('Essay two author · due in 2 days · you wrote 1');
  });

  it('shows nothing when nothing is due', async () => {
    const fetch = answer([]);
    const { container } = show();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
