import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { BoardNewsEntry } from '@listboard/core/api/contracts/load';
import { makeBoard } from '../test/fixtures';
import { useNewSince } from '../board/whatsNew';
import { BoardNews } from './BoardNews';

const entry = (title: string, e: Partial<BoardNewsEntry> = {}): BoardNewsEntry => ({
  multilistId: `id-${title}`,
  owner: 'author',
  ptitle: title.toLowerCase(),
  title,
  items: 0,
  notes: 1,
  toYou: 0,
  newest: '2026-12-05T10:00:00.000Z',
  ...e,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useNewSince.setState({ since: {}, kept: {} });
});

function answer(entries: BoardNewsEntry[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(entries), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
}

const show = (onScreen = [makeBoard('reader', 'home', [])]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BoardNews username="reader" boards={onScreen} strip={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('what is new on the boards one visited, on the home', () => {
  it('names each board, its owner when not one’s own, and what is new in words', async () => {
    answer([
      entry('Seminar', { items: 2, notes: 1 }),
      entry('Notebook', { owner: 'reader', items: 1, notes: 0 }),
      entry('Reading', { notes: 3 }),
      entry('Course', { notes: 2, toYou: 1 }),
    ]);
    show();
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Seminar author · 2 items and 1 note', '/author/seminar'],
      ['Notebook 1 item', '/reader/notebook'],
      ['Reading author · 3 notes', '/author/reading'],
      ['Course author · 2 notes, 1 a reply to you', '/author/course'],
    ]);
  });

  it('leaves out what this page has shown since (a visit whose write is on its way) and a board on screen', async () => {
    answer([
      entry('Seen', { newest: '2026-12-05T10:00:00.000Z' }),
      entry('Newer since', { newest: '2026-12-05T10:00:00.000Z' }),
      entry('Open'),
      entry('Waiting'),
    ]);
    useNewSince.setState({
      kept: { 'id-Seen': '2026-12-05T10:00:00.000Z', 'id-Newer since': '2026-12-05T09:59:59.999Z' },
    });
    const open = { ...makeBoard('author', 'open', []), _id: 'id-Open' };
    show([open]);
    await screen.findByText('Waiting');
    expect(
      screen.getAllByRole('link').map((a) => a.querySelector('.board-news-title')?.textContent),
    ).toEqual(['Newer since', 'Waiting']);
  });
});
