import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TrashEntry } from '@listboard/core/api/contracts/undo';
import { makeBoard } from '../test/fixtures';
import { TrashPanel } from './UndoPanels';

const entry = (e: Partial<TrashEntry> & Pick<TrashEntry, 'kind' | 'title'>): TrashEntry => ({
  _id: e.title,
  author: 'reader',
  deletedBy: 'author',
  deletedAt: '2026-12-01T10:00:00Z',
  notes: 0,
  items: 0,
  ...e,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Trash', () => {
  it('says what went with each entry in words: one note, two replies, one item', async () => {
    const entries = [
      entry({ kind: 'item', title: 'Read chapter two', notes: 1 }),
      entry({ kind: 'note', title: 'Which edition?', notes: 2 }),
      entry({ kind: 'note', title: 'Thanks!', notes: 1 }),
      entry({ kind: 'list', title: 'Week 3', items: 1 }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ entries }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <TrashPanel board={makeBoard('author', 'course', [])} onClose={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const said = async (text: string) =>
      (await screen.findByText(text, { exact: false })).textContent;
    expect(await said('Read chapter two')).toBe('Item “Read chapter two” by reader, with 1 note');
    expect(await said('Which edition?')).toBe('Note “Which edition?” by reader, with 2 replies');
    expect(await said('Thanks!')).toBe('Note “Thanks!” by reader, with 1 reply');
    expect(await said('Week 3')).toBe('List “Week 3” by reader, 1 item');
  });
});
