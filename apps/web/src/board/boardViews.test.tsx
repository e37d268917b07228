import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  within,
} from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { useRef } from 'react';
import type { PublicUser } from '@listboard/core';
import { App } from '../App';
import { useSession } from '../state/session';
import { DEFAULT_PREFS, NO_SELECTION, useUi } from '../state/ui';
import { fakeServer } from '../test/server';
import { guest, makeBoard } from '../test/fixtures';
import { colorKeys, hueColor, itemColor } from './colors';
import { sentenceBlocks, splitSentences } from './sentences';
import { linkDestination } from './displayMode';
import { usePhoneBackScroll } from './useNavigationGuards';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('colour coding', () => {
  it('starts each kind at its section 9 hue and steps by the golden ratio', () => {
    expect(hueColor([0.45, 0.5, 0.5], 0)).toBe('hsl(162 50% 50%)');
    expect(hueColor([0.85, 0.25, 0.4], 0)).toBe('hsl(306 25% 40%)');
    expect(hueColor([0.85, 0.35, 0.4], 0)).toBe('hsl(306 35% 40%)');
    expect(hueColor([0.45, 0.5, 0.5], 1)).toBe('hsl(24 50% 50%)');
  });

  it('colours items by author (board colours win) or by their first label', () => {
    const board = makeBoard('ann', 'b', [{ title: 'L', items: ['a', 'b'] }]);
    const [a, b] = board.lists[0]!.items as [never, never] as unknown as [
      (typeof board.lists)[0]['items'][0],
      (typeof board.lists)[0]['items'][0],
    ];
    b.author = 'rita';
    b.labels = [{ name: 'week', value: '1' }];
    board.colors = { ann: '#123456' };
    const byAuthor = colorKeys(board, 'author');
    expect(byAuthor).toEqual([
      { name: 'ann', color: '#123456' },
      { name: 'rita', color: 'hsl(306 25% 40%)' },
    ]);
    expect(itemColor(a, byAuthor, 'author')).toBe('#123456');
    const byLabel = colorKeys(board, 'label');
    expect(itemColor(b, byLabel, 'label')).toBe('hsl(306 35% 40%)');
    expect(itemColor(a, byLabel, 'label')).toBeNull();
    expect(colorKeys(board, 'none')).toEqual([]);
  });
});

describe('sentences view', () => {
  it('cuts after . ! ? … and closing quotes, numbering across the item as the markers do', () => {
    expect(splitSentences('One. Two! "Three?" Four… five')).toEqual([
      'One.',
      'Two!',
      '"Three?"',
      'Four…',
      'five',
    ]);
    const n = sentenceBlocks([
      { text: 'A. B.', type: 'mdtext' },
      { text: '- x. y.\n- z', type: 'mdlist' },
      { text: 'C.', type: 'mdtext' },
    ]).map((s) => [s.block.text, s.n]);
    expect(n).toEqual([
      ['A.', 0],
      ['B.', 1],
      ['- x. y.\n- z', 2],
      ['C.', 5],
    ]);
  });
});

describe('display mode', () => {
  it('append adds a linked board to the chain once; replace_global takes the link as written', () => {
    expect(linkDestination('/admin/home', '/admin/help', 'append')).toBe('/admin/home;help');
    expect(linkDestination('/admin/home', '/bob/notes#week', 'append')).toBe(
      '/admin/home;bob/notes#week',
    );
    expect(linkDestination('/admin/home;help', '/admin/help', 'append')).toBe('/admin/home;help');
    expect(linkDestination('/admin/home', '/a/x;y', 'append')).toBe('/a/x;y');
    expect(linkDestination('/admin/home', '/admin/help', 'replace_global')).toBe('/admin/help');
  });
});

describe('phone back navigation', () => {
  it('puts the boards back where they were scrolled, 500 ms after going back', () => {
    vi.useFakeTimers();
    const scrollTo = vi.fn();
    const el = { scrollLeft: 0, scrollTo, addEventListener: vi.fn(), removeEventListener: vi.fn() };
    const { result } = renderHook(
      () => {
        const main = useRef(el as unknown as HTMLElement);
        usePhoneBackScroll(main, true);
        return useNavigate();
      },
      {
        wrapper: ({ children }) => (
          <MemoryRouter initialEntries={['/a/home']}>{children}</MemoryRouter>
        ),
      },
    );
    // Scrolled to 700 px on the first page, then off to another and back.
    el.scrollLeft = 700;
    const save = el.addEventListener.mock.calls.at(-1)![1] as () => void;
    save();
    act(() => {
      void result.current('/a/other');
    });
    act(() => {
      void result.current(-1);
    });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollTo).toHaveBeenCalledWith({ left: 700 });
  });
});

describe('the board screen for an author', () => {
  const author: PublicUser = { ...guest, _id: 'u-author', username: 'author', roles: ['author'] };
  const plan = makeBoard('author', 'plan', [
    { title: 'Week', items: ['One', 'Two'] },
    { title: 'Tip', items: ['Only tip'] },
  ]);
  plan.abilities = { ...plan.abilities, role: 'author', select: true, edit: true, delete: true };

  function openPlan(width = 1280) {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    Element.prototype.scrollIntoView = vi.fn();
    useSession.setState({ phase: 'loading', user: null, error: null });
    useUi.setState({
      ...DEFAULT_PREFS,
      selection: NO_SELECTION,
      form: null,
      listVs: {},
      itemVs: {},
      splitLists: [],
    });
    window.history.replaceState(null, '', '/author/plan');
    const server = fakeServer([plan], author);
    render(<App />);
    return server;
  }

  it('splits the selected list in two panes with ctrl+shift+l, and saves list state with alt+d', async () => {
    const server = openPlan();
    const week = await screen.findByRole('region', { name: 'Week' });
    fireEvent.click(within(week).getByRole('button', { name: 'Week' }));
    fireEvent.keyDown(window, { key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true });
    expect(within(week).getAllByRole('group', { name: /pane/ })).toHaveLength(2);
    fireEvent.keyDown(window, { key: 'L', code: 'KeyL', ctrlKey: true, shiftKey: true });
    expect(within(week).queryAllByRole('group', { name: /pane/ })).toHaveLength(0);

    fireEvent.keyDown(window, { key: '∂', code: 'KeyD', altKey: true });
    expect(within(week).queryAllByRole('article')).toHaveLength(0);
    expect(server.calls.find((c) => c.path === '/api/display/update_listvs')?.body).toEqual({
      query: { userId: 'u-author', listId: plan.lists[0]!._id },
      doc: { $set: { open: false } },
    });
  });

  it('gives lists the spec heights: 85vh on a desktop, 62vh on a phone', async () => {
    openPlan();
    await screen.findByRole('region', { name: 'Week' });
    const app = () => document.querySelector<HTMLElement>('.app')!.style;
    expect(app().getPropertyValue('--list-height')).toBe('85vh');
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(app().getPropertyValue('--list-height')).toBe('67vh');
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(app().getPropertyValue('--list-height')).toBe('62vh');
  });
});
