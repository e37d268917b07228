import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Block, TextTarget } from '@listboard/core';
import { Form } from './Form';
import { FORM_BY_ID } from './definitions';
import type { FormContext } from './registry';
import { makeBoard } from '../test/fixtures';
import { registerPlayer, type PlayerHandle } from '../media/players';
import { NoteMoment } from '../board/NoteMoment';

const board = makeBoard('author', 'lectures', [
  { title: 'Week', items: ['Watch it.\n\n/media/lecture.webm ~ Lecture 1'] },
]);
const week = board.lists[0]!;
const item = week.items[0]!;
const video: Block = { ...item.blocks[0]!, _id: 'video-1', type: 'video' };
item.blocks = [item.blocks[0]!, video];

let unregister: (() => void) | null = null;
afterEach(() => {
  unregister?.();
  unregister = null;
  cleanup();
});

/** A player of the item's video, at `at` seconds. */
function playerAt(at: number, playFrom = vi.fn()) {
  const handle: PlayerHandle = {
    itemId: item._id,
    blockId: 'video-1',
    seek: vi.fn(),
    step: vi.fn(),
    togglePlay: vi.fn(),
    toStart: vi.fn(),
    playFrom,
    currentTime: () => at,
    duration: () => 300,
    contains: () => false,
    box: () => null,
  };
  unregister = registerPlayer(handle);
  return playFrom;
}

function openNote(
  call = vi.fn().mockResolvedValue({ ok: true, value: { itemId: 'n' } }),
  passage?: TextTarget,
) {
  const ctx = {
    board,
    user: null,
    target: { multilistId: board._id, listId: week._id, itemId: item._id, text: null, passage },
    call,
    alert: vi.fn(),
  } as unknown as FormContext;
  render(<Form def={FORM_BY_ID.get('note')!} ctx={ctx} onClose={() => {}} />);
  return call;
}

async function submit() {
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}

describe('a note at a moment of a recording', () => {
  it('is offered, ticked, once the item’s recording has been played, and keeps that moment', async () => {
    playerAt(65.24);
    const call = openNote();
    const at = screen.getByLabelText<HTMLInputElement>('At 1:05 of the recording');
    expect(at.checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'Why 40?' } });
    await submit();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        '/api/forms/insert_note',
        expect.objectContaining({
          noteSpec: expect.objectContaining({
            text: 'Why 40?',
            highlight: { startTime: 65.2, endTime: 65.2, block: { id: 'video-1', index: 1 } },
          }) as unknown,
        }),
        'insert note',
      ),
    );
  });

  it('unticked, the note is on the item; not offered before the recording plays, nor over selected words', async () => {
    playerAt(65);
    const call = openNote();
    fireEvent.click(screen.getByLabelText('At 1:05 of the recording'));
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'On the item' } });
    await submit();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const sent = call.mock.calls[0]![1] as { noteSpec: { highlight: unknown } };
    expect(sent.noteSpec.highlight).toBeNull();
    cleanup();
    unregister?.();
    playerAt(0);
    openNote();
    expect(screen.queryByText(/of the recording/)).toBeNull();
    cleanup();
    const words: TextTarget = {
      block: { id: item.blocks[0]!._id ?? null, index: 0 },
      version: item.version,
      selector: [{ type: 'TextQuoteSelector', exact: 'Watch', prefix: '', suffix: ' it.' }],
    };
    openNote(undefined, words);
    expect(screen.queryByText(/of the recording/)).toBeNull();
  });
});

describe('a note’s moment', () => {
  it('plays the recording from it on the board, and is words on a listing', () => {
    const playFrom = playerAt(3);
    const at = { startTime: 65.2, endTime: 65.2, block: { id: 'video-1', index: 1 } };
    render(<NoteMoment itemId={item._id} at={at} blocks={item.blocks} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play from 1:05' }));
    expect(playFrom).toHaveBeenCalledWith(65.2);
    cleanup();
    render(<NoteMoment itemId={item._id} at={at} blocks={null} />);
    screen.getByText('At 1:05');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    // Its recording taken out of the item since: words too.
    render(<NoteMoment itemId={item._id} at={at} blocks={[item.blocks[0]!]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
