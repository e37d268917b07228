import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { answerEvery } from '../test/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { OwnTag } from '@listboard/core/api/contracts/load';
import OwnTags from './OwnTags';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (entries: OwnTag[]) => answerEvery(entries);

const show = (strip = false) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <OwnTags username="reader" strip={strip} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the tags of one’s notes, on the home', () => {
  it('names each with how many notes carry it, leading to one’s Notes of it', async () => {
    const fetch = answer([
      { tag: 'evidence', notes: 3 },
      { tag: 'confused', notes: 1 },
    ]);
    show();
    await screen.findByRole('heading', { name: /^Tags\s*of your notes$/ });
    expect(screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      [
        ['#evidence 3 notes', '/reader/home?code=notes&username=reader&tag=evidence'],
        ['#confused 1 note', '/reader/home?code=notes&username=reader&tag=confused'],
      ],
    );
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/dbload/my_tags');
  });

  it('shows nothing while no note of one’s carries a tag', async () => {
    const fetch = answer([]);
    const { container } = show(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(container.textContent).toBe('');
  });
});
