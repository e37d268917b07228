import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { copyMsg } from '@listboard/core';
import type { CopyTarget } from '@listboard/core/api/routes';
import { Form } from './Form';
import type { FormContext } from './registry';
import { COPY_FORMS } from './copy';
import { makeBoard } from '../test/fixtures';
import { useInfo } from '../state/info';

afterEach(cleanup);
beforeEach(() => useInfo.getState().close());

const board = makeBoard('author', 'Week 1', [
  { title: 'Readings', items: ['Chapter one', 'Chapter two'] },
]);
const readings = board.lists[0]!;
const chapter = readings.items[1]!;

const target = (owner: string, title: string, lists: string[]): CopyTarget => ({
  multilistId: `${owner}-${title}`,
  owner,
  title,
  ptitle: title.toLowerCase().replace(/ /g, '-'),
  lists: lists.map((l, i) => ({ listId: `${title}-${String(i)}`, title: l })),
});
const WEEK_2 = target('author', 'Week 2', ['Readings', 'Tips']);
const SHARED = target('demo', 'Shared', ['Ideas']);
const EMPTY = target('author', 'Empty', []);
/** The board the item is on: offered by the server, never by the form. */
const HERE = { ...target('author', 'Week 1', ['Readings']), multilistId: board._id };

function open(id: string, offered: CopyTarget[], on: 'item' | 'list', shown = board) {
  const call = vi.fn(() => Promise.resolve({ ok: true, value: { listId: 'x', index: 0 } }));
  const api = vi.fn(() => Promise.resolve({ ok: true, value: offered }));
  const alert = vi.fn();
  const ctx = {
    board: shown,
    user: { username: 'author' },
    target: {
      multilistId: board._id,
      listId: readings._id,
      itemId: on === 'item' ? chapter._id : null,
      text: null,
    },
    call,
    api,
    alert,
  } as unknown as FormContext;
  const onClose = vi.fn();
  const def = COPY_FORMS.find((f) => f.id === id)!;
  render(<Form def={def} ctx={ctx} onClose={onClose} />);
  return { call, api, alert, onClose };
}
const options = (label: string) =>
  [...screen.getByLabelText<HTMLSelectElement>(label).options].map((o) => o.value);

describe('Copy item to another board', () => {
  it('offers each list of every other board one may add to, by board, place and title, and copies the item there', async () => {
    const f = open('copyItemToBoard', [HERE, WEEK_2, EMPTY, SHARED], 'item');
    await waitFor(() => expect(options('To list')).toHaveLength(3));
    expect(options('To list')).toEqual([
      'Week 2 ▸ 1. Readings',
      'Week 2 ▸ 2. Tips',
      'Shared (demo) ▸ 1. Ideas',
    ]);
    expect(screen.getByText('Chapter two')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('To list'), {
      target: { value: 'Shared (demo) ▸ 1. Ideas' },
    });
    fireEvent.change(screen.getByLabelText('Where'), { target: { value: 'At the top' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_item',
      { listId: 'Shared-0', itemId: chapter._id, text: chapter.text, index: 0 },
      'copy item',
    );
    // Where it went, with a way there.
    expect(useInfo.getState().info).toMatchObject({
      text: 'Item copied to “Shared (demo) ▸ 1. Ideas”',
      undo: { open: '/demo/shared' },
      action: 'Open it',
    });
  });

  it('says so when there is no other board, or no list on one', async () => {
    const none = open('copyItemToBoard', [HERE], 'item');
    await waitFor(() => expect(none.alert).toHaveBeenCalledWith(copyMsg.noBoard));
    expect(none.onClose).toHaveBeenCalled();
    cleanup();
    const empty = open('copyItemToBoard', [HERE, EMPTY], 'item');
    await waitFor(() => expect(empty.alert).toHaveBeenCalledWith(copyMsg.noList));
  });
});

describe('a copy with the copier’s annotations', () => {
  /** The board with an annotation of `author`'s on the chapter. */
  const annotated = structuredClone(board);
  const item = annotated.lists[0]!.items[1]!;
  item.notes = [{ ...item, _id: 'gloss', annotationClass: 'anno', author: 'author', notes: [] }];

  it('offers the caller’s own annotations, ticked, when there are some, and sends that', async () => {
    const f = open('copyItemToBoard', [WEEK_2], 'item', annotated);
    const box = await screen.findByLabelText<HTMLInputElement>('With my annotations');
    expect(box.checked).toBe(true);
    await waitFor(() => expect(options('To list')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_item',
      { listId: 'Week 2-0', itemId: item._id, text: item.text, annotations: true },
      'copy item',
    );
    cleanup();
    const list = open('copyListToBoard', [WEEK_2], 'list', annotated);
    fireEvent.click(await screen.findByLabelText('With my annotations'));
    await waitFor(() => expect(options('To board')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(list.onClose).toHaveBeenCalled());
    expect(list.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_list',
      { multilistId: 'author-Week 2', prevListId: readings._id },
      'copy list',
    );
  });

  it('offers none where the caller wrote none', async () => {
    open('copyListToBoard', [WEEK_2], 'list');
    await waitFor(() => expect(options('To board')).toHaveLength(1));
    expect(screen.queryByLabelText('With my annotations')).toBeNull();
    cleanup();
    open('duplicateList', [], 'list');
    expect(screen.getByLabelText<HTMLInputElement>('Title of the copy').value).toBe(
      `${readings.title} (copy)`,
    );
    expect(screen.queryByLabelText('With my annotations')).toBeNull();
  });

  it('Duplicate list, on its own board, offers them too, ticked, and sends what is ticked', async () => {
    const ticked = open('duplicateList', [], 'list', annotated);
    expect(screen.getByLabelText<HTMLInputElement>('With my annotations').checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(ticked.onClose).toHaveBeenCalled());
    expect(ticked.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_list',
      {
        multilistId: board._id,
        prevListId: readings._id,
        titleText: `${readings.title} (copy)`,
        annotations: true,
      },
      'duplicate list',
    );
    cleanup();
    const unticked = open('duplicateList', [], 'list', annotated);
    fireEvent.click(screen.getByLabelText('With my annotations'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(unticked.onClose).toHaveBeenCalled());
    expect(unticked.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_list',
      { multilistId: board._id, prevListId: readings._id, titleText: `${readings.title} (copy)` },
      'duplicate list',
    );
  });
});

describe('Copy list to another board', () => {
  it('offers every other board one may add to, its list going at the end of the one chosen', async () => {
    const f = open('copyListToBoard', [HERE, WEEK_2, EMPTY, SHARED], 'list');
    await waitFor(() => expect(options('To board')).toHaveLength(3));
    expect(options('To board')).toEqual(['Week 2', 'Empty', 'Shared (demo)']);
    fireEvent.change(screen.getByLabelText('To board'), { target: { value: 'Empty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/duplicate_list',
      { multilistId: 'author-Empty', prevListId: readings._id },
      'copy list',
    );
    expect(useInfo.getState().info).toMatchObject({
      text: 'List copied to “Empty”',
      undo: { open: '/author/empty' },
    });
  });
});
