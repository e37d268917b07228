import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReaderInsight } from '@listboard/core/api/contracts/insight';
import { MemoryRouter } from 'react-router';
import { ReaderTable } from './ReaderTable';
import { daysInRange } from './range';

const reader = (
  username: string,
  notes: number,
  words: number,
  at: string,
  groups: string[] = [],
): ReaderInsight => ({
  username,
  fullname: null,
  notes,
  replies: 0,
  words,
  lastActivity: at,
  late: 0,
  helpful: 0,
  groups,
});

afterEach(cleanup);

const READERS = [
  reader('bo', 1, 40, '2024-05-02T10:00:00Z'),
  reader('al', 3, 5, '2024-05-01T10:00:00Z'),
  reader('cy', 2, 12, '2024-05-03T10:00:00Z'),
];

const names = () =>
  within(screen.getByRole('table', { name: 'Readers' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('ReaderTable', () => {
  it('sorts by notes first, then by the column header pressed, and back', () => {
    render(<ReaderTable readers={READERS} />);
    expect(names()).toEqual(['al', 'cy', 'bo']);
    fireEvent.click(screen.getByRole('button', { name: /Words/ }));
    expect(names()).toEqual(['bo', 'cy', 'al']);
    expect(screen.getByRole('columnheader', { name: /Words/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    fireEvent.click(screen.getByRole('button', { name: /Words/ }));
    expect(names()).toEqual(['al', 'cy', 'bo']);
    fireEvent.click(screen.getByRole('button', { name: /Reader/ }));
    expect(names()).toEqual(['al', 'bo', 'cy']);
  });
});

describe('ReaderTable of a board with a due date', () => {
  it('has a Late column, sortable, only when the board has a due date', () => {
    const late = [{ ...READERS[0]!, late: 1 }, READERS[1]!, { ...READERS[2]!, late: 2 }];
    render(<ReaderTable readers={late} />);
    expect(screen.queryByRole('columnheader', { name: /Late/ })).toBeNull();
    cleanup();
    render(<ReaderTable readers={late} due />);
    const table = screen.getByRole('table', { name: 'Readers' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('cy'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '0', '12', '2', expect.any(String)]);
    fireEvent.click(screen.getByRole('button', { name: /Late/ }));
    expect(names()).toEqual(['cy', 'bo', 'al']);
  });
});

describe('ReaderTable once readers have marked notes helpful', () => {
  it('has a Helpful column, sortable, only once someone’s notes were marked', () => {
    render(<ReaderTable readers={READERS} />);
    expect(screen.queryByRole('columnheader', { name: /Helpful/ })).toBeNull();
    cleanup();
    const marked = [READERS[0]!, { ...READERS[1]!, helpful: 1 }, { ...READERS[2]!, helpful: 4 }];
    render(<ReaderTable readers={marked} />);
    const table = screen.getByRole('table', { name: 'Readers' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(row('cy'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '0', '12', '4', expect.any(String)]);
    fireEvent.click(screen.getByRole('button', { name: /Helpful/ }));
    expect(names()).toEqual(['cy', 'al', 'bo']);
  });
});

describe('ReaderTable of a class in sections', () => {
  it('says the groups each reader wrote to, and shows one group’s readers when chosen', () => {
    render(
      <ReaderTable
        readers={[
          reader('bo', 1, 40, '2024-05-02T10:00:00Z', ['Tuesday']),
          reader('al', 3, 5, '2024-05-01T10:00:00Z', ['Monday', 'Tuesday']),
          reader('cy', 2, 12, '2024-05-03T10:00:00Z'),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Readers' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(within(row('al')).getByText('Monday, Tuesday')).toBeTruthy();
    const choice = screen.getByLabelText<HTMLSelectElement>('Group');
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      'All groups',
      'Monday',
      'Tuesday',
    ]);
    fireEvent.change(choice, { target: { value: 'Tuesday' } });
    expect(names()).toEqual(['al', 'bo']);
    fireEvent.change(choice, { target: { value: 'Monday' } });
    expect(names()).toEqual(['al']);
    fireEvent.change(choice, { target: { value: '' } });
    expect(names()).toEqual(['al', 'cy', 'bo']);
  });

  it('offers no choice, and no column, when no one wrote to a group', () => {
    render(<ReaderTable readers={READERS} />);
    expect(screen.queryByLabelText('Group')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Groups' })).toBeNull();
  });
});

describe('daysInRange', () => {
  it('gives every day of the range, with 0 where nothing was written', () => {
    expect(
      daysInRange([{ day: '2024-05-02', notes: 2, replies: 1 }], '2024-05-01', '2024-05-03'),
    ).toEqual([
      { day: '2024-05-01', notes: 0, replies: 0 },
      { day: '2024-05-02', notes: 2, replies: 1 },
      { day: '2024-05-03', notes: 0, replies: 0 },
    ]);
  });
});

describe('ReaderTable for whoever may list the board’s notes', () => {
  it('links each reader to their notes on the board, and names them plainly for anyone else', () => {
    render(
      <MemoryRouter>
        <ReaderTable readers={READERS} notesOf={(u) => `/ann/home?code=myNotes&writer=${u}`} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'al' });
    expect(link.getAttribute('href')).toBe('/ann/home?code=myNotes&writer=al');
    cleanup();
    render(<ReaderTable readers={READERS} notesOf={() => null} />);
    expect(screen.queryAllByRole('link')).toEqual([]);
  });
});
