import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReaderInsight } from '@listboard/core/api/contracts/insight';
import { ReaderTable } from './ReaderTable';
import { daysInRange } from './range';

const reader = (username: string, notes: number, words: number, at: string): ReaderInsight => ({
  username,
  fullname: null,
  notes,
  replies: 0,
  words,
  lastActivity: at,
});

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
