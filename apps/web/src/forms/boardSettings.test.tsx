import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Multilist } from '@listboard/core';
import { Form } from './Form';
import type { FormContext } from './registry';
import { BOARD_SETTINGS_FORMS, describeShare, renamedAddress, sharesOf } from './boardSettings';
import { makeBoard } from '../test/fixtures';
import { fakeServer } from '../test/server';

afterEach(cleanup);

// The board settings area is loaded on demand by the app; the test reads it directly.
const FORM_BY_ID = new Map(BOARD_SETTINGS_FORMS.map((f) => [f.id, f]));

const plan = (patch: Partial<Multilist> = {}): Multilist => ({
  ...makeBoard('author', 'Field Plan', [{ title: 'Week', items: ['One'] }], 'Walks we take.'),
  ...patch,
});

type Answer =
  { ok: true; value: unknown } | { ok: false; error: { status: number; error: string } };

function open(
  id: string,
  board: Multilist,
  answer: Answer = { ok: true, value: { ok: true } },
  user: { username: string } | null = null,
) {
  const ctx = {
    board,
    user,
    target: { multilistId: board._id, listId: null, itemId: null, text: null },
    call: vi.fn(() => Promise.resolve(answer)),
    api: vi.fn(() => Promise.resolve(answer)),
    alert: vi.fn(),
    navigate: vi.fn(),
    reload: vi.fn(),
  } as unknown as FormContext &
    Record<'call' | 'api' | 'alert' | 'navigate' | 'reload', ReturnType<typeof vi.fn>>;
  const onClose = vi.fn();
  render(<Form def={FORM_BY_ID.get(id)!} ctx={ctx} onClose={onClose} />);
  return { ctx, onClose };
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('who a board is shared with', () => {
  it('names each person once, with the role the policy gives them', () => {
    const board = plan({
      authors: ['cora', 'kim'],
      contributors: ['kim'],
      members: [
        { username: 'sam', privileges: ['edit', 'delete'] },
        { username: 'lee', privileges: [] },
      ],
    });
    expect(sharesOf(board).map(describeShare)).toEqual([
      'cora (coauthor)',
      'kim (contributor)',
      'lee (editor, may not edit or delete)',
      'sam (editor, may edit and delete)',
    ]);
  });
});

describe('the Board settings form', () => {
  it('shows when notes are due in the browser’s own time and sends the moment, or null when cleared', async () => {
    const due = new Date(2026, 11, 12, 17, 0); // 12 December, 5 PM here
    const board = plan({ notesDue: due.toISOString() });
    const answer = {
      ok: true as const,
      value: { multilistId: board._id, version: 2, ptitle: 'field-plan' },
    };
    const first = open('boardSettings', board, answer);
    expect(screen.getByLabelText('Notes due')).toHaveProperty('value', '2026-12-12T17:00');
    type('Notes due', '2026-12-19T09:30');
    click('Save');
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(first.ctx.api).toHaveBeenCalledWith('/api/dbedit/edit_multilist', {
      multilistId: board._id,
      notesDue: new Date(2026, 11, 19, 9, 30).toISOString(),
    });
    cleanup();
    const second = open('boardSettings', board, answer);
    type('Notes due', '');
    click('Save');
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(second.ctx.api).toHaveBeenCalledWith('/api/dbedit/edit_multilist', {
      multilistId: board._id,
      notesDue: null,
    });
  });

  it('offers a reminder a day before on a board whose only dates are its lists’ own', () => {
    const board = plan();
    board.lists[0]!.notesDue = '2030-03-15T17:00:00.000Z';
    open('boardSettings', board);
    expect(screen.getByLabelText('Notes due')).toHaveProperty('value', '');
    expect(screen.getByRole('checkbox', { name: 'Remind readers a day before' })).toBeTruthy();
    // Where a list's own date is set, said under the board's.
    expect(
      screen.getByText(/A list may have a date of its own: Notes due on this list…/),
    ).toBeTruthy();
  });

  it('offers a reminder a day before only once notes have a due date, and sends it', async () => {
    const board = plan();
    const answer = {
      ok: true as const,
      value: { multilistId: board._id, version: 2, ptitle: 'field-plan' },
    };
    const { ctx, onClose } = open('boardSettings', board, answer);
    const remind = () => screen.queryByRole('checkbox', { name: 'Remind readers a day before' });
    expect(remind()).toBeNull();
    type('Notes due', '2026-12-19T09:30');
    fireEvent.click(remind()!);
    click('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.api).toHaveBeenCalledWith('/api/dbedit/edit_multilist', {
      multilistId: board._id,
      notesDue: new Date(2026, 11, 19, 9, 30).toISOString(),
      remindDue: true,
    });
    cleanup();
    // A board that asks for it shows the box ticked; unticked, it is sent off.
    const again = open(
      'boardSettings',
      plan({ notesDue: new Date().toISOString(), remindDue: true }),
      answer,
    );
    expect(remind()).toHaveProperty('checked', true);
    fireEvent.click(remind()!);
    click('Save');
    await waitFor(() => expect(again.onClose).toHaveBeenCalled());
    expect(again.ctx.api).toHaveBeenCalledWith(
      '/api/dbedit/edit_multilist',
      expect.objectContaining({ remindDue: false }),
    );
  });

  it('starts from the board and sends only what changed', async () => {
    const board = plan();
    const { ctx, onClose } = open('boardSettings', board, {
      ok: true,
      value: { multilistId: board._id, version: 2, ptitle: 'field-plan' },
    });
    expect(screen.getByLabelText('Title')).toHaveProperty('value', 'Field Plan');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Walks we take.');
    fireEvent.click(screen.getByLabelText('Listed'));
    type('New password', 'sesame');
    click('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.api).toHaveBeenCalledWith('/api/dbedit/edit_multilist', {
      multilistId: board._id,
      listed: false,
      password: 'sesame',
    });
    expect(ctx.reload).toHaveBeenCalled();
  });

  it('clears a password, and shows the server’s words under the field they are about', async () => {
    const board = plan({ hasPassword: true });
    const { ctx, onClose } = open('boardSettings', board, {
      ok: false,
      error: { status: 409, error: 'There is already a board at /author/course.' },
    });
    screen.getByText(/It has a password\./);
    type('Title', 'Course');
    fireEvent.click(screen.getByLabelText('Remove the password'));
    click('Save');
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(ctx.api).toHaveBeenCalledWith('/api/dbedit/edit_multilist', {
      multilistId: board._id,
      titleText: 'Course',
      password: null,
    });
    const said = screen.getByRole('alert');
    expect(said.textContent).toBe('There is already a board at /author/course.');
    expect(title.getAttribute('aria-describedby')).toContain(said.id);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the tags the board asks for, sends them as typed, and says which words are no tag', async () => {
    const board = plan({ noteTags: ['question', 'confused'] });
    const { ctx, onClose } = open('boardSettings', board, {
      ok: true,
      value: { multilistId: board._id, version: 2, ptitle: 'field-plan' },
    });
    const tags = screen.getByLabelText('Tags for notes');
    expect(tags).toHaveProperty('value', '#question #confused');
    type('Tags for notes', '#question, 1st');
    click('Save');
    await waitFor(() => expect(tags.getAttribute('aria-invalid')).toBe('true'));
    screen.getByText(/^“1st” is not a tag: a tag is # and a letter/);
    expect(ctx.api).not.toHaveBeenCalled();
    type('Tags for notes', '#question #Evidence');
    click('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.api).toHaveBeenCalledWith('/api/dbedit/edit_multilist', {
      multilistId: board._id,
      noteTags: ['#question', '#Evidence'],
    });
  });

  it('asks for a title, and for a new password or none, not both', async () => {
    const { ctx } = open('boardSettings', plan());
    type('Title', ' ');
    click('Save');
    await screen.findByText('Please fill in title field.');
    type('Title', 'Field Plan');
    type('New password', 'x');
    fireEvent.click(screen.getByLabelText('Remove the password'));
    click('Save');
    await screen.findByText('Type a new password or remove the password, not both.');
    expect(ctx.api).not.toHaveBeenCalled();
  });

  it('keeps a renamed board open where it was', () => {
    const board = plan({ owner: 'author', ptitle: 'course' });
    expect(renamedAddress('/author/home;course#Week', board, 'course-2')).toBe(
      '/author/home;course-2#Week',
    );
    expect(renamedAddress('/admin/home;author/course;home', board, 'notes')).toBe(
      '/admin/home;author/notes;home',
    );
  });
});

