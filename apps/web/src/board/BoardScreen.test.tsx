import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { abilitiesOf, boardMsg, itemLinkMsg, type Item, type PublicUser } from '@listboard/core';
import { App } from '../App';
import { useSession } from '../state/session';
import { useAlerts } from '../state/alerts';
import { useConnection } from '../api/client';
import { DEFAULT_PREFS, NO_SELECTION, useUi } from '../state/ui';
import { fakeServer } from '../test/server';
import { guest, makeBoard } from '../test/fixtures';

const home = makeBoard(
  'admin',
  'home',
  [
    {
      title: 'Welcome',
      description: 'What this place is for.',
      items: ['Boards you can read and annotate.', 'Read the [User guide](/admin/help).'],
    },
    {
      title: 'Start here',
      description: '[ No description ]',
      items: [
        'Open a board.',
        'Jump to [the about list](#About).',
        'Keep this board and open [the guide beside it](/admin/home;help).',
      ],
    },
    { title: 'About', items: ['Visit [our site](https://example.org/about).'] },
  ],
  'The site home board.',
);
// Made blank, as insert_multilist makes a board without a description.
const help = makeBoard(
  'admin',
  'help',
  [{ title: 'Reading', items: ['How to read a board.'] }],
  'No description.',
);

function openAt(path: string, user: PublicUser | null = guest) {
  window.history.replaceState(null, '', path);
  const server = fakeServer([home, help], user);
  render(<App />);
  return server;
}

function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: px });
  window.dispatchEvent(new Event('resize'));
}

