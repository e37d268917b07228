import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { BoardInsight, ConfusedPassage } from '@listboard/core/api/contracts/insight';
import { Confusion } from './InsightSections';

afterEach(cleanup);

const passage = (quote: string, helpful: number): ConfusedPassage => ({
  itemId: `i-${quote}`,
  listId: 'l',
  headline: 'Light turns into sugar.',
  quote,
  noteId: `n-${quote}`,
  notes: 2,
  questions: 1,
  helpful,
});

describe('the most noted passages', () => {
  it('say how often their notes were marked helpful, once any was', () => {
    const insight = {
      owner: 'ann',
      ptitle: 'plants',
      confusion: [passage('into sugar', 3), passage('the leaf', 0)],
    } as unknown as BoardInsight;
    render(
      <MemoryRouter>
        <Confusion insight={insight} />
      </MemoryRouter>,
    );
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'into sugar2 notes, 1 question, marked helpful 3 times · in “Light turns into sugar.”',
      'the leaf2 notes, 1 question · in “Light turns into sugar.”',
    ]);
  });
});
