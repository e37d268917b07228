import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Item, TextTarget } from '@listboard/core';
import { Form } from './Form';
import { FORM_BY_ID } from './definitions';
import type { FormContext } from './registry';
import { makeBoard } from '../test/fixtures';
import { useAnnouncement } from '../state/announce';

afterEach(cleanup);

const board = makeBoard('author', 'plan', [
  { title: 'Week', items: ['## Read *chapter* two\n\nThen answer the prompt.', 'Second'] },
]);
const week = board.lists[0]!;
const item = week.items[0]!;
const note: Item = {
  ...item,
  _id: 'note-1',
  author: 'reader',
  hint: 'Sam Lee',
  text: 'Which edition\nshould we read?',
  annotationClass: 'note',
  rootItem: item._id,
  parentId: item._id,
};
item.notes = [note];
/** Words selected in the item's second block. */
const passage: TextTarget = {
  block: { id: item.blocks[1]!._id ?? null, index: 1 },
  version: item.version,
  selector: [{ type: 'TextQuoteSelector', exact: 'answer the', prefix: 'Then ', suffix: '' }],
};

function open(id: string, extra: Partial<FormContext> = {}, selected?: TextTarget) {
  const ctx = {
    board,
    user: null,
    target: {
      multilistId: board._id,
      listId: week._id,
      itemId: item._id,
      text: null,
      passage: selected,
    },
    call: vi.fn(),
    alert: vi.fn(),
    ...extra,
  } as unknown as FormContext;
  render(<Form def={FORM_BY_ID.get(id)!} ctx={ctx} onClose={() => {}} />);
}
const caption = () => screen.queryByRole('blockquote')?.getAttribute('aria-label');
const quoted = () => screen.queryByRole('blockquote')?.textContent;

