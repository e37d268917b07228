import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Totals } from './InsightSections';

afterEach(cleanup);

const figures = (el: HTMLElement): Record<string, number> =>
  Object.fromEntries(
    Array.from(el.querySelectorAll('dl > div')).map((d): [string, number] => [
      d.querySelector('dt')?.textContent ?? '',
      Number(d.querySelector('dd')?.textContent),
    ]),
  );

describe('the board’s totals', () => {
  it('count the notes with no status (private ones, the board’s authors’ own) apart, not as private: the statuses and they add up to the notes', () => {
    const { container } = render(
      <Totals
        totals={{
          notes: 11,
          questions: 2,
          pending: 8,
          answered: 1,
          dismissed: 0,
          replies: 3,
          readers: 5,
        }}
      />,
    );
    const shown = figures(container);
    expect(shown['No status']).toBe(2);
    expect(shown.Private).toBeUndefined();
    const { Pending = 0, Answered = 0, Dismissed = 0, 'No status': none = 0 } = shown;
    expect(Pending + Answered + Dismissed + none).toBe(shown.Notes);
    expect(container.querySelector('dl > div[title]')?.getAttribute('title')).toBe(
      'Private notes, and the board’s authors’ own: nobody answers them',
    );
  });

  it('say nothing of notes with no status when there are none', () => {
    const { container } = render(
      <Totals
        totals={{
          notes: 3,
          questions: 0,
          pending: 2,
          answered: 1,
          dismissed: 0,
          replies: 0,
          readers: 2,
        }}
      />,
    );
    expect(figures(container)['No status']).toBeUndefined();
  });
});