/** Stands in for the browser's scrollIntoView, which jsdom lacks; its calls say what came into view. */
const scrollIntoView = vi.fn();
beforeEach(() => {
  scrollIntoView.mockReset();
  useSession.setState({ phase: 'loading', user: null, error: null });
  useAlerts.setState({ alerts: [] });
  useConnection.setState({ connected: true });
  useUi.setState({ ...DEFAULT_PREFS, selection: NO_SELECTION, form: null, listVs: {}, itemVs: {} });
  setWidth(1280);
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the board screen', () => {
  it('takes a guest from / to the admin home board and shows its lists side by side', async () => {
    const server = openAt('/');
    // The file's first render starts the session cold: on a busy machine it takes seconds
    // (findBy waits up to 15 s: test/setup.ts).
    const board = await screen.findByRole('region', { name: 'Board admin/home' });
    expect(window.location.pathname).toBe('/admin/home');
    expect(server.loads()).toEqual([['/admin/home']]);

    expect(within(board).getByRole('heading', { level: 2, name: 'home' })).toBeTruthy();
    expect(within(board).getByText('The site home board.')).toBeTruthy();
    const lists = within(board).getAllByRole('region');
    expect(lists.map((l) => l.getAttribute('aria-label'))).toEqual([
      'Welcome',
      'Start here',
      'About',
    ]);
    // One row of columns, each at the spec's default list width.
    expect(new Set(lists.map((l) => l.parentElement)).size).toBe(1);
    expect(
      document.querySelector<HTMLElement>('.app')!.style.getPropertyValue('--list-width'),
    ).toBe('325px');
    const welcome = within(lists[0]!);
    expect(welcome.getByText('What this place is for.')).toBeTruthy();
    expect(welcome.getAllByRole('article')).toHaveLength(2);
    expect(welcome.getByText('Boards you can read and annotate.')).toBeTruthy();
    // A '[ No description' placeholder is not shown.
    expect(screen.queryByText(/No description/)).toBeNull();
    expect(screen.getByText('guest')).toBeTruthy();
  });

  it('loads every board of a chained address, the owner carried over', async () => {
    const server = openAt('/admin/home;help');
    const help = await screen.findByRole('region', { name: 'Board admin/help' });
    expect(screen.getByRole('region', { name: 'Board admin/home' })).toBeTruthy();
    expect(server.loads()).toEqual([['/admin/home', '/admin/help']]);
    // A board never given a description names its owner alone, not the blank one's words.
    expect(help.querySelector('.board-meta')?.textContent).toBe('admin');
  });

  it('follows an internal link inside the app, appending the board to the chain', async () => {
    const server = openAt('/admin/home');
    const link = await screen.findByRole('link', { name: 'User guide' });
    // fireEvent returns false when the click's default (a page load) was prevented.
    expect(fireEvent.click(link)).toBe(false);
    await screen.findByText('How to read a board.');
    // Display mode append (the default): the linked board opens beside the one shown.
    expect(window.location.pathname).toBe('/admin/home;help');
    expect(screen.getByRole('region', { name: 'Board admin/home' })).toBeTruthy();
    expect(server.loads()).toEqual([['/admin/home'], ['/admin/help']]);
  });

  it('in replace_global display mode a link shows the linked board alone', async () => {
    useUi.getState().setPrefs({ displayMode: 'replace_global' });
    const server = openAt('/admin/home');
    fireEvent.click(await screen.findByRole('link', { name: 'User guide' }));
    await screen.findByText('How to read a board.');
    expect(window.location.pathname).toBe('/admin/help');
    expect(screen.queryByRole('region', { name: 'Board admin/home' })).toBeNull();
    await new Promise((r) => setTimeout(r, 250));
    expect(server.loads()).toEqual([['/admin/home'], ['/admin/help']]);
  });

  it('loads only the added board when a link extends the chain, and brings it into view', async () => {
    const server = openAt('/admin/home');
    fireEvent.click(await screen.findByRole('link', { name: 'the guide beside it' }));
    const guide = await screen.findByRole('region', { name: 'Board admin/help' });
    expect(screen.getByRole('region', { name: 'Board admin/home' })).toBeTruthy();
    expect(server.loads()).toEqual([['/admin/home'], ['/admin/help']]);
    expect(scrollIntoView.mock.contexts).toContain(guide);

    // Reloading the same address loads every board again.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(server.loads()).toHaveLength(3));
    expect(server.loads()[2]).toEqual(['/admin/home', '/admin/help']);
  });

  it('opens an address with #section at that list', async () => {
    openAt('/admin/home#about');
    const about = await screen.findByRole('region', { name: 'About' });
    // The list is brought into view once it is drawn, which a busy machine may do a frame later.
    await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(about));
  });

  it('scrolls to a list for a #section link, and opens external links in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openAt('/admin/home');
    fireEvent.click(await screen.findByRole('link', { name: 'the about list' }));
    const about = screen.getByRole('region', { name: 'About' });
    expect(scrollIntoView.mock.contexts).toContain(about);

    expect(fireEvent.click(screen.getByRole('link', { name: 'our site' }))).toBe(false);
    expect(open).toHaveBeenCalledWith('https://example.org/about', '_blank', 'noopener,noreferrer');
    expect(window.location.pathname).toBe('/admin/home');
  });

  it('says no board is at an address of too many parts, rather than showing nothing', async () => {
    openAt('/admin/home/extra');
    const missing = await screen.findByRole('region', { name: 'No board here' });
    expect(within(missing).getByText('/admin/home/extra')).toBeTruthy();
  });

  it('shows an address typed with a stray % as typed, and says no board is there', async () => {
    openAt('/admin/50%-off#50%');
    const missing = await screen.findByRole('region', { name: 'No board here' });
    expect(within(missing).getByText('/admin/50%-off')).toBeTruthy();
    expect(screen.getByLabelText('Listboard home')).toBeTruthy();
  });

  it('says a board is missing for 3 seconds, then leaves a way home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openAt('/admin/nosuch');
    await screen.findByText('Could not find the board admin/nosuch');
    expect(screen.getByRole('heading', { name: 'No board here' })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByText('Could not find the board admin/nosuch')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Could not find the board admin/nosuch')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your home board' })).toBeTruthy();
  });

  it('shows the path, user name and e-mail; a phone gets a short path and the name only', async () => {
    const sam: PublicUser = {
      ...guest,
      _id: 'u-sam',
      username: 'sam',
      email: 'sam@school.example',
      roles: ['reader'],
    };
    openAt('/admin/home;help', sam);
    await screen.findByRole('region', { name: 'Board admin/help' });
    const status = document.querySelector<HTMLElement>('.status-bar')!;
    expect(within(status).getByText('/admin/home;help')).toBeTruthy();
    expect(within(status).getByText('sam@school.example')).toBeTruthy();

    act(() => setWidth(390));
    expect(within(status).getByText('…;help')).toBeTruthy();
    expect(within(status).queryByText('sam@school.example')).toBeNull();
    expect(within(status).getByText('sam')).toBeTruthy();
    expect(
      document.querySelector<HTMLElement>('.app')!.style.getPropertyValue('--list-width'),
    ).toBe('330px');
  });

  it('tells the reader when the server cannot be reached', async () => {
    openAt('/admin/home');
    await screen.findByRole('region', { name: 'Board admin/home' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    fireEvent.click(screen.getByRole('link', { name: 'User guide' }));
    expect(await screen.findByText('No connection to the server.')).toBeTruthy();
  });
});

