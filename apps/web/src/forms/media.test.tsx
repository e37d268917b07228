import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { boardMsg } from '@listboard/core';
import { Form } from './Form';
import { MEDIA_FORMS } from './media';
import type { FormContext } from './registry';
import { makeBoard } from '../test/fixtures';

// Uploading is fetched the first time it is used; here that fetch fails, as it does offline.
vi.mock('../media/upload', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

const board = makeBoard('author', 'plan', [{ title: 'Week', items: ['One'] }]);
const week = board.lists[0]!;

describe('inserting an item with files', () => {
  it('says there is no connection when uploading cannot be fetched, and keeps the form as it was', async () => {
    const call = vi.fn();
    const onClose = vi.fn();
    const ctx = {
      board,
      user: null,
      target: { multilistId: board._id, listId: week._id, itemId: null, text: null },
      call,
      alert: vi.fn(),
    } as unknown as FormContext;
    const def = MEDIA_FORMS.find((f) => f.id === 'insertMedia')!;
    render(<Form def={def} ctx={ctx} onClose={onClose} />);
    const file = new File(['png'], 'river.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Files'), { target: { files: [file] } });
    fireEvent.change(screen.getByLabelText('Caption (optional)'), {
      target: { value: 'The river' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and insert' }));
    expect(await screen.findByText(boardMsg.noConnection)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Caption (optional)').value).toBe('The river'),
    );
  });
});
