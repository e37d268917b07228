import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router';
import { FreshStart } from './FreshStart';

/** The row of boards (jsdom lays nothing out, but keeps what scrollLeft is set to). */
const row = () => document.createElement('main');

describe('boards opened afresh', () => {
  it('start at their first list, on the page’s first showing too; a board added to the chain, going back and a new version of the same boards keep the row where it is', () => {
    const main = row();
    let go: NavigateFunction = () => {};
    function Screen({ ids }: { ids: string[] }) {
      go = useNavigate();
      const ref = useRef(main);
      return <FreshStart main={ref} ids={ids} />;
    }
    const app = (ids: string[]) => (
      <MemoryRouter initialEntries={['/admin/home']}>
        <Screen ids={ids} />
      </MemoryRouter>
    );
    // The page loads: nothing drawn yet, and something moves the row before the boards come.
    const { rerender } = render(app([]));
    main.scrollLeft = 176;
    rerender(app(['home']));
    expect(main.scrollLeft).toBe(0);
    main.scrollLeft = 500;
    // A link chains another board: the row stays, to move on to it.
    act(() => void go('/admin/home;author/course'));
    rerender(app(['home', 'course']));
    expect(main.scrollLeft).toBe(500);
    // The same boards again, a newer version: no fresh start.
    rerender(app(['home', 'course']));
    expect(main.scrollLeft).toBe(500);
    // Home: the home board alone, from its start.
    act(() => void go('/admin/home'));
    rerender(app(['home']));
    expect(main.scrollLeft).toBe(0);
    // Back to the chain: where it was is the back navigation's to restore, not this.
    main.scrollLeft = 300;
    act(() => void go(-1));
    rerender(app(['home', 'course']));
    expect(main.scrollLeft).toBe(300);
    // Another board altogether (signing in opens the user's own home): from its start.
    act(() => void go('/reader/home'));
    rerender(app(['reader-home']));
    expect(main.scrollLeft).toBe(0);
  });
});
