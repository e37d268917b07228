import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Block, TextTarget } from '@listboard/core';
import { Form } from './Form';
import { FORM_BY_ID } from './definitions';
import type { FormContext } from './registry';
import { makeBoard } from '../test/fixtures';
import { registerPlayer, type PlayerHandle } from '../media/players';
import { NotePlace } from '../board/NotePlace';
import { registerPdf } from '../media/pdfs';

const board = makeBoard('author', 'lectures', [
  { title: 'Week', items: ['Watch it.\n\n/media/lecture.webm ~ Lecture 1\n\n/media/notes.pdf'] },
]);
const week = board.lists[0]!;
const item = week.items[0]!;
const video: Block = { ...item.blocks[0]!, _id: 'video-1', type: 'video' };
const pdf: Block = { ...item.blocks[0]!, _id: 'pdf-1', type: 'document' };
item.blocks = [item.blocks[0]!, video, pdf];

let unregister: (() => void) | null = null;
let unregisterPdf: (() => void) | null = null;
afterEach(() => {
  unregister?.();
  unregister = null;
  unregisterPdf?.();
  unregisterPdf = null;
  cleanup();
});

/** The item's three-page PDF, shown at `page`, with these words on it. */
function pdfAt(page: number, turnTo = vi.fn(), text = `Page ${page}: the sources`) {
  unregisterPdf = registerPdf({
    itemId: item._id,
    blockId: 'pdf-1',
    page: () => page,
    pages: () => 3,
    turnTo,
    box: () => null,
    words: () => ({ page, text }),
  });
  return turnTo;
}

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
  it('plays the recording from it on the board, and is words on a listing', async () => {
    const playFrom = playerAt(3);
    const at = { startTime: 65.2, endTime: 65.2, block: { id: 'video-1', index: 1 } };
    render(<NotePlace itemId={item._id} at={at} blocks={item.blocks} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play from 1:05' }));
    await waitFor(() => expect(playFrom).toHaveBeenCalledWith(65.2));
    cleanup();
    render(<NotePlace itemId={item._id} at={at} blocks={null} />);
    screen.getByText('At 1:05');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    // Its recording taken out of the item since: words too.
    render(<NotePlace itemId={item._id} at={at} blocks={[item.blocks[0]!]} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('pressed while the player is still on its way, plays once it is drawn', async () => {
    unregister?.();
    const at = { startTime: 65.2, endTime: 65.2, block: { id: 'video-1', index: 1 } };
    render(<NotePlace itemId={item._id} at={at} blocks={item.blocks} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play from 1:05' }));
    await new Promise((done) => setTimeout(done, 50));
    const playFrom = playerAt(0);
    await waitFor(() => expect(playFrom).toHaveBeenCalledWith(65.2));
  });
});

describe('a note on a page of a PDF', () => {
  it('is offered on an item with a PDF of more than one page, ticked once turned past the first, and keeps that page', async () => {
    pdfAt(2);
    const call = openNote();
    const on = screen.getByLabelText<HTMLInputElement>('On page 2 of the PDF');
    expect(on.checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'This table?' } });
    await submit();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const sent = call.mock.calls[0]![1] as { noteSpec: { highlight: unknown } };
    expect(sent.noteSpec.highlight).toEqual({ page: 2, block: { id: 'pdf-1', index: 2 } });
    cleanup();
    unregisterPdf?.();
    // On its first page: offered, not ticked.
    pdfAt(1);
    openNote();
    expect(screen.getByLabelText<HTMLInputElement>('On page 1 of the PDF').checked).toBe(false);
    cleanup();
    // A recording played comes first.
    playerAt(12);
    openNote();
    screen.getByLabelText('At 0:12 of the recording');
  });

  it('is on words typed from the page shown, which it keeps, as words selected there are', async () => {
    pdfAt(2, vi.fn(), 'Table 2: enrolment by year');
    const call = openNote();
    fireEvent.change(screen.getByLabelText('On the words (optional)'), {
      target: { value: 'ENROLMENT  by' },
    });
    // The page alone stays offered, ticked; words named come first, and bring the page.
    expect(screen.getByLabelText<HTMLInputElement>('On page 2 of the PDF').checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'Which year?' } });
    await submit();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const sent = call.mock.calls[0]![1] as { noteSpec: { highlight: unknown } };
    expect(sent.noteSpec.highlight).toEqual({
      block: { id: 'pdf-1', index: 2 },
      version: item.version,
      selector: [
        { type: 'TextQuoteSelector', exact: 'enrolment by', prefix: 'Table 2: ', suffix: ' year' },
        { type: 'TextPositionSelector', start: 9, end: 21 },
      ],
      page: 2,
    });
  });

  it('turns the PDF to its page on the board, and is words on a listing', async () => {
    const turnTo = pdfAt(1);
    const at = { page: 2, block: { id: 'pdf-1', index: 2 } };
    render(<NotePlace itemId={item._id} at={at} blocks={item.blocks} />);
    fireEvent.click(screen.getByRole('button', { name: 'Turn to page 2' }));
    await waitFor(() => expect(turnTo).toHaveBeenCalledWith(2));
    cleanup();
    render(<NotePlace itemId={item._id} at={at} blocks={null} />);
    screen.getByText('On p. 2');
  });
});
