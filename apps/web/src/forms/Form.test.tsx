import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { boardMsg, searchMsg } from '@listboard/core';
import { useConnection } from '../api/client';
import { Form } from './Form';
import { str } from './helpers';
import { toggleForm, type FormContext, type FormDef } from './registry';
import { emailField, usernameField } from './accountFields';
import { SEARCH_FORMS } from './search';
import { Announcer } from '../Announcer';

afterEach(cleanup);

const ctx = {
  target: { multilistId: null, listId: null, itemId: null, text: null },
} as unknown as FormContext;
const def = (submit: FormDef['submit']): FormDef => ({
  id: 'demo',
  label: 'Demo form',
  fields: [
    { name: 'title', label: 'Title', type: 'text' },
    { name: 'body', label: 'Body', type: 'textarea' },
    { name: 'count', label: 'Count', type: 'number' },
    { name: 'flag', label: 'Flag', type: 'checkbox' },
  ],
  validate: (v) => (str(v, 'title') ? null : 'Please fill in title field.'),
  submit,
});

describe('the generic form', () => {
  it('starts from the default state: empty text, 0, unchecked; textarea 5 rows', () => {
    render(<Form def={def(() => Promise.resolve(null))} ctx={ctx} onClose={() => {}} />);
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Count').value).toBe('0');
    expect(screen.getByLabelText<HTMLInputElement>('Flag').checked).toBe(false);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Body').rows).toBe(5);
  });

  it('tells a screen reader which fields must be filled in', () => {
    const asked: FormDef = {
      ...def(vi.fn()),
      fields: [
        { name: 'title', label: 'Title', type: 'text', required: true },
        { name: 'body', label: 'Body', type: 'textarea', required: true },
        { name: 'note', label: 'Note', type: 'text' },
      ],
    };
    render(<Form def={asked} ctx={ctx} onClose={() => {}} />);
    const required = (label: string) => screen.getByLabelText(label).getAttribute('aria-required');
    expect([required('Title'), required('Body'), required('Note')]).toEqual(['true', 'true', null]);
  });

  it('does not submit on Enter in an input, and Escape cancels', () => {
    const submit = vi.fn(() => Promise.resolve(null));
    const onClose = vi.fn();
    render(<Form def={def(submit)} ctx={ctx} onClose={onClose} />);
    const title = screen.getByLabelText('Title');
    fireEvent.change(title, { target: { value: 'x' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    expect(submit).not.toHaveBeenCalled();
    fireEvent.keyDown(title, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a validation message and keeps what was typed', async () => {
    const submit = vi.fn(() => Promise.resolve('The server said no.'));
    render(<Form def={def(submit)} ctx={ctx} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please fill in title field.',
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Week 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The server said no.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Week 1');
  });

  it('takes the keyboard to the field a refusal is about, and the message away once it is changed', async () => {
    const d: FormDef = {
      ...def(() => Promise.resolve('author already owns this board.')),
      errorField: (message) => (/owns this board/.test(message) ? 'title' : null),
    };
    render(<Form def={d} ctx={ctx} onClose={() => {}} />);
    const title = screen.getByLabelText('Title');
    fireEvent.change(title, { target: { value: 'author' } });
    // Submitted from another field.
    screen.getByLabelText('Body').focus();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('author already owns this board.')).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    // The keyboard is taken to the field, to put it right.
    await waitFor(() => expect(document.activeElement).toBe(title));
    // Another field changed: the message stays with the field it is about.
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'hello' } });
    expect(screen.queryByText('author already owns this board.')).not.toBeNull();
    fireEvent.change(title, { target: { value: 'reader' } });
    expect(screen.queryByText('author already owns this board.')).toBeNull();
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('where the keyboard goes on a refusal', () => {
  it('to a required field left blank, marked as the one to fill in', async () => {
    const d: FormDef = {
      ...def(() => Promise.resolve(null)),
      fields: [
        { name: 'title', label: 'Title', type: 'text', required: true },
        { name: 'body', label: 'Body', type: 'textarea' },
      ],
    };
    render(<Form def={d} ctx={ctx} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const title = screen.getByLabelText('Title');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please fill in title field.')).toBeTruthy();
  });

  it('back to Submit when the refusal is about no one field and the page had taken it', async () => {
    // The browser lets a disabled button's focus go to the page's body while the form waits.
    const d: FormDef = {
      ...def(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        return Promise.resolve('Invalid credentials for: author');
      }),
      // A form of its own: no draft from the tests before.
      id: 'refused',
    };
    render(<Form def={d} ctx={ctx} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    const submit = screen.getByRole('button', { name: 'Submit' });
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByText('Invalid credentials for: author')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(submit));
  });
});

describe('extra buttons and files', () => {
  it('puts extra buttons in a second row; each may close the form or show a message', async () => {
    const onClose = vi.fn();
    const d: FormDef = {
      ...def(() => Promise.resolve(null)),
      extraButtons: [
        { label: 'Preview', run: () => Promise.resolve('Nothing to preview yet.') },
        {
          label: 'Delete all',
          run: (v) => Promise.resolve(v.title === 'x' ? null : 'Type x first.'),
        },
      ],
    };
    render(<Form def={d} ctx={ctx} onClose={onClose} />);
    const preview = screen.getByRole('button', { name: 'Preview' });
    expect(preview.closest('.form-extra')).not.toBeNull();
    fireEvent.click(preview);
    expect(await screen.findByText('Nothing to preview yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete all' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('hands the picked files to submit', async () => {
    const submit = vi.fn(() => Promise.resolve(null));
    const d: FormDef = {
      id: 'up',
      label: 'Upload',
      fields: [{ name: 'files', label: 'Files', type: 'file', multiple: true, hint: 'Any video' }],
      submit,
    };
    render(<Form def={d} ctx={ctx} onClose={() => {}} />);
    const input = screen.getByLabelText<HTMLInputElement>('Files');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    const file = new File(['abc'], 'clip.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(submit).toHaveBeenCalled());
    expect((submit.mock.calls[0] as unknown as [{ files: File[] }])[0].files).toEqual([file]);
  });
});

describe('input mode', () => {
  it('opens when empty, closes the same form, refuses another while one is open', () => {
    expect(toggleForm(null, 'a')).toEqual({ next: 'a', refused: false });
    expect(toggleForm('a', 'a')).toEqual({ next: null, refused: false });
    expect(toggleForm('a', 'b')).toEqual({ next: 'a', refused: true });
  });
});

describe('typing on a phone or tablet, and waiting', () => {
  it('gives a user name and an address the keyboard for them: no capital letter, no spelling, @ for mail', () => {
    const account: FormDef = {
      id: 'account',
      label: 'Account',
      fields: [usernameField, emailField, { name: 'note', label: 'Note', type: 'text' }],
      submit: () => Promise.resolve(null),
    };
    render(<Form def={account} ctx={ctx} onClose={() => {}} />);
    const name = screen.getByLabelText<HTMLInputElement>('User name');
    const mail = screen.getByLabelText<HTMLInputElement>('Email');
    expect(mail.type).toBe('email');
    for (const field of [name, mail]) {
      expect(field.getAttribute('autocapitalize')).toBe('none');
      expect(field.getAttribute('spellcheck')).toBe('false');
    }
    expect(screen.getByLabelText('Note').getAttribute('autocapitalize')).toBeNull();
  });

  it('says Saving… while a submit waits for its answer, and no more once it is in', async () => {
    let answer: (v: string | null) => void = () => {};
    const submit = vi.fn(
      () =>
        new Promise<string | null>((r) => {
          answer = r;
        }),
    );
    render(<Form def={def(submit)} ctx={ctx} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Week 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saving…');
    answer('Refused.');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('has a screen reader told what a submit did once the form closes, and nothing of a refusal', async () => {
    const submit = vi
      .fn<FormDef['submit']>()
      .mockResolvedValueOnce('Refused.')
      .mockResolvedValueOnce(null);
    const told = {
      ...def(submit),
      done: (v: Record<string, unknown>) => `Saved ${String(v.title)}.`,
    };
    const onClose = vi.fn();
    render(
      <>
        <Announcer />
        <Form def={told} ctx={ctx} onClose={onClose} />
      </>,
    );
    const region = document.querySelector('.announcer')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Week 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Refused.');
    expect(region.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await waitFor(() => expect(region.textContent).toBe('Saved Week 1.'));
  });

  it('takes away No connection once the server answers again, keeping what was typed', async () => {
    const submit = vi.fn(() => Promise.resolve(boardMsg.noConnection));
    render(<Form def={def(submit)} ctx={ctx} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Week 1' } });
    act(() => useConnection.getState().set(false));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(boardMsg.noConnection);
    act(() => useConnection.getState().set(true));
    await waitFor(() => expect(screen.queryByText(boardMsg.noConnection)).toBeNull());
    expect(screen.getByLabelText<HTMLInputElement>('Title').value).toBe('Week 1');
  });
});

describe('the search form', () => {
  it('says a search needs words under the words’ field, marked wrong, with the keyboard there', async () => {
    const search = SEARCH_FORMS.find((f) => f.id === 'search')!;
    const user = { username: 'ann', roles: ['reader'] };
    render(<Form def={search} ctx={{ ...ctx, user } as FormContext} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const field = screen.getByLabelText('Search for');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const said = document.getElementById(
      field.getAttribute('aria-describedby')!.split(' ').at(-1)!,
    );
    expect(said?.textContent).toBe(searchMsg.searchStringRequired);
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('says what its Users field’s me and all find, and starts a reader at me', () => {
    const search = SEARCH_FORMS.find((f) => f.id === 'search')!;
    const user = { username: 'ann', roles: ['reader'] };
    render(<Form def={search} ctx={{ ...ctx, user } as FormContext} onClose={() => {}} />);
    const users = screen.getByRole<HTMLInputElement>('textbox', { name: 'Users' });
    expect(users.value).toBe('me');
    const hint = document.getElementById(users.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toBe(
      'me (what you wrote), all (what everyone wrote), or user names separated by commas',
    );
  });
});