describe('the Note form names the tags the board asks for', () => {
  it('says them under its title, and nothing when there are none', () => {
    open('note', { board: { ...board, noteTags: ['question', 'evidence', 'confused'] } });
    screen.getByText(
      'Everyone who reads this board sees it, unless you tick Private. Tag it #question, #evidence or #confused.',
    );
    cleanup();
    open('note', { board: { ...board, noteTags: ['question'] } });
    screen.getByText(/unless you tick Private\. Tag it #question\.$/);
    cleanup();
    open('note');
    screen.getByText('Everyone who reads this board sees it, unless you tick Private.');
  });
});

describe('what a form about an item, a list or a note quotes above its fields', () => {
  it('a note or annotation on the whole item quotes its first words, as plain text', () => {
    for (const id of ['note', 'annotation', 'emailItem']) {
      open(id);
      expect([id, caption(), quoted()]).toEqual([id, 'The item', 'Read chapter two']);
      // The caption is seen as well as heard.
      expect(screen.getByText('The item', { selector: '.form-about-label' })).toBeTruthy();
      cleanup();
    }
  });

  it('a note on selected words quotes those words, not the item', () => {
    open('note', {}, passage);
    expect([caption(), quoted()]).toEqual(['Selected text', 'answer the']);
  });

  it('a reply quotes the note it answers, by its writer, on a board and as a listed note', () => {
    open('reply', { noteId: note._id });
    expect([caption(), quoted()]).toEqual(['Note by Sam Lee', 'Which edition\nshould we read?']);
    cleanup();
    // On the Discussion page the note is the item itself.
    open('reply', { noteId: item._id });
    expect(caption()).toBe('Note by author');
  });

  it('deleting an item or a list names it, even with words selected in the item', () => {
    open('deleteItem', {}, passage);
    expect([caption(), quoted()]).toEqual(['The item', 'Read chapter two']);
    cleanup();
    open('deleteList');
    expect([caption(), quoted()]).toEqual(['The list', 'Week']);
  });

  it('an item with no words (an empty item) quotes nothing', () => {
    const blank = { ...item, text: '', blocks: [], notes: [] };
    week.items[0] = blank;
    try {
      open('note');
      expect(screen.queryByRole('blockquote')).toBeNull();
    } finally {
      week.items[0] = item;
    }
  });
});

/** Submit, once the form has prepared (it asks whether the selection is one passage). */
async function submitWhenReady() {
  const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
  await waitFor(() => expect(submit.disabled).toBe(false));
  fireEvent.click(submit);
}

describe('the words of a note, a reply, an annotation and an edit', () => {
  it('say under their field that light markup shows, and that @name tells someone', () => {
    for (const [id, label, extra] of [
      ['note', 'Your note', {}],
      ['reply', 'Your reply', { noteId: note._id }],
      ['annotation', 'Annotation', {}],
      ['editNote', 'Your words', { noteId: note._id }],
    ] as const) {
      open(id, extra);
      const field = screen.getByRole('textbox', { name: label });
      const about = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((ref) => document.getElementById(ref)?.textContent ?? '')
        .join(' ');
      expect(about, id).toContain('Light markup shows: **bold**');
      // Each tells whom it mentions (an edit, whom it mentions anew).
      expect(about, id).toContain('@name tells that person');
      expect(about, id).toContain('#word tags it (#question)');
      cleanup();
    }
  });
});

describe('a note with nothing in it', () => {
  it('on the whole item asks for words, under the field, and sends nothing', async () => {
    const call = vi.fn();
    open('note', { call });
    await submitWhenReady();
    const field = screen.getByLabelText('Your note');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please fill in note field.')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('on selected words is sent, as the spec’s [Highlight only] note', async () => {
    const call = vi.fn().mockResolvedValue({ ok: true, value: { itemId: 'n' } });
    open('note', { call }, passage);
    await submitWhenReady();
    await waitFor(() => expect(call).toHaveBeenCalled());
  });
});

/** What a reply form to the note opens with, its calls answered by `call`. */
const replyOn = (call: FormContext['call']) =>
  ({
    board,
    user: null,
    target: { multilistId: board._id, listId: week._id, itemId: item._id, text: null },
    noteId: note._id,
    call,
    alert: vi.fn(),
  }) as unknown as FormContext;

describe('a reply whose note leaves the page while it is written (answered in another tab)', () => {
  it('still quotes the note, keeps the words, and is sent to the note where it was', async () => {
    const call = vi.fn().mockResolvedValue({ ok: true, value: { itemId: 'r' } });
    const ctx = replyOn(call);
    const reply = FORM_BY_ID.get('reply')!;
    const { rerender } = render(<Form def={reply} ctx={ctx} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'The second.' } });
    // The page now shows the board without the item (a Discussion entry gone once answered).
    const without = { ...board, lists: [{ ...week, items: week.items.slice(1) }] };
    rerender(<Form def={reply} ctx={{ ...ctx, board: without }} onClose={() => {}} />);
    expect([caption(), quoted()]).toEqual(['Note by Sam Lee', 'Which edition\nshould we read?']);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your reply').value).toBe('The second.');
    await submitWhenReady();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        '/api/forms/insert_note',
        {
          listId: week._id,
          itemId: item._id,
          noteSpec: { text: 'The second.', parentId: note._id },
        },
        'reply',
      ),
    );
  });
});

describe('a reply that asks again', () => {
  it('tells a screen reader the note waits for an answer again, and a plain reply that it is posted', async () => {
    for (const [answer, said] of [
      [
        { itemId: 'r', askedAgain: true },
        'Your reply is posted, and the note waits for an answer again.',
      ],
      [{ itemId: 'r' }, 'Your reply is posted.'],
    ] as const) {
      const call = vi.fn().mockResolvedValue({ ok: true, value: answer });
      const ctx = replyOn(call);
      const onClose = vi.fn();
      render(<Form def={FORM_BY_ID.get('reply')!} ctx={ctx} onClose={onClose} />);
      fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'Why, though?' } });
      await submitWhenReady();
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      await waitFor(() => expect(useAnnouncement.getState().text).toBe(said));
      cleanup();
    }
  });
});