describe('the Share and Unshare forms', () => {
  it('make an editor with the privileges ticked', async () => {
    const board = plan();
    const { ctx, onClose } = open('share', board);
    screen.getByText('“Field Plan” (/author/field-plan) is not shared with anyone yet.');
    type('User name', ' sam ');
    // An editor's boxes show once the role is editor: a coauthor's rights are not ticked away.
    expect(screen.queryByLabelText('An editor may edit')).toBeNull();
    expect(screen.queryByLabelText('An editor may delete')).toBeNull();
    fireEvent.change(screen.getByLabelText('As'), { target: { value: 'editor' } });
    expect(screen.getByLabelText<HTMLInputElement>('An editor may edit').checked).toBe(true);
    fireEvent.click(screen.getByLabelText('An editor may delete'));
    click('Share');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/set_member',
      { multilistId: board._id, username: 'sam', privileges: ['edit', 'delete'] },
      'share board',
    );
    expect(ctx.alert).toHaveBeenCalledWith('Board shared with user sam');
  });

  it('make a contributor-only coauthor, and say who is not registered', async () => {
    const board = plan({ authors: ['cora'] });
    const { ctx } = open('share', board, {
      ok: false,
      error: { status: 404, error: 'Not a registered user: nobody' },
    });
    screen.getByText(/is shared with cora \(coauthor\)\./);
    type('User name', 'nobody');
    fireEvent.change(screen.getByLabelText('As'), { target: { value: 'contributor' } });
    click('Share');
    const field = screen.getByLabelText('User name');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/add_coauthor',
      { title: 'Field Plan', owner: 'author', username: 'nobody', contributorOnly: true },
      'share board',
    );
  });

  it('unshare offers the people on the board, or says there is nobody', async () => {
    const board = plan({ authors: ['cora'], members: [{ username: 'sam', privileges: [] }] });
    const { ctx, onClose } = open('unshare', board, {
      ok: true,
      value: { message: 'Board unshared with user sam' },
    });
    // The form reads the board's shares before it offers them.
    const offered = () =>
      [...screen.getByLabelText<HTMLSelectElement>('Person').options].map((o) => o.value);
    await waitFor(() => expect(offered()).toEqual(['cora', 'sam']));
    fireEvent.change(screen.getByLabelText('Person'), { target: { value: 'sam' } });
    click('Unshare');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/remove_coauthor',
      { title: 'Field Plan', owner: 'author', username: 'sam' },
      'unshare board',
    );
    expect(ctx.alert).toHaveBeenCalledWith('Board unshared with user sam');
    cleanup();
    const nobody = open('unshare', plan());
    await waitFor(() =>
      expect(nobody.ctx.alert).toHaveBeenCalledWith('This board is not shared with anyone.'),
    );
    expect(nobody.onClose).toHaveBeenCalled();
  });
});

