import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ListsAndItems } from './InsightSections';
import { boardInsight, ZERO_FIGURES } from '../test/insight';

afterEach(cleanup);

const zero = ZERO_FIGURES;
const insight = boardInsight({
  lists: [
    { ...zero, readers: 0, listId: 'w1', title: 'Week 1', items: 2, late: 0, notesDue: null },
    {
      ...zero,
      readers: 0,
      listId: 'w2',
      title: 'Week 2',
      items: 1,
      notes: 3,
      late: 2,
      notesDue: '2030-03-15T17:00:00.000Z',
    },
  ],
});

describe('Insight’s lists', () => {
  it('lead each to its notes on Discussion for whoever answers them, and are plain words otherwise', () => {
    render(
      <MemoryRouter>
        <ListsAndItems
          insight={insight}
          discussion={(id) => `/maya/home?code=pending&list=${id}`}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Week 2' }).getAttribute('href')).toBe(
      '/maya/home?code=pending&list=w2',
    );
    cleanup();
    render(
      <MemoryRouter>
        <ListsAndItems insight={insight} discussion={() => null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Week 2' })).toBeNull();
    expect(screen.getByText('Week 2').closest('a')).toBeNull();
  });

  it('counts each list’s late notes where anything is due, and says a list’s own date', () => {
    render(
      <MemoryRouter>
        <ListsAndItems insight={insight} due />
      </MemoryRouter>,
    );
    expect(screen.getByRole('columnheader', { name: 'Late' })).toBeTruthy();
    const week2 = screen.getByText('Week 2').closest('th')!;
    expect(week2.textContent).toMatch(/^Week 2 · due \w+, Mar 15/);
    const cells = [...week2.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.at(0)).toBe('3');
    expect(cells.at(-1)).toBe('2');
    cleanup();
    render(
      <MemoryRouter>
        <ListsAndItems insight={insight} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('columnheader', { name: 'Late' })).toBeNull();
  });
});
