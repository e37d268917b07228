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

  it('name a stretch of a recording or a page of a PDF in words, and the page of words of a PDF, each leading to a note there', () => {
    const insight = {
      owner: 'ann',
      ptitle: 'plants',
      confusion: [
        { ...passage('', 0), place: 'at 1:00–1:30 of the recording', noteId: 'n-moment' },
        { ...passage('', 0), itemId: 'i-pdf', place: 'on page 3 of the PDF', noteId: 'n-page' },
        {
          ...passage('Table 2', 0),
          itemId: 'i-pdf',
          place: 'on page 3 of the PDF',
          noteId: 'n-words',
        },
      ],
    } as unknown as BoardInsight;
    render(
      <MemoryRouter>
        <Confusion insight={insight} />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['At 1:00–1:30 of the recording', '/ann/plants#note-n-moment'],
      ['On page 3 of the PDF', '/ann/plants#note-n-page'],
      // Words of a PDF’s page: the words (quoted by the <q>), then where they are.
      ['Table 2 on page 3 of the PDF', '/ann/plants#note-n-words'],
    ]);
  });
});
