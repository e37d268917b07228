import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Tags } from './Tags';

afterEach(cleanup);

const tags = [
  { tag: 'confused', notes: 4, questions: 0 },
  { tag: 'question', notes: 1, questions: 1 },
];

describe('Insight’s tags', () => {
  it('name each tag with its notes and questions, each leading to the notes with it', () => {
    render(
      <MemoryRouter>
        <Tags tags={tags} discussion={(tag) => `/ann/home?code=pending&tag=${tag}`} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '#confused 4 notes',
      '#question 1 note, 1 question',
    ]);
    expect(screen.getByRole('link', { name: '#question' }).getAttribute('href')).toBe(
      '/ann/home?code=pending&tag=question',
    );
  });

  it('lead nowhere where there is no Discussion to go to, and say how to tag when there is none', () => {
    const { unmount } = render(
      <MemoryRouter>
        <Tags tags={tags} discussion={() => null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
    render(
      <MemoryRouter>
        <Tags tags={[]} discussion={() => null} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/No note carries a tag yet/).textContent).toContain('#question');
  });
});