describe('a toolbar menu', () => {
  it('closes on Escape, giving focus back to its button, and on a click elsewhere', async () => {
    openAt('/admin/home');
    const summary = (await screen.findByText('Navigate', { selector: 'summary span' })).closest(
      'summary',
    )!;
    const menu = summary.closest('details')!;
    fireEvent.click(summary);
    menu.open = true;
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(summary);
    menu.open = true;
    fireEvent.pointerDown(menu.querySelector('[role=menuitem]')!);
    expect(menu.open).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(menu.open).toBe(false);
    // Tabbed out of: focus in one of its entries keeps it open, focus past it closes it.
    menu.open = true;
    menu.querySelector<HTMLElement>('[role=menuitem]')!.focus();
    expect(menu.open).toBe(true);
    const elsewhere = [...document.querySelectorAll<HTMLElement>('summary')].find(
      (x) => x !== summary,
    )!;
    elsewhere.focus();
    expect(menu.open).toBe(false);
  });
});

describe('a menu’s shortcuts', () => {
  it('show alt+n beside Note only while words are selected in an item: without them the key opens or closes the item', async () => {
    const reader: PublicUser = { ...guest, _id: 'u-rea', username: 'rea', roles: ['reader'] };
    const board = makeBoard('admin', 'reading', [{ title: 'Week 1', items: ['Boards to read.'] }]);
    board.abilities = abilitiesOf('reader', ['read', 'select', 'note', 'reply']);
    fakeServer([board], reader);
    window.history.replaceState(null, '', '/admin/reading');
    render(<App />);
    const keysOf = (name: string) =>
      [...document.querySelectorAll<HTMLElement>('[role=menuitem]')]
        .filter((el) => el.textContent.startsWith(name))
        .map((el) => [el.getAttribute('aria-keyshortcuts'), el.querySelector('kbd')?.textContent]);
    await waitFor(() => expect(keysOf('Note').length).toBeGreaterThan(0));
    expect(keysOf('Note').every(([aria, kbd]) => aria === null && kbd === undefined)).toBe(true);
    expect(keysOf('Open or close the item')[0]).toEqual(['Alt+N', 'Alt+N']);
    const list = board.lists[0]!;
    act(() =>
      useUi.getState().select({
        multilistId: board._id,
        listId: list._id,
        itemId: list.items[0]!._id,
        text: 'Boards',
      }),
    );
    await waitFor(() => expect(keysOf('Note')[0]).toEqual(['Alt+N', 'Alt+N']));
  });
});

