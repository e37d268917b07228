import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Form } from './Form';
import { FORM_BY_ID as WITH_APP } from './definitions';
import { LOAD_FORMS } from './load';
import { BOARD_SETTINGS_FORMS } from './boardSettings';
import { VIEW_FORMS } from './view';
import { ITEM_TOOL_FORMS } from './itemTools';
import { COPY_FORMS } from './copy';
import type { FormContext } from './registry';
import { DEFAULT_DISPLAY, DEFAULT_PREFS, useUi } from '../state/ui';
import { makeBoard } from '../test/fixtures';
import { fakeServer } from '../test/server';
import { useInfo } from '../state/info';

// The load, board settings and view areas are loaded on demand by the app; the test reads them
// directly.
const FORM_BY_ID = new Map([
  ...WITH_APP,
  ...[...LOAD_FORMS, ...BOARD_SETTINGS_FORMS, ...VIEW_FORMS, ...ITEM_TOOL_FORMS, ...COPY_FORMS].map(
    (f) => [f.id, f] as const,
  ),
]);

afterEach(cleanup);

const board = makeBoard('author', 'plan', [
  { title: 'Week', items: ['One', 'Two', 'Three'] },
  { title: 'Tip', items: ['Only'] },
]);
const [week, tip] = board.lists as [(typeof board.lists)[0], (typeof board.lists)[0]];

function open(id: string, target: Partial<FormContext['target']> = {}) {
  const ctx = {
    board,
    user: null,
    target: { multilistId: board._id, listId: null, itemId: null, text: null, ...target },
    display: { ...DEFAULT_DISPLAY },
    prefs: { ...DEFAULT_PREFS },
    setDisplay: vi.fn(),
    setPrefs: vi.fn(),
    call: vi.fn(() => Promise.resolve({ ok: true, value: { ok: true } })),
    alert: vi.fn(),
  } as unknown as FormContext & {
    setDisplay: ReturnType<typeof vi.fn>;
    setPrefs: ReturnType<typeof vi.fn>;
    call: ReturnType<typeof vi.fn>;
  };
  const onClose = vi.fn();
  render(<Form def={FORM_BY_ID.get(id)!} ctx={ctx} onClose={onClose} />);
  return { ctx, onClose };
}

const submit = (name = 'Apply') => fireEvent.click(screen.getByRole('button', { name }));

describe('the view forms of section 2', () => {
  it.each([
    [
      'collapseItems',
      'Collapse all items to their headlines',
      { collapseItems: true, collapseLists: false },
    ],
    ['headlineView', 'Show each item as its headline', { headlineView: true }],
    ['tocView', 'Show a table of contents beside the lists', { tocView: true }],
    [
      'compact',
      'Limit items to a quarter of the screen and shorten list titles',
      { compactView: true },
    ],
  ])('%s sets the board view state from its checkbox', async (id, label, patch) => {
    const { ctx, onClose } = open(id);
    fireEvent.click(screen.getByLabelText(label));
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.setDisplay).toHaveBeenCalledWith(patch);
  });

  it('zoom, section display and colours choose one of their values', async () => {
    let f = open('zoom');
    fireEvent.change(screen.getByLabelText('Zoom step'), { target: { value: '5 (475 px lists)' } });
    submit();
    await waitFor(() => expect(f.ctx.setDisplay).toHaveBeenCalledWith({ zoom: 5 }));
    cleanup();
    f = open('sectionDisplay');
    // The form offers the board's sections once it has read them.
    await screen.findByRole('option', { name: '2. Tip' });
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'items' } });
    submit();
    await waitFor(() => expect(f.ctx.setDisplay).toHaveBeenCalledWith({ sectionDisplay: 'items' }));
    cleanup();
    f = open('colors');
    fireEvent.change(screen.getByLabelText('Colour items by'), { target: { value: 'label' } });
    submit();
    await waitFor(() => expect(f.ctx.setDisplay).toHaveBeenCalledWith({ colors: 'label' }));
  });

  it('section display shows one section of the board, or every section again', async () => {
    useUi.setState({ sections: {} });
    let f = open('sectionDisplay');
    // The Sections field shows at once; its options once the form has read the board's sections.
    await screen.findByRole('option', { name: '2. Tip' });
    const sections = screen.getByLabelText('Sections');
    expect(
      within(sections)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['every section', '1. Week', '2. Tip']);
    fireEvent.change(sections, { target: { value: '2. Tip' } });
    submit();
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(useUi.getState().sections).toEqual({
      'author/plan': { index: 1, titles: ['Week', 'Tip'] },
    });
    cleanup();
    f = open('sectionDisplay');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLSelectElement>('Sections').value).toBe('2. Tip'),
    );
    fireEvent.change(screen.getByLabelText('Sections'), { target: { value: 'every section' } });
    submit();
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(useUi.getState().sections).toEqual({});
  });

  it('theme and display mode are browser preferences', async () => {
    let f = open('theme');
    fireEvent.change(screen.getByLabelText('Colour theme'), { target: { value: 'white' } });
    submit();
    await waitFor(() => expect(f.ctx.setPrefs).toHaveBeenCalledWith({ theme: 'white' }));
    cleanup();
    f = open('displayMode');
    fireEvent.change(screen.getByLabelText('A link to a board'), {
      target: { value: 'replace_global' },
    });
    submit();
    await waitFor(() =>
      expect(f.ctx.setPrefs).toHaveBeenCalledWith({ displayMode: 'replace_global' }),
    );
  });
});

