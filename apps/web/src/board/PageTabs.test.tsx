import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { makeBoard } from '../test/fixtures';
import { PageTabs } from './PageTabs';

afterEach(cleanup);

/** A page of results whose notes carry these words. */
function listed(...words: string[]) {
  const page = makeBoard('ann', 'Pending notes', [
    { title: 'Week of 2026-12-07', items: ['On x'] },
  ]);
  const entry = page.lists[0]!.items[0]!;
  entry.notes = words.map((text, i) => ({ ...entry, _id: `n${String(i)}`, text }));
  return page;
}

const show = (props: Partial<Parameters<typeof PageTabs>[0]>) =>
  render(
    <MemoryRouter>
      <PageTabs code="pending" username="ann" strip={false} {...props} />
    </MemoryRouter>,
  );

const tagged = () =>
  within(screen.getByText('Tagged:').closest('p')!)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

describe('a listing’s tags', () => {
  it('offers the tags the board asks for, then those its notes carry, most carried first, each narrowing it', () => {
    show({
      board: {
        owner: 'ann',
        title: 'Plants',
        ptitle: 'plants',
        lister: 'ann',
        noteTags: ['evidence'],
      },
      listed: listed(
        '#confused, says who? #question',
        'Again #question',
        'Me too #confused #question',
      ),
    });
    expect(tagged()).toEqual([
      ['#evidence', '/ann/home?code=pending&username=ann&board=plants&tag=evidence'],
      ['#question', '/ann/home?code=pending&username=ann&board=plants&tag=question'],
      ['#confused', '/ann/home?code=pending&username=ann&board=plants&tag=confused'],
    ]);
  });

  it('offers none on a page narrowed to one, which says so, nor on a listing a tag does not narrow', () => {
    show({ tag: 'question', listed: listed('#question #confused') });
    expect(screen.queryByText('Tagged:')).toBeNull();
    screen.getByText('Notes tagged #question only.');
    cleanup();
    show({ code: 'mentions', listed: listed('@ann #question') });
    expect(screen.queryByText('Tagged:')).toBeNull();
  });

  it('on one’s own Notes, each leads to one’s Notes of it', () => {
    show({ code: 'notes', username: 'sam', listed: listed('The map #evidence') });
    expect(tagged()).toEqual([['#evidence', '/sam/home?code=notes&username=sam&tag=evidence']]);
  });
});

describe('one’s Notes of one board', () => {
  it('says which, with a way to every board; its tags keep to it, and other tabs leave it', () => {
    show({
      code: 'notes',
      username: 'sam',
      board: { owner: 'ann', title: 'Plants', ptitle: 'plants', lister: 'sam' },
      listed: listed('The map #evidence'),
    });
    const only = screen.getByRole('link', { name: 'All boards' }).closest('p')!;
    expect(only.textContent).toBe('On Plants only. All boards');
    expect(within(only).getByRole('link', { name: 'Plants' }).getAttribute('href')).toBe(
      '/ann/plants',
    );
    expect(within(only).getByRole('link', { name: 'All boards' }).getAttribute('href')).toBe(
      '/sam/home?code=notes&username=sam',
    );
    expect(tagged()).toEqual([
      ['#evidence', '/sam/home?code=notes&username=sam&board=ann%2Fplants&tag=evidence'],
    ]);
    const tab = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(tab('Notes')).toBe('/sam/home?code=notes&username=sam&board=ann%2Fplants');
    // My notes lists the notes on one's own boards: another's board does not narrow it.
    expect(tab('My notes')).toBe('/sam/home?code=myNotes&username=sam');
  });
});