describe('function links and note controls run their commands only where allowed', () => {
  const author: PublicUser = { ...guest, _id: 'u-ann', username: 'ann', roles: ['author'] };

  it('a ^function link to a command the viewer may not run only says so; others run', async () => {
    const tools = makeBoard('admin', 'tools', [
      { title: 'Tools', items: ['^insertList()', '^zoomIn()', '^nosuch()'] },
    ]);
    const server = fakeServer([tools], guest);
    window.history.replaceState(null, '', '/admin/tools');
    render(<App />);
    const list = await screen.findByRole('region', { name: 'Tools' });
    const width = () =>
      document.querySelector<HTMLElement>('.app')!.style.getPropertyValue('--list-width');
    const before = width();

    // A guest may not insert a list: the link says so, and neither a form nor a call follows.
    const calls = server.calls.length;
    fireEvent.click(within(list).getByRole('button', { name: 'insertList' }));
    expect(await screen.findByText('Insert list is not available here.')).toBeTruthy();
    expect(useUi.getState().form).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.length).toBe(calls);

    fireEvent.click(within(list).getByRole('button', { name: 'nosuch' }));
    expect(await screen.findByText('No function named nosuch.')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'zoomIn' }));
    await waitFor(() => expect(width()).not.toBe(before));
  });

  it("a note's Reply, Mark answered and Dismiss follow the board's abilities", async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const item = board.lists[0]!.items[0]!;
    const note = {
      ...item,
      _id: 'note-1',
      author: 'sam',
      annotationClass: 'note' as const,
      noteStatus: 'pending' as const,
      text: 'Is this an oak?',
    };
    item.notes = [note];
    board.abilities = abilitiesOf('author', ['read', 'select', 'reply', 'moderate']);
    const server = fakeServer([board], author);
    window.history.replaceState(null, '', '/ann/plants');
    render(<App />);
    const notes = await screen.findByRole('list', { name: 'Notes' });
    fireEvent.click(within(notes).getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(within(notes).getByRole('button', { name: 'Mark answered' }));
    await waitFor(() =>
      expect(
        server.calls.filter((c) => c.path === '/api/forms/set_note_status').map((c) => c.body),
      ).toEqual([
        { itemId: 'note-1', status: 'dismissed' },
        { itemId: 'note-1', status: 'answered' },
      ]),
    );

    // Reply opens the reply form at the note; asked again while it is open, it is refused.
    fireEvent.click(within(notes).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(useUi.getState().form?.noteId).toBe('note-1'));
    expect(useUi.getState().form).toMatchObject({ id: 'reply', target: { itemId: item._id } });
    fireEvent.click(within(notes).getByRole('button', { name: 'Reply' }));
    expect(await screen.findByText(boardMsg.closeFormFirst)).toBeTruthy();
    expect(useUi.getState().form?.id).toBe('reply');
  });

  it('a reply form stays on its note’s board while the selection moves to another board of the page', async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const item = board.lists[0]!.items[0]!;
    item.notes = [
      { ...item, _id: 'note-1', author: 'sam', annotationClass: 'note', text: 'Is this an oak?' },
    ];
    board.abilities = abilitiesOf('author', ['read', 'select', 'reply']);
    const side = makeBoard('ann', 'home', [{ title: 'Start', items: ['Welcome'] }]);
    const server = fakeServer([side, board], author);
    window.history.replaceState(null, '', '/ann/home;plants');
    render(<App />);
    const notes = await screen.findByRole('list', { name: 'Notes' });
    fireEvent.click(within(notes).getByRole('button', { name: 'Reply' }));
    const form = await screen.findByRole('form', { name: 'Reply' });
    expect(within(form).getByRole('blockquote').textContent).toBe('Is this an oak?');
    fireEvent.change(within(form).getByLabelText('Your reply'), { target: { value: 'Yes.' } });
    // The other board's item is selected (a saved selection taken up, a tap on it).
    act(() =>
      useUi.getState().select({
        multilistId: side._id,
        listId: side.lists[0]!._id,
        itemId: side.lists[0]!.items[0]!._id,
        text: null,
      }),
    );
    expect(within(form).getByRole('blockquote').textContent).toBe('Is this an oak?');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === '/api/forms/insert_note')?.body).toEqual({
        listId: item.listId,
        itemId: item._id,
        noteSpec: { text: 'Yes.', parentId: 'note-1' },
      }),
    );
  });

  it('notes by the board’s author and coauthor carry their role; a reader with the same name does not', async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    board.authors = ['cody'];
    const item = board.lists[0]!.items[0]!;
    const note = (id: string, author: string, text: string) => ({
      ...item,
      _id: id,
      author,
      hint: 'Ann Lee',
      annotationClass: 'note' as const,
      text,
    });
    item.notes = [
      note('n-1', 'ann', 'From the teacher.'),
      note('n-2', 'cody', 'From the coauthor.'),
      note('n-3', 'sam', 'From a student who took the teacher’s name.'),
    ];
    board.abilities = abilitiesOf('reader', ['read', 'select', 'reply']);
    fakeServer([board], { ...author, roles: ['reader'] });
    window.history.replaceState(null, '', '/ann/plants');
    render(<App />);
    const notes = await screen.findByRole('list', { name: 'Notes' });
    const entry = (text: string) => within(notes).getByText(text).closest('li')!;
    expect(within(entry('From the teacher.')).getByText('author')).toBeTruthy();
    expect(within(entry('From the coauthor.')).getByText('coauthor')).toBeTruthy();
    const copy = entry('From a student who took the teacher’s name.');
    expect(within(copy).getByText('Ann Lee')).toBeTruthy();
    expect(within(copy).queryByText(/author/)).toBeNull();
  });

  it('a note written after notes were due is marked late to the board’s authors and its writer, not to other readers', async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    board.notesDue = '2026-12-01T09:00:00.000Z';
    const item = board.lists[0]!.items[0]!;
    const note = (id: string, author: string, text: string, created: string) => ({
      ...item,
      _id: id,
      author,
      annotationClass: 'note' as const,
      text,
      created,
    });
    item.notes = [
      note('n-1', 'sam', 'Sam on time.', '2026-11-30T12:00:00.000Z'),
      note('n-2', 'sam', 'Sam late.', '2026-12-02T12:00:00.000Z'),
      note('n-3', 'kim', 'Kim late.', '2026-12-03T12:00:00.000Z'),
      // On a listing the server marks it (a results board has no due date of its own).
      {
        ...note('n-4', 'kim', 'Marked by the server.', '2026-11-01T12:00:00.000Z'),
        flags: { late: true },
      },
    ];
    const lateOf = async (role: 'author' | 'reader', username: string) => {
      board.abilities =
        role === 'author'
          ? abilitiesOf('author', ['read', 'select', 'reply', 'insight'])
          : abilitiesOf('reader', ['read', 'select', 'reply']);
      fakeServer([board], { ...author, username, roles: [role] });
      window.history.replaceState(null, '', '/ann/plants');
      render(<App />);
      const notes = await screen.findByRole('list', { name: 'Notes' });
      const late = within(notes)
        .queryAllByText('late')
        .map((mark) => mark.closest('li')!.querySelector('.note-text')!.textContent);
      cleanup();
      return late;
    };
    expect(await lateOf('author', 'ann')).toEqual([
      'Marked by the server.',
      'Sam late.',
      'Kim late.',
    ]);
    expect(await lateOf('reader', 'sam')).toEqual(['Marked by the server.', 'Sam late.']);
  });

  it('a list with a date of its own says it under its title, and its notes are late by it', async () => {
    const board = makeBoard('ann', 'plants', [
      { title: 'Week 1', items: ['Oak'] },
      { title: 'Week 2', items: ['Ash'] },
    ]);
    // The board's date is weeks off; Week 1's own has passed.
    board.notesDue = '2026-12-20T09:00:00.000Z';
    const [week1, week2] = board.lists;
    week1!.notesDue = '2026-12-01T09:00:00.000Z';
    const noteOn = (item: Item, id: string, text: string) => ({
      ...item,
      _id: id,
      author: 'sam',
      annotationClass: 'note' as const,
      text,
      created: '2026-12-02T12:00:00.000Z',
    });
    week1!.items[0]!.notes = [noteOn(week1!.items[0]!, 'n-1', 'After Week 1 was due.')];
    week2!.items[0]!.notes = [noteOn(week2!.items[0]!, 'n-2', 'Before the board’s date.')];
    board.abilities = abilitiesOf('reader', ['read', 'select', 'reply']);
    fakeServer([board], { ...author, username: 'sam', roles: ['reader'] });
    window.history.replaceState(null, '', '/ann/plants');
    render(<App />);
    const first = await screen.findByRole('region', { name: 'Week 1' });
    expect(within(first).getByText(/^Was due \w+, Dec 1, /)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Week 2' })).queryByText(/due/)).toBeNull();
    const late = screen
      .getAllByText('late')
      .map((mark) => mark.closest('li')!.querySelector('.note-text')!.textContent);
    expect(late).toEqual(['After Week 1 was due.']);
  });

  it('a reader may edit or delete their own note, and no one else’s', async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const item = board.lists[0]!.items[0]!;
    const note = (id: string, by: string, text: string) => ({
      ...item,
      _id: id,
      author: by,
      annotationClass: 'note' as const,
      noteStatus: 'pending' as const,
      text,
    });
    item.notes = [note('n-own', 'sam', 'Mine.'), note('n-other', 'kim', 'Kim’s.')];
    board.abilities = abilitiesOf('reader', ['read', 'select', 'reply']);
    fakeServer([board], { ...author, _id: 'u-sam', username: 'sam', roles: ['reader'] });
    window.history.replaceState(null, '', '/ann/plants');
    render(<App />);
    const notes = await screen.findByRole('list', { name: 'Notes' });
    const entry = (text: string) => within(notes).getByText(text).closest('li')!;
    expect(within(entry('Mine.')).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(entry('Kim’s.')).queryByRole('button', { name: 'Delete' })).toBeNull();
    // Their own words are theirs to change too; another's are not.
    expect(within(entry('Mine.')).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(entry('Kim’s.')).queryByRole('button', { name: 'Edit' })).toBeNull();
    // Each note's buttons are described by whose note it is and what it says.
    const reply = within(entry('Kim’s.')).getByRole('button', { name: 'Reply' });
    const described = (reply.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['kim', 'Kim’s.']);
  });

  it('a note’s Copy link copies its own address and says so; a private note has none', async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const item = board.lists[0]!.items[0]!;
    const note = (id: string, text: string, isPrivate: boolean) => ({
      ...item,
      _id: id,
      author: 'sam',
      annotationClass: 'note' as const,
      noteStatus: isPrivate ? null : ('pending' as const),
      isPrivate,
      text,
    });
    item.notes = [note('n-open', 'For everyone.', false), note('n-mine', 'For me.', true)];
    board.abilities = abilitiesOf('reader', ['read', 'select', 'reply']);
    fakeServer([board], { ...author, _id: 'u-sam', username: 'sam', roles: ['reader'] });
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (t: string) => (copied.push(t), Promise.resolve()) },
    });
    try {
      window.history.replaceState(null, '', '/ann/plants');
      render(<App />);
      const notes = await screen.findByRole('list', { name: 'Notes' });
      const entry = (text: string) => within(notes).getByText(text).closest('li')!;
      expect(within(entry('For me.')).queryByRole('button', { name: 'Copy link' })).toBeNull();
      fireEvent.click(within(entry('For everyone.')).getByRole('button', { name: 'Copy link' }));
      const url = `${window.location.origin}/ann/plants#note-n-open`;
      expect(await screen.findByText(itemLinkMsg.copied(url))).toBeTruthy();
      expect(copied).toEqual([url]);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('a reader marks another’s note helpful, pressed where they have; their own note shows its count alone', async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const item = board.lists[0]!.items[0]!;
    const note = (id: string, by: string, text: string, votes: number, voted?: boolean) => ({
      ...item,
      _id: id,
      author: by,
      annotationClass: 'note' as const,
      noteStatus: 'pending' as const,
      text,
      votes,
      ...(voted ? { voted } : {}),
    });
    item.notes = [
      note('n-kim', 'kim', 'Kim asks.', 2, true),
      note('n-lee', 'lee', 'Lee asks.', 0),
      note('n-own', 'sam', 'Sam asks.', 3),
    ];
    board.abilities = abilitiesOf('reader', ['read', 'select', 'note', 'reply']);
    const server = fakeServer([board], {
      ...author,
      _id: 'u-sam',
      username: 'sam',
      roles: ['reader'],
    });
    window.history.replaceState(null, '', '/ann/plants');
    render(<App />);
    const notes = await screen.findByRole('list', { name: 'Notes' });
    const entry = (text: string) => within(notes).getByText(text).closest('li')!;
    const kims = within(entry('Kim asks.')).getByRole('button', { name: 'Helpful 2' });
    expect(kims.getAttribute('aria-pressed')).toBe('true');
    const lees = within(entry('Lee asks.')).getByRole('button', { name: 'Helpful' });
    expect(lees.getAttribute('aria-pressed')).toBe('false');
    // Their own note is not theirs to mark: its count shows, with no button.
    expect(within(entry('Sam asks.')).queryByRole('button', { name: /Helpful/ })).toBeNull();
    expect(within(entry('Sam asks.')).getByText(/3 helpful/)).toBeTruthy();
    // Pressing marks Lee's note; pressing a marked note takes the mark back.
    fireEvent.click(lees);
    fireEvent.click(kims);
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/api/forms/mark_helpful')).toEqual([
        { path: '/api/forms/mark_helpful', body: { itemId: 'n-lee', helpful: true } },
        { path: '/api/forms/mark_helpful', body: { itemId: 'n-kim', helpful: false } },
      ]),
    );
  });

  it('a reader sees no Mark answered or Dismiss on a note', async () => {
    const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak'] }]);
    const item = board.lists[0]!.items[0]!;
    item.notes = [
      { ...item, _id: 'note-2', annotationClass: 'note', noteStatus: 'pending', text: 'Hm?' },
    ];
    board.abilities = abilitiesOf('reader', ['read', 'select', 'reply']);
    fakeServer([board], { ...author, roles: ['reader'] });
    window.history.replaceState(null, '', '/ann/plants');
    render(<App />);
    const notes = await screen.findByRole('list', { name: 'Notes' });
    expect(within(notes).getByRole('button', { name: 'Reply' })).toBeTruthy();
    expect(within(notes).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    expect(within(notes).queryByRole('button', { name: 'Mark answered' })).toBeNull();
  });
});