describe('duplicating and deleting a board', () => {
  it('opens the copy once it is made', async () => {
    const board = plan();
    const { ctx } = open('duplicateBoard', board, {
      ok: true,
      value: { multilistId: 'x', owner: 'reader', ptitle: 'copy-of-field-plan' },
    });
    screen.getByText(/as your own unlisted board, “Copy of Field Plan”/);
    // No one signed in here to link it for (see below).
    click('Duplicate');
    await waitFor(() => expect(ctx.navigate).toHaveBeenCalledWith('/reader/copy-of-field-plan'));
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_multilist',
      { multilistId: board._id },
      'duplicate board',
    );
  });

  it('brings the maker’s own annotations when they have some on the board, unless unticked', async () => {
    const made = {
      ok: true as const,
      value: { multilistId: 'x', owner: 'author', ptitle: 'copy-of-field-plan' },
    };
    const withAnnotations = () => {
      const board = plan();
      const item = board.lists[0]!.items[0]!;
      const anno = (author: string, annotationClass: 'anno' | 'reply') => ({
        ...item,
        _id: `${author}-${annotationClass}`,
        author,
        annotationClass,
        rootItem: item._id,
      });
      item.notes = [anno('author', 'anno'), anno('author', 'anno'), anno('cora', 'anno')];
      item.notes.push(anno('author', 'reply'));
      return board;
    };
    for (const keep of [true, false]) {
      const { ctx } = open('duplicateBoard', withAnnotations(), made, { username: 'author' });
      screen.getByText(/Your 2 annotations on it may come too\./);
      const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'With my annotations' });
      expect(box.checked).toBe(true);
      if (!keep) fireEvent.click(box);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Link it from my home board' }));
      click('Duplicate');
      await waitFor(() => expect(ctx.navigate).toHaveBeenCalled());
      expect(ctx.call).toHaveBeenCalledWith(
        '/api/forms/duplicate_multilist',
        keep ? { multilistId: ctx.board!._id, annotations: true } : { multilistId: ctx.board!._id },
        'duplicate board',
      );
      cleanup();
    }
    // One who wrote none there (others' annotations are theirs) is not offered the box.
    open('duplicateBoard', withAnnotations(), made, { username: 'reader' });
    screen.getByText(/without its notes, annotations or members\./);
    expect(screen.queryByRole('checkbox', { name: 'With my annotations' })).toBeNull();
  });

  it('links the copy from its maker’s home board in a private item, unless unchecked', async () => {
    const home = makeBoard('reader', 'home', [{ title: 'My boards', items: ['Links here.'] }]);
    for (const linkHome of [true, false]) {
      fakeServer([home], null);
      const { ctx } = open('duplicateBoard', plan(), {
        ok: true,
        value: {
          multilistId: 'x',
          owner: 'reader',
          ptitle: 'copy-of-field-plan',
          title: 'Copy of Field Plan',
        },
      });
      Object.assign(ctx, { user: { username: 'reader' } });
      const box = screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'Link it from my home board',
      });
      expect(box.checked).toBe(true);
      if (!linkHome) fireEvent.click(box);
      click('Duplicate');
      await waitFor(() => expect(ctx.navigate).toHaveBeenCalledWith('/reader/copy-of-field-plan'));
      const calls = ctx.call.mock.calls as unknown[][];
      const linked = calls.filter((c) => c[0] === '/api/forms/insert_item');
      expect(linked.map((c) => c[1])).toEqual(
        linkHome
          ? [
              {
                listId: home.lists[0]?._id,
                text: '**[Copy of Field Plan](/reader/copy-of-field-plan)**\n\nWalks we take.',
                isPrivate: true,
              },
            ]
          : [],
      );
      cleanup();
    }
  });

  it('names the board before deleting it, then goes home', async () => {
    const board = plan();
    const { ctx } = open('deleteBoard', board);
    screen.getByText(
      'Delete “Field Plan” (/author/field-plan) with all its lists, items and notes? It goes to your Trash, from where you can restore it.',
    );
    click('Delete board');
    await waitFor(() => expect(ctx.navigate).toHaveBeenCalledWith('/'));
    expect(ctx.call).toHaveBeenCalledWith(
      '/api/forms/delete_multilist',
      { multilistId: board._id },
      'delete board',
    );
  });
});
