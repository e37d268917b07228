import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  draftAccount,
  draftKey,
  draftKeyOf,
  draftOf,
  draftsFor,
  earlierDraftOf,
  forgetDraft,
  keepDraft,
  keepOpenForm,
  typedOver,
} from './drafts';
import type { Field, FormContext } from './registry';

const at = (itemId: string, noteId?: string) => ({
  target: { multilistId: 'b', listId: 'l', itemId, text: null },
  noteId,
});
const fields: Field[] = [
  { name: 'text', label: 'Your note', type: 'textarea' },
  { name: 'password', label: 'Password', type: 'password' },
  { name: 'title', label: 'Title', type: 'text' },
  { name: 'private', label: 'Private', type: 'checkbox' },
  { name: 'files', label: 'Files', type: 'file' },
];

describe('drafts of forms not sent', () => {
  // Each test starts on a page with no drafts, signed in as the reader.
  beforeEach(() => {
    draftsFor(null);
    draftsFor('u-reader');
  });

  it('keep a form with long text, per form and per thing it is about, until sent or another account', () => {
    const key = draftKey('note', at('i1'));
    const file = new File(['x'], 'x.txt');
    keepDraft(key, fields, { title: 'One line', private: true }, draftAccount());
    // No long text: nothing kept.
    expect(draftOf(key)).toBeUndefined();
    keepDraft(
      key,
      fields,
      { text: 'Half a note', password: 'secret', title: 'One line', private: true, files: [file] },
      draftAccount(),
    );
    // With it, what else was chosen (Private ticked), never a password or a file.
    expect(draftOf(key)).toEqual({ text: 'Half a note', title: 'One line', private: true });
    // Long text the form opened with (a profile's bio) is not typed: a box ticked beside it
    // keeps nothing.
    const bio = draftKey('editProfile', at(''));
    const start = { text: 'Reads the news.', private: false };
    keepDraft(bio, fields, { ...start, private: true }, draftAccount(), start);
    expect(draftOf(bio)).toBeUndefined();
    keepDraft(bio, fields, { text: 'Reads the news daily.', private: true }, draftAccount(), start);
    expect(draftOf(bio)).toEqual({ text: 'Reads the news daily.', private: true });
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
    draftsFor('u-author');
    expect(draftOf(key)).toBeUndefined();
    expect(draftOf(draftKey('reply', at('i1', 'n1')))).toBeUndefined();
  });

  it('keep nothing from a form opened for the account the page has since left', () => {
    const key = draftKey('note', at('i1'));
    const opened = draftAccount();
    // Another account takes the page while the form is open; the form closes after.
    draftsFor('u-author');
    keepDraft(key, fields, { text: 'The last account’s words' }, opened);
    expect(draftOf(key)).toBeUndefined();
    // A form opened for the account the page has now keeps its words as before.
    keepDraft(key, fields, { text: 'This one’s' }, draftAccount());
    expect(draftOf(key)).toEqual({ text: 'This one’s' });
  });

  it('are kept by the tab for the same account across a reload, and by no other account', async () => {
    const key = draftKey('note', at('i1'));
    keepDraft(key, fields, { text: 'Half a note', password: 'secret' }, draftAccount());
    // What the tab holds: the account and its words, never the password.
    const held = sessionStorage.getItem('listboard.drafts') ?? '';
    expect(JSON.parse(held)).toEqual({
      user: 'u-reader',
      drafts: { [key]: { text: 'Half a note' } },
      starts: { [key]: { text: '' } },
      open: null,
    });

    // The page loaded again (a fresh copy of the module): the same account finds its words.
    vi.resetModules();
    let again = await import('./drafts');
    expect(again.draftOf(key)).toBeUndefined();
    again.draftsFor('u-reader');
    expect(again.draftOf(key)).toEqual({ text: 'Half a note' });
    // With the words it was typed over (none, for a new note).
    expect(again.typedOver(key, fields, { text: '' })).toBe(false);
    expect(again.typedOver(key, fields, { text: 'Other words' })).toBe(true);

    // Loaded again as another account (signed out meanwhile, elsewhere): nothing, and the tab
    // forgets the first account's words.
    vi.resetModules();
    again = await import('./drafts');
    again.draftsFor('u-guest');
    expect(again.draftOf(key)).toBeUndefined();
    expect(sessionStorage.getItem('listboard.drafts')).toBeNull();
    again.draftsFor('u-reader');
    expect(again.draftOf(key)).toBeUndefined();
  });

  it('sent or emptied, are gone from the tab too', () => {
    const key = draftKey('note', at('i1'));
    keepDraft(key, fields, { text: 'Half a note' }, draftAccount());
    forgetDraft(key);
    expect(sessionStorage.getItem('listboard.drafts')).toBeNull();
    keepDraft(key, fields, { text: 'Again' }, draftAccount());
    keepDraft(key, fields, { text: ' ' }, draftAccount());
    expect(sessionStorage.getItem('listboard.drafts')).toBeNull();
  });

  it('give back the form open with words in it as the page went, once, on its board', async () => {
    const note = { id: 'note', ...at('i1') };
    keepDraft(draftKey('note', note), fields, { text: 'Half a note' }, draftAccount());
    keepOpenForm(note);
    // Loaded again: given once its board is on the page, and only once.
    vi.resetModules();
    const again = await import('./drafts');
    again.draftsFor('u-reader');
    expect(again.takeOpenForm(['other-board'])).toBeNull();
    expect(again.takeOpenForm(['other-board', 'b'])).toEqual(note);
    expect(again.takeOpenForm(['b'])).toBeNull();
    // Its words stay kept, for the form to show.
    expect(again.draftOf(draftKey('note', note))).toEqual({ text: 'Half a note' });
    // A form closed (or its words sent) is not opened again.
    again.keepOpenForm(note);
    again.keepOpenForm(null);
    vi.resetModules();
    const third = await import('./drafts');
    third.draftsFor('u-reader');
    expect(third.takeOpenForm(['b'])).toBeNull();
    // Nor one whose words are gone.
    third.keepOpenForm(note);
    third.forgetDraft(draftKey('note', note));
    third.keepDraft(draftKey('note', at('i2')), fields, { text: 'Another' }, third.draftAccount());
    third.keepOpenForm(note);
    expect(third.takeOpenForm(['b'])).toBeNull();
  });

  it('keep an edit’s words for the version they change, and none for a form with nothing to edit', () => {
    const board = (version: number) =>
      ({
        lists: [{ _id: 'l', version: 7, items: [{ _id: 'i1', version, notes: [] }] }],
      }) as unknown as FormContext['board'];
    const on = (version: number, target = at('i1')) =>
      ({ ...target, board: board(version) }) as unknown as FormContext;
    const editItem = { id: 'editItem', edits: true };
    const key = draftKeyOf(editItem, on(3))!;
    keepDraft(key, fields, { text: 'Week 1, rewritten' }, draftAccount(), { text: 'Week 1' });
    // The item as it was: its words come back.
    expect(draftOf(draftKeyOf(editItem, on(3))!)).toEqual({ text: 'Week 1, rewritten' });
    // Someone saved a change since: nothing comes back over it unasked; the words are there to
    // bring back over it, saying so (Form), and for no other item.
    expect(draftOf(draftKeyOf(editItem, on(4))!)).toBeUndefined();
    expect(earlierDraftOf(draftKeyOf(editItem, on(4))!)).toEqual({
      key,
      values: { text: 'Week 1, rewritten' },
    });
    expect(earlierDraftOf(draftKeyOf(editItem, on(3))!)).toBeUndefined();
    expect(earlierDraftOf(key.replace('/i1/', '/i2/').replace('@3', '@4'))).toBeUndefined();
    // Typed over 'Week 1': an item whose words are still those (moved or labelled since) was not
    // changed under them; one whose words are not, was. So is a draft kept without its words.
    expect(typedOver(key, fields, { text: 'Week 1' })).toBe(false);
    expect(typedOver(key, fields, { text: 'Week 1, as someone else put it' })).toBe(true);
    expect(typedOver(draftKey('note', at('i9')), fields, { text: 'Week 1' })).toBe(true);
    // A list's description goes by the list's version; an item gone from the page keeps none.
    expect(draftKeyOf({ id: 'editListDescription', edits: true }, on(3, at('')))).toMatch(/@7$/);
    expect(draftKeyOf(editItem, on(3, at('gone')))).toBeNull();
    // A new note keeps its draft whatever the item's version.
    expect(draftKeyOf({ id: 'note' }, on(3))).toBe(draftKeyOf({ id: 'note' }, on(4)));
  });
});
