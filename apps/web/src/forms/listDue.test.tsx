import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Multilist } from '@listboard/core';
import { Form } from './Form';
import type { FormContext } from './registry';
import { LIST_DUE_FORMS } from './listDue';
import { makeBoard } from '../test/fixtures';

afterEach(cleanup);

function open(board: Multilist) {
  const list = board.lists[1]!;
  const ctx = {
    board,
    user: { username: 'author' },
    target: { multilistId: board._id, listId: list._id, itemId: null, text: null },
    call: vi.fn(() => Promise.resolve({ ok: true, value: { listId: list._id, version: 2 } })),
  } as unknown as FormContext & { call: ReturnType<typeof vi.fn> };
  const onClose = vi.fn();
  render(<Form def={LIST_DUE_FORMS[0]!} ctx={ctx} onClose={onClose} />);
  return { ctx, onClose, list };
}

const weeks = () =>
  makeBoard('author', 'Course', [
    { title: 'Week 1', items: ['Read'] },
    { title: 'Week 2', items: ['Read more'] },
  ]);

describe('Notes due on this list', () => {
  it('shows the list’s date in the browser’s own time and sends the moment, or null when cleared', async () => {
    const board = weeks();
    board.lists[1]!.notesDue = new Date(2026, 11, 11, 17, 0).toISOString();
    const first = open(board);
    expect(screen.getByText('Week 2')).toBeTruthy();
    expect(screen.getByLabelText('Notes due')).toHaveProperty('value', '2026-12-11T17:00');
    fireEvent.change(screen.getByLabelText('Notes due'), { target: { value: '2026-12-18T09:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(first.ctx.call).toHaveBeenCalledWith(
      '/api/forms/edit_list',
      { listId: first.list._id, notesDue: new Date(2026, 11, 18, 9, 30).toISOString() },
      'edit list',
    );
    cleanup();
    const second = open(board);
    fireEvent.change(screen.getByLabelText('Notes due'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(second.ctx.call).toHaveBeenCalledWith(
      '/api/forms/edit_list',
      { listId: second.list._id, notesDue: null },
      'edit list',
    );
  });

  it('says what the board’s own date is, which the other lists keep, and whether a reminder goes', () => {
    const board = weeks();
    open(board);
    expect(
      screen.getByText(
        /^The board has no date for notes: Board settings sets one for every list at once\. Board settings’ Remind readers a day before mails those yet to write on its items\.$/,
      ),
    ).toBeTruthy();
    cleanup();
    board.notesDue = new Date(2030, 2, 15, 17, 0).toISOString();
    board.remindDue = true;
    open(board);
    expect(
      screen.getByText(
        /^The board says: Notes due .*March 15, 2030.* holds for this list’s items instead\. Readers yet to write on its items are reminded by mail a day before\.$/,
      ),
    ).toBeTruthy();
  });
});
