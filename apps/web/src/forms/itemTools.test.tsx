import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from './Form';
import { FORMS } from './definitions';
import type { FormContext } from './registry';
import { ITEM_TOOL_FORMS, styleChange, styleValues } from './itemTools';
import { useLoadProgress } from '../search/progressStore';
import { makeBoard } from '../test/fixtures';
import { useInfo } from '../state/info';

// An item's tools are loaded on demand by the app; the test reads them directly, beside the
// forms that come with it.
const FORM_BY_ID = new Map([...FORMS, ...ITEM_TOOL_FORMS].map((f) => [f.id, f]));

afterEach(cleanup);

const board = makeBoard('author', 'plan', [{ title: 'Week', items: ['One', 'Two', 'Three'] }]);
const week = board.lists[0]!;
const [one, two] = week.items as [(typeof week.items)[0], (typeof week.items)[0]];

type Answer = { ok: true; value: unknown } | { ok: false; error: { error: string } };

function open(
  id: string,
  target: Partial<FormContext['target']>,
  answer?: () => Answer,
  on = board,
) {
  const call = vi.fn(() => Promise.resolve(answer?.() ?? { ok: true, value: { ok: true } }));
  const ctx = {
    board: on,
    user: null,
    target: { multilistId: on._id, listId: null, itemId: null, text: null, ...target },
    call,
    alert: vi.fn(),
  } as unknown as FormContext;
  const onClose = vi.fn();
  render(<Form def={FORM_BY_ID.get(id)!} ctx={ctx} onClose={onClose} />);
  return { call, onClose };
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name = 'Submit') => fireEvent.click(screen.getByRole('button', { name }));

describe('caption', () => {
  it('adds a caption to the selected item under the label given, or the next number', async () => {
    const f = open('caption', { listId: week._id, itemId: one._id });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in caption field.');
    type('Caption text', ' Opening remarks ');
    type('Label (leave empty for the next number)', 'intro');
    submit();
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/add_caption',
      { itemId: one._id, text: 'Opening remarks', annoLabel: 'intro' },
      'add caption',
    );
  });
});

describe('annotation', () => {
  it('sends the type chosen and whether it is private', async () => {
    const f = open('annotation', { listId: week._id, itemId: two._id });
    // The form is ready once it has checked the selection is one passage.
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }).disabled).toBe(
        false,
      ),
    );
    expect(
      [...screen.getByLabelText<HTMLSelectElement>('Type').options].map((o) => o.value),
    ).toEqual(['general', 'caption']);
    fireEvent.change(screen.getByLabelText('Annotation', { selector: 'textarea' }), {
      target: { value: 'Read this twice.' },
    });
    type('Type', 'caption');
    fireEvent.click(screen.getByLabelText('Private (only you will see it)'));
    submit();
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/insert_anno',
      {
        listId: week._id,
        itemId: two._id,
        annoSpec: { text: 'Read this twice.', type: 'caption', highlight: null },
        isPrivate: true,
      },
      'insert annotation',
    );
  });
});

describe('item style', () => {
  it('reads an item’s format as choices, and sends only what changed', () => {
    const before = styleValues({ bgcolor: 'yellow', fontSizeName: 'large', padding: 4 });
    expect(before).toEqual({ color: 'yellow', font: '', size: 'large' });
    expect(styleValues({ bgcolor: '#123456' })).toEqual({
      color: 'default',
      font: '',
      size: 'default',
    });
    expect(styleChange(before, { ...before })).toEqual({});
    expect(styleChange(before, { color: 'default', font: ' Georgia ', size: 'large' })).toEqual({
      bgcolor: '',
      fontName: 'Georgia',
    });
  });

  it('starts from the item’s own style and sets it with update_item', async () => {
    const styled = { ...one, format: { bgcolor: 'green' } };
    const b = { ...board, lists: [{ ...week, items: [styled, two] }] };
    const call = vi.fn(() => Promise.resolve({ ok: true, value: { ok: true } }));
    const onClose = vi.fn();
    render(
      <Form
        def={FORM_BY_ID.get('itemStyle')!}
        ctx={
          {
            board: b,
            user: null,
            target: { multilistId: b._id, listId: week._id, itemId: one._id, text: null },
            call,
            alert: vi.fn(),
          } as unknown as FormContext
        }
        onClose={onClose}
      />,
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Colour').value).toBe('green');
    type('Colour', 'mauve');
    type('Font', 'Georgia');
    type('Size', 'huge');
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith(
      '/api/display/update_item',
      {
        query: { _id: one._id },
        doc: { $set: { bgcolor: 'mauve', fontName: 'Georgia', fontSizeName: 'huge' } },
      },
      'style item',
    );
  });
});

describe('import item from a URL', () => {
  it('needs an address, goes after the selected item, and shows progress while it fetches', async () => {
    const seen: (string | null)[] = [];
    const stop = useLoadProgress.subscribe((s) => seen.push(s.progress?.label ?? null));
    const f = open('importItemUrl', { listId: week._id, itemId: one._id });
    submit('Import');
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in url field.');
    type('URL', ' https://example.org/guide.html ');
    type('Your words before it (optional)', 'Worth a look:');
    submit('Import');
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    stop();
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/import_item_url',
      {
        listId: week._id,
        itemId: one._id,
        url: 'https://example.org/guide.html',
        text: 'Worth a look:',
      },
      'import item',
    );
    expect(seen).toEqual(['Fetching https://example.org/guide.html…', null]);
  });

  it('at the end of the selected list without an item; the server’s reason stays in the form', async () => {
    const f = open('importItemUrl', { listId: week._id }, () => ({
      ok: false,
      error: { error: 'Could not load https://x.org/gone: the server answered 404.' },
    }));
    type('URL', 'https://x.org/gone');
    submit('Import');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load https://x.org/gone: the server answered 404.',
    );
    expect(f.onClose).not.toHaveBeenCalled();
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/import_item_url',
      { listId: week._id, url: 'https://x.org/gone' },
      'import item',
    );
    expect(useLoadProgress.getState().progress).toBeNull();
  });
});

describe('move to list', () => {
  const plan = makeBoard('author', 'term', [
    { title: 'Week 1', items: ['Intro', 'Quiz'] },
    { title: 'Week 2', items: ['Biomes'] },
  ]);
  const [w1, w2] = plan.lists as [(typeof plan.lists)[0], (typeof plan.lists)[0]];
  const quiz = w1.items[1]!;

  it('puts the item at the end of the list chosen, or at its top when asked', async () => {
    let f = open('moveItemToList', { listId: w1._id, itemId: quiz._id }, undefined, plan);
    await screen.findByRole('option', { name: '2. Week 2' });
    expect(screen.getByLabelText<HTMLSelectElement>('Where').value).toBe('At the end');
    submit('Move');
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/move_item_to_list',
      { itemId: quiz._id, listId: w2._id },
      'move to list',
    );
    cleanup();
    f = open('moveItemToList', { listId: w1._id, itemId: quiz._id }, undefined, plan);
    await screen.findByRole('option', { name: '2. Week 2' });
    type('Where', 'At the top');
    submit('Move');
    await waitFor(() => expect(f.onClose).toHaveBeenCalled());
    expect(f.call).toHaveBeenCalledWith(
      '/api/forms/move_item_to_list',
      { itemId: quiz._id, listId: w2._id, index: 0 },
      'move to list',
    );
    // The info bar says where it went, and its Undo would put it back where it was.
    expect(useInfo.getState().info).toMatchObject({
      text: 'Item moved to “Week 2”',
      undo: { itemId: quiz._id, listId: w1._id, index: 1 },
    });
  });
});
