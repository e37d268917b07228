import { describe, expect, it } from 'vitest';
import { draftAccount, draftKey, draftOf, forgetAllDrafts, forgetDraft, keepDraft } from './drafts';
import type { Field } from './registry';

const at = (itemId: string, noteId?: string) => ({
  target: { multilistId: 'b', listId: 'l', itemId, text: null },
  noteId,
});
const fields: Field[] = [
  { name: 'text', label: 'Your note', type: 'textarea' },
  { name: 'password', label: 'Password', type: 'password' },
  { name: 'title', label: 'Title', type: 'text' },
];

describe('drafts of cancelled forms', () => {
  it('keep long text only, per form and per thing it is about, until sent or another account', () => {
    const key = draftKey('note', at('i1'));
    keepDraft(
      key,
      fields,
      { text: 'Half a note', password: 'secret', title: 'One line' },
      draftAccount(),
    );
    // Never a password or a one-line field.
    expect(draftOf(key)).toEqual({ text: 'Half a note' });
    // Another item, another note replied to, another form: nothing.
    expect(draftOf(draftKey('note', at('i2')))).toBeUndefined();
    expect(draftOf(draftKey('reply', at('i1', 'n1')))).toBeUndefined();
    expect(draftOf(draftKey('annotation', at('i1')))).toBeUndefined();
    // Nothing typed (or only spaces) forgets what was kept.
    keepDraft(key, fields, { text: '   ' }, draftAccount());
    expect(draftOf(key)).toBeUndefined();
    keepDraft(key, fields, { text: 'Again' }, draftAccount());
    forgetDraft(key);
    expect(draftOf(key)).toBeUndefined();
    keepDraft(key, fields, { text: 'Mine' }, draftAccount());
    keepDraft(draftKey('reply', at('i1', 'n1')), fields, { text: 'Also mine' }, draftAccount());
    forgetAllDrafts();
    expect(draftOf(key)).toBeUndefined();
    expect(draftOf(draftKey('reply', at('i1', 'n1')))).toBeUndefined();
  });

  it('keep nothing from a form opened for the account the page has since left', () => {
    const key = draftKey('note', at('i1'));
    const opened = draftAccount();
    // Another account takes the page while the form is open; the form closes after.
    forgetAllDrafts();
    keepDraft(key, fields, { text: 'The last account’s words' }, opened);
    expect(draftOf(key)).toBeUndefined();
    // A form opened for the account the page has now keeps its words as before.
    keepDraft(key, fields, { text: 'This one’s' }, draftAccount());
    expect(draftOf(key)).toEqual({ text: 'This one’s' });
  });
});
