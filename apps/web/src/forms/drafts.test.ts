import { describe, expect, it } from 'vitest';
import { draftKey, draftOf, forgetAllDrafts, forgetDraft, keepDraft } from './drafts';
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
    keepDraft(key, fields, { text: 'Half a note', password: 'secret', title: 'One line' });
    // Never a password or a one-line field.
    expect(draftOf(key)).toEqual({ text: 'Half a note' });
    // Another item, another note replied to, another form: nothing.
    expect(draftOf(draftKey('note', at('i2')))).toBeUndefined();
    expect(draftOf(draftKey('reply', at('i1', 'n1')))).toBeUndefined();
    expect(draftOf(draftKey('annotation', at('i1')))).toBeUndefined();
    // Nothing typed (or only spaces) forgets what was kept.
    keepDraft(key, fields, { text: '   ' });
    expect(draftOf(key)).toBeUndefined();
    keepDraft(key, fields, { text: 'Again' });
    forgetDraft(key);
    expect(draftOf(key)).toBeUndefined();
    keepDraft(key, fields, { text: 'Mine' });
    keepDraft(draftKey('reply', at('i1', 'n1')), fields, { text: 'Also mine' });
    forgetAllDrafts();
    expect(draftOf(key)).toBeUndefined();
    expect(draftOf(draftKey('reply', at('i1', 'n1')))).toBeUndefined();
  });
});