describe('moving and duplicating', () => {
  it('moves an item, and refuses past either end without calling the server', async () => {
    let f = open('moveItem', { listId: week._id, itemId: week.items[1]!._id });
    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'down' } });
    submit('Move');
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.ctx.call).toHaveBeenCalledWith(
      '/api/forms/move_item',
      { itemId: week.items[1]!._id, direction: 'down' },
      'move item',
    );
    cleanup();
    f = open('moveItem', { listId: week._id, itemId: week.items[0]!._id });
    submit('Move');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The item is already first.',
    );
    expect(f.ctx.call).not.toHaveBeenCalled();
  });

  it('moves a list, and refuses past the last place', async () => {
    const f = open('moveList', { listId: tip._id });
    fireEvent.change(screen.getByLabelText('Direction'), { target: { value: 'right' } });
    submit('Move');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The list is already last.',
    );
    expect(f.ctx.call).not.toHaveBeenCalled();
  });

  it('duplicate list names the copy', async () => {
    const f = open('duplicateList', { listId: week._id });
    expect(screen.getByLabelText<HTMLInputElement>('Title of the copy').value).toBe('Week (copy)');
    submit('Submit');
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.ctx.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_list',
      { multilistId: board._id, prevListId: week._id, titleText: 'Week (copy)' },
      'duplicate list',
    );
  });

  it('a new board or a renamed one needs a letter or digit in its title, said under Title before any call', async () => {
    for (const [id, save] of [
      ['insertMultilist', 'Submit'],
      ['boardSettings', 'Save'],
    ] as const) {
      const { ctx } = open(id);
      const api = vi.fn();
      Object.assign(ctx, { api });
      fireEvent.change(screen.getByLabelText('Title'), { target: { value: '🎉 …' } });
      submit(save);
      const said = await screen.findByRole('alert');
      expect(said.textContent).toBe(
        'A board’s title needs a letter or a digit: its address is made of them.',
      );
      expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
      expect([ctx.call, api].map((f) => f.mock.calls.length)).toEqual([0, 0]);
      cleanup();
    }
  });

  it('a refused call keeps the form open with the server’s words, else ERROR: {op}', async () => {
    let f = open('duplicateList', { listId: week._id });
    f.ctx.call.mockResolvedValueOnce({
      ok: false,
      error: { status: 409, error: 'The list was changed by someone else.' },
    });
    submit('Submit');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The list was changed by someone else.',
    );
    expect(f.onClose).not.toHaveBeenCalled();
    cleanup();
    f = open('duplicateList', { listId: week._id });
    f.ctx.call.mockResolvedValueOnce({ ok: false, error: { status: 502, error: '' } });
    submit('Submit');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'ERROR: duplicate list');
  });
});

describe('New board', () => {
  const home = makeBoard('author', 'home', [{ title: 'My boards', items: ['Links here.'] }]);
  async function make(linkHome: boolean, listed = true) {
    fakeServer([home], null);
    const { ctx, onClose } = open('insertMultilist');
    const api = vi.fn(() =>
      Promise.resolve({
        ok: true,
        value: { multilistId: 'm1', owner: 'author', ptitle: 'seminar', title: 'Seminar' },
      }),
    );
    Object.assign(ctx, { api, navigate: vi.fn(), user: { username: 'author' } });
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Seminar ' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Our plan.' } });
    const box = screen.getByRole<HTMLInputElement>('checkbox', {
      name: 'Link it from my home board',
    });
    expect(box.checked).toBe(true);
    if (!linkHome) fireEvent.click(box);
    if (!listed) fireEvent.click(screen.getByRole('checkbox', { name: 'Listed' }));
    submit('Submit');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.navigate).toHaveBeenCalledWith('/author/seminar');
    return ctx;
  }

  it('links the new board from the maker’s home board, and says so on the new board', async () => {
    const ctx = await make(true);
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/insert_item',
      { listId: home.lists[0]?._id, text: '**[Seminar](/author/seminar)**\n\nOur plan.' },
      'add to home board',
    );
    expect(useInfo.getState().info).toMatchObject({
      text: '“Seminar” is added to your home board.',
      at: '/author/seminar',
    });
  });

  it('links an unlisted board in a private item, which only its maker sees', async () => {
    const ctx = await make(true, false);
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/insert_item',
      expect.objectContaining({ isPrivate: true }),
      'add to home board',
    );
  });

  it('adds nothing to the home board when its box is unchecked', async () => {
    useInfo.getState().close();
    const ctx = await make(false);
    expect(ctx.call).not.toHaveBeenCalled();
    expect(useInfo.getState().info).toBeNull();
  });
});

describe('the Listed box', () => {
  it.each(['insertMultilist', 'load', 'url'])('%s says that unlisted is not private', (id) => {
    open(id);
    const box = screen.getByRole('checkbox', { name: 'Listed' });
    const hint = document.getElementById(box.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('anyone with the address can open them');
    expect(hint?.textContent).toContain('password');
  });
});

describe('the Load form', () => {
  it('offers a board’s own exports among the files it takes, the JSON one too', () => {
    open('load');
    const file = screen.getByLabelText<HTMLInputElement>('File');
    expect(file.accept.split(',')).toEqual(expect.arrayContaining(['.json', '.md', '.html']));
    const hint = document.getElementById(file.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('a board exported from Listboard (.json, .md, .html)');
  });
});