describe('editing one’s note', () => {
  it('opens on its words and sends them with the version it was read at', async () => {
    const call = vi.fn().mockResolvedValue({ ok: true, value: { itemId: 'note-1', version: 2 } });
    open('editNote', { call, noteId: 'note-1' });
    // A note on the whole item names the item, since the form opens away from it.
    expect([caption(), quoted()]).toEqual(['The item', 'Read chapter two']);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Your words');
    expect(field.value).toBe('Which edition\nshould we read?');
    fireEvent.change(field, { target: { value: 'Which edition do we read?' } });
    await submitWhenReady();
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        '/api/forms/edit_item',
        { itemId: 'note-1', text: 'Which edition do we read?', version: note.version },
        'edit note',
      ),
    );
  });

  it('asks for words where the note is on the whole item, and sends nothing', async () => {
    const call = vi.fn();
    open('editNote', { call, noteId: 'note-1' });
    fireEvent.change(screen.getByLabelText('Your words'), { target: { value: ' ' } });
    await submitWhenReady();
    const field = screen.getByLabelText('Your words');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please fill in note field.')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('quotes the passage a note is on, and lets its words go, as a highlight alone', async () => {
    const call = vi.fn().mockResolvedValue({ ok: true, value: { itemId: 'note-1', version: 2 } });
    item.notes = [{ ...note, text: '[Highlight only]', highlight: passage }];
    try {
      open('editNote', { call, noteId: 'note-1' });
      expect([caption(), quoted()]).toEqual(['On the words', 'answer the']);
      expect(screen.getByLabelText<HTMLTextAreaElement>('Your words').value).toBe('');
      await submitWhenReady();
      await waitFor(() => expect(call).toHaveBeenCalled());
    } finally {
      item.notes = [note];
    }
  });
});

describe('a note on words typed rather than selected', () => {
  const sent = (call: ReturnType<typeof vi.fn>) =>
    (call.mock.calls[0]![1] as { noteSpec: { highlight: TextTarget | null } }).noteSpec.highlight;

  it('is on the one place of those words in the item, found as the card shows them, whatever their case and spacing', async () => {
    const call = vi.fn().mockResolvedValue({ ok: true, value: { itemId: 'n' } });
    open('note', { call });
    fireEvent.change(screen.getByLabelText('On the words (optional)'), {
      target: { value: '  ANSWER   the ' },
    });
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'Which prompt?' } });
    await submitWhenReady();
    await waitFor(() => expect(call).toHaveBeenCalled());
    const highlight = sent(call)!;
    expect(highlight.block).toEqual({ id: item.blocks[1]!._id ?? null, index: 1 });
    expect(highlight.selector.find((s) => s.type === 'TextQuoteSelector')).toMatchObject({
      exact: 'answer the',
      prefix: 'Then ',
    });
  });

  it('takes whole words before pieces of words: “the” names “the prompt”, not “Then”', async () => {
    const call = vi.fn().mockResolvedValue({ ok: true, value: { itemId: 'n' } });
    open('note', { call });
    fireEvent.change(screen.getByLabelText('On the words (optional)'), {
      target: { value: 'the' },
    });
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'Which prompt?' } });
    await submitWhenReady();
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(sent(call)!.selector.find((s) => s.type === 'TextQuoteSelector')).toMatchObject({
      exact: 'the',
      prefix: 'Then answer ',
    });
  });

  it('asks for more words when those typed are in more than one place, and sends nothing', async () => {
    const call = vi.fn();
    open('note', { call });
    const words = screen.getByLabelText('On the words (optional)');
    fireEvent.change(words, { target: { value: 'r' } });
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'Hm.' } });
    await submitWhenReady();
    await waitFor(() => expect(words.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText(
        'These words are in the item 4 times: add a word before or after them, so they name one place.',
      ),
    ).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('says so under the field when the words are not in the item, and sends nothing', async () => {
    const call = vi.fn();
    open('note', { call });
    const words = screen.getByLabelText('On the words (optional)');
    fireEvent.change(words, { target: { value: 'chapter three' } });
    fireEvent.change(screen.getByLabelText('Your note'), { target: { value: 'Hm.' } });
    await submitWhenReady();
    await waitFor(() => expect(words.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getByText('These words are not in the item: copy them as the item shows them.'),
    ).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('is not asked for when words were selected: the form quotes those', () => {
    open('note', {}, passage);
    expect(screen.queryByLabelText('On the words (optional)')).toBeNull();
  });
});
