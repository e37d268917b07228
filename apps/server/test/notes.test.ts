import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictMsg, describeSelection, type Item, type Multilist } from '@listboard/core';
import { eq, sql } from 'drizzle-orm';
import { items, itemVersions } from '../src/db/schema';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let course: Multilist;

const load = async (a: Agent): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })).json()[0]!;
const tip = (b: Multilist) => b.lists[1]!.items[0]!;
const notesOf = async (a: Agent): Promise<Item[]> => tip(await load(a)).notes;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
  course = await load(author);
});
afterAll(async () => t.close());

const note = (a: Agent, spec: object, extra: object = {}) =>
  a.post('/api/forms/insert_note', {
    listId: course.lists[1]!._id,
    itemId: tip(course)._id,
    noteSpec: spec,
    ...extra,
  });

/** The tip's words as a note's passage, as the page describes a selection of them. */
function passage(words: string) {
  const item = tip(course);
  const block = item.blocks.findIndex((b) => b.text.includes(words));
  const text = item.blocks[block]!.text;
  const at = text.indexOf(words);
  return describeSelection(text, at, at + words.length, {
    blockId: item.blocks[block]!._id,
    blockIndex: block,
    version: item.version,
  });
}

describe('reader notes', () => {
  it('a reader notes a selected passage; it starts pending and hangs off the item, not the list', async () => {
    const highlight = passage('who published it');
    const res = await note(reader, {
      text: 'What about funding?',
      highlight,
      author: 'someone-else',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ annotationClass: 'note', noteStatus: 'pending' });
    const b = await load(reader);
    expect(b.lists[1]!.items).toHaveLength(course.lists[1]!.items.length);
    const [n] = tip(b).notes;
    expect(n).toMatchObject({
      text: 'What about funding?',
      author: 'reader',
      noteStatus: 'pending',
      replyLevel: 0,
    });
    // Stored as sent: the block, the version, a quote selector and a position selector.
    expect(n!.highlight).toEqual(highlight);
  });

  it('reads a highlight of the older shape, stored or sent, as a quote selector alone', async () => {
    const older = {
      exact: 'who published it',
      prefix: 'Ask *first* ',
      suffix: '',
      start: 9,
      end: 25,
    };
    const res = await note(reader, { text: 'Sent in the older shape', highlight: older });
    expect(res.statusCode).toBe(200);
    const quoteOnly = {
      block: null,
      version: null,
      selector: [
        { type: 'TextQuoteSelector', exact: 'who published it', prefix: 'Ask first ', suffix: '' },
      ],
    };
    let n = (await notesOf(reader)).find((x) => x._id === res.json().itemId)!;
    expect(n.highlight).toEqual(quoteOnly);
    // A row written before the new shape existed.
    await t.database.db.update(items).set({ highlight: older }).where(eq(items.id, n._id));
    n = (await notesOf(reader)).find((x) => x._id === res.json().itemId)!;
    expect(n.highlight).toEqual(quoteOnly);
  });

  it('Discussion sends a noted passage with its item as it is now, to look for the words in', async () => {
    await note(reader, { text: 'On the item as a whole' });
    const b = await load(author);
    const item = tip(b);
    const board = (
      await author.post('/api/dbload/load_search', {
        address: '/x/home?code=pending&username=author',
      })
    ).json() as Multilist;
    const notes = board.lists.flatMap((l) => l.items.flatMap((i) => i.notes));
    const quoted = notes.find((n) => n.text === 'What about funding?')!;
    expect(quoted.onItem).toEqual({ _id: item._id, version: item.version, blocks: item.blocks });
    // A note on the whole item needs none.
    expect(notes.find((n) => n.text === 'On the item as a whole')!.onItem).toBeUndefined();
    expect(notes.find((n) => n.text === 'Sent in the older shape')!.onItem).toMatchObject({
      _id: item._id,
    });
  });

  it('refuses a malformed passage with a 400', async () => {
    const bad = [
      { block: null, version: null, selector: [] },
      { block: null, version: 1, selector: [{ type: 'TextPositionSelector', start: 5, end: 2 }] },
      {
        block: { id: null, index: -1 },
        version: 1,
        selector: [{ type: 'TextQuoteSelector', exact: 'a', prefix: '', suffix: '' }],
      },
    ];
    for (const highlight of bad) {
      const res = await note(reader, { text: 'x', highlight });
      expect(res.statusCode, JSON.stringify(highlight)).toBe(400);
    }
  });

  it('blank note text becomes [Highlight only]', async () => {
    const res = await note(reader, { text: '   ' });
    const n = (await notesOf(reader)).find((x) => x._id === res.json().itemId)!;
    expect(n.text).toBe('[Highlight only]');
  });

  it('the author answers by replying; the reader replies again; levels and parents line up', async () => {
    const first = (await notesOf(author)).find((n) => n.text === 'What about funding?')!;
    const answer = await author.post('/api/forms/insert_anno', {
      listId: course.lists[1]!._id,
      itemId: tip(course)._id,
      annoSpec: { text: 'Look at the About page.' },
    });
    expect(answer.json().annoLabel).toBe('1');
    const reply = await note(author, { text: 'Check the imprint.', parentId: first._id });
    expect(reply.json().annotationClass).toBe('reply');
    let notes = await notesOf(reader);
    expect(notes.find((n) => n._id === first._id)!.noteStatus).toBe('answered');
    const back = await note(reader, { text: 'Thanks!', parentId: reply.json().itemId });
    expect(back.statusCode).toBe(200);
    notes = await notesOf(reader);
    const r2 = notes.find((n) => n._id === back.json().itemId)!;
    expect(r2).toMatchObject({
      annotationClass: 'reply',
      replyLevel: 2,
      parentId: reply.json().itemId,
      rootItem: tip(course)._id,
    });
    const second = await author.post('/api/forms/insert_anno', {
      listId: course.lists[1]!._id,
      itemId: tip(course)._id,
      annoSpec: { text: 'Another', label: '' },
    });
    expect(second.json().annoLabel).toBe('2');
  });

  it('only the board’s authors and editors dismiss; a dismissed note is hidden from other readers but can still be replied to', async () => {
    const res = await note(reader, { text: 'Off topic' });
    const id = res.json().itemId;
    expect(
      (await demo.post('/api/forms/set_note_status', { itemId: id, status: 'dismissed' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await author.post('/api/forms/set_note_status', { itemId: id, status: 'dismissed' })).json(),
    ).toMatchObject({ noteStatus: 'dismissed' });
    expect((await notesOf(demo)).some((n) => n._id === id)).toBe(false);
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    expect((await notesOf(admin)).some((n) => n._id === id)).toBe(true);
    expect((await notesOf(reader)).find((n) => n._id === id)!.noteStatus).toBe('dismissed');
    expect((await note(reader, { text: 'Fair enough', parentId: id })).statusCode).toBe(200);
  });

  it('an author’s reply deeper in a thread answers the note at its root', async () => {
    const root = (await note(reader, { text: 'Is the date on the page enough?' })).json().itemId;
    const r1 = (await note(demo, { text: 'Sometimes.', parentId: root })).json().itemId;
    const r2 = (await note(reader, { text: 'When not?', parentId: r1 })).json().itemId;
    expect((await notesOf(reader)).find((n) => n._id === root)!.noteStatus).toBe('pending');
    const deep = await note(author, { text: 'When it was copied.', parentId: r2 });
    expect(deep.json()).toMatchObject({ annotationClass: 'reply' });
    const notes = await notesOf(reader);
    expect(notes.find((n) => n._id === deep.json().itemId)!.replyLevel).toBe(3);
    expect(notes.find((n) => n._id === root)!.noteStatus).toBe('answered');
  });

  it('a reader’s question in reply after the answer sets the note pending again, thanks and a private question do not; a dismissed note stays so', async () => {
    const root = (await note(reader, { text: 'Which year was it printed?' })).json().itemId;
    const answer = (await note(author, { text: 'In 1998.', parentId: root })).json().itemId;
    const status = async () => (await notesOf(author)).find((n) => n._id === root)!;
    expect(await status()).toMatchObject({
      noteStatus: 'answered',
      statusBy: { username: 'author' },
    });
    // Another reply of the author's, or of a coauthor's, changes nothing.
    await note(author, { text: 'The second printing is 1999.', parentId: root });
    expect((await status()).noteStatus).toBe('answered');
    // Thanks, or any reply that asks nothing, leave it answered.
    await note(reader, { text: 'Thank you!', parentId: answer });
    expect((await status()).noteStatus).toBe('answered');
    // A private question asks no one: it stays answered, and the call says nothing was asked.
    const own = await note(
      reader,
      { text: 'Which library has it?', parentId: answer },
      { isPrivate: true },
    );
    expect(own.json()).not.toHaveProperty('askedAgain');
    expect((await status()).noteStatus).toBe('answered');
    // The writer asks again, under the answer: the note waits for the author once more.
    const again = await note(reader, { text: 'And the second edition?', parentId: answer });
    expect(again.json()).toMatchObject({ annotationClass: 'reply', askedAgain: true });
    expect(await status()).toMatchObject({ noteStatus: 'pending', statusBy: null });
    // Back on the author's Discussion, with the question under the answer.
    const discussion = (
      await author.post('/api/dbload/load_search', {
        address: '/author/home?code=pending&username=author',
      })
    ).json<Multilist>();
    const listed = discussion.lists.flatMap((l) => l.items).flatMap((i) => i.notes);
    expect(listed.map((n) => n._id)).toEqual(expect.arrayContaining([root]));
    expect(listed.some((n) => n.text === 'And the second edition?')).toBe(true);
    // Answered again; then a classmate's question under it asks again too.
    await note(author, { text: '2004.', parentId: root });
    expect((await status()).noteStatus).toBe('answered');
    await note(
      demo,
      { text: 'The one in the library', parentId: root },
      {
        labels: [{ name: 'type', value: 'question' }],
      },
    );
    expect((await status()).noteStatus).toBe('pending');
    // Dismissed, a reply leaves it dismissed.
    await author.post('/api/forms/set_note_status', { itemId: root, status: 'dismissed' });
    await note(reader, { text: 'Never mind.', parentId: root });
    expect((await status()).noteStatus).toBe('dismissed');
  });

  it('says who answered or dismissed a note, by a reply or by its status, the owner or a coauthor; nobody once it is pending again', async () => {
    const where = { title: course.title, owner: 'author', username: 'demo' };
    expect((await author.post('/api/forms/add_coauthor', where)).statusCode).toBe(200);
    try {
      const statusOf = async (id: string, a: Agent = reader) => {
        const n = (await notesOf(a)).find((x) => x._id === id)!;
        return { noteStatus: n.noteStatus, statusBy: n.statusBy };
      };
      const asked = (await note(reader, { text: 'Is there a reading list?' })).json().itemId;
      expect(await statusOf(asked)).toEqual({ noteStatus: 'pending', statusBy: null });
      // The coauthor's reply answers it: the note says so, to its writer and to the owner.
      await note(demo, { text: 'On the first list.', parentId: asked });
      const byCoauthor = {
        noteStatus: 'answered',
        statusBy: { username: 'demo', name: 'Demo Reader' },
      };
      expect(await statusOf(asked)).toEqual(byCoauthor);
      expect(await statusOf(asked, author)).toEqual(byCoauthor);
      // The owner dismisses it, then takes that back: pending again, and nobody's.
      const set = (status: string) =>
        author.post('/api/forms/set_note_status', { itemId: asked, status });
      expect((await set('dismissed')).statusCode).toBe(200);
      expect(await statusOf(asked)).toEqual({
        noteStatus: 'dismissed',
        statusBy: { username: 'author', name: 'Maya Ortiz' },
      });
      expect((await set('pending')).statusCode).toBe(200);
      expect(await statusOf(asked)).toEqual({ noteStatus: 'pending', statusBy: null });
      // The Discussion's entry says it too.
      expect((await set('answered')).statusCode).toBe(200);
      const answered = (
        await author.post('/api/dbload/load_search', {
          address: '/author/home?code=answered&username=author',
        })
      ).json<Multilist>();
      const entry = answered.lists
        .flatMap((l) => l.items)
        .flatMap((i) => i.notes)
        .find((n) => n._id === asked)!;
      expect(entry.statusBy).toEqual({ username: 'author', name: 'Maya Ortiz' });
    } finally {
      await author.post('/api/forms/remove_coauthor', where);
    }
  });

  it('a private note has no pending status, and nobody can give it one', async () => {
    const res = await note(reader, { text: 'only for me' }, { isPrivate: true });
    expect(res.json().noteStatus).toBeNull();
    expect((await notesOf(reader)).find((n) => n._id === res.json().itemId)!.noteStatus).toBeNull();
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    const set = await admin.post('/api/forms/set_note_status', {
      itemId: res.json().itemId,
      status: 'answered',
    });
    const answer = set.json<{ error?: string; message?: string }>();
    expect(answer.error ?? answer.message).toMatch(/private note has no status|No such/);
    expect(set.statusCode).toBeGreaterThanOrEqual(400);
    expect((await notesOf(reader)).find((n) => n._id === res.json().itemId)!.noteStatus).toBeNull();
  });

  it('a private note is seen by its author only, never by the board owner or another reader', async () => {
    const res = await note(reader, { text: 'my secret' }, { isPrivate: true });
    const id = res.json().itemId;
    expect((await notesOf(reader)).some((n) => n._id === id)).toBe(true);
    for (const other of [author, demo])
      expect((await notesOf(other)).some((n) => n._id === id)).toBe(false);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await notesOf(guest)).some((n) => n._id === id)).toBe(false);
  });

  it('guests cannot note, readers cannot annotate or set a status on an annotation', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await note(guest, { text: 'hi' })).statusCode).toBe(403);
    const anno = await reader.post('/api/forms/insert_anno', {
      listId: course.lists[1]!._id,
      itemId: tip(course)._id,
      annoSpec: { text: 'x' },
    });
    expect(anno.statusCode).toBe(403);
    const annoId = (await notesOf(author)).find((n) => n.annotationClass === 'anno')!._id;
    expect(
      (await author.post('/api/forms/set_note_status', { itemId: annoId, status: 'answered' }))
        .statusCode,
    ).toBe(400);
  });

  it('a caption is an annotation under a label', async () => {
    const video = course.lists[0]!.items[0]!;
    const res = await author.post('/api/forms/add_caption', {
      itemId: video._id,
      text: 'Opening remarks',
      annoLabel: 'intro',
    });
    expect(res.json()).toMatchObject({ annotationClass: 'anno', annoLabel: 'intro' });
    const shown = (await load(reader)).lists[0]!.items[0]!.notes.find(
      (n) => n._id === res.json().itemId,
    );
    expect(shown).toMatchObject({ text: 'Opening remarks', annoType: 'caption' });
  });

  it('an annotation carries the type given (general by default) and may be private to its author', async () => {
    const on = { listId: course.lists[1]!._id, itemId: tip(course)._id };
    const plain = await author.post('/api/forms/insert_anno', {
      ...on,
      annoSpec: { text: 'Plain remark' },
    });
    const typed = await author.post('/api/forms/insert_anno', {
      ...on,
      annoSpec: { text: 'A caption, privately', type: 'caption' },
      isPrivate: true,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const mine = await notesOf(author);
    expect(mine.find((n) => n._id === plain.json().itemId)).toMatchObject({
      annoType: 'general',
      isPrivate: false,
    });
    expect(mine.find((n) => n._id === typed.json().itemId)).toMatchObject({
      annoType: 'caption',
      isPrivate: true,
    });
    const theirs = await notesOf(reader);
    expect(theirs.some((n) => n._id === plain.json().itemId)).toBe(true);
    expect(theirs.some((n) => n._id === typed.json().itemId)).toBe(false);
  });

  it('a note by a writer without a full name carries no name, so the user name is shown', async () => {
    const { users } = await import('../src/db/schema');
    await t.database.db.update(users).set({ fullname: '' }).where(eq(users.username, 'demo'));
    const res = await note(demo, { text: 'Nameless but not anonymous' });
    expect(res.statusCode, res.body).toBe(200);
    const written = (await notesOf(demo)).find((n) => n._id === res.json().itemId)!;
    expect(written).toMatchObject({ author: 'demo', hint: null });
    const named = await note(reader, { text: 'Signed' });
    const signed = (await notesOf(reader)).find((n) => n._id === named.json().itemId)!;
    expect(signed.hint).toBe('Sam Lee');
  });

  it('deleting an item deletes its notes with it', async () => {
    const { itemId } = (
      await author.post('/api/forms/insert_item', { listId: course.lists[2]!._id, text: 'temp' })
    ).json();
    await reader.post('/api/forms/insert_note', {
      listId: course.lists[2]!._id,
      itemId,
      noteSpec: { text: 'on temp' },
    });
    await author.post('/api/forms/delete_item', { itemId });
    const { items } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    expect(
      await t.database.db.select().from(items).where(eq(items.rootItemId, itemId)),
    ).toHaveLength(0);
  });
});

describe('notes listed away from their item', () => {
  it('sends a noted item along with a listed note only to those who may see the item', async () => {
    const made = await author.post('/api/forms/insert_item', {
      listId: course.lists[1]!._id,
      text: 'A private plan for week two',
      isPrivate: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const itemId = made.json().itemId;
    const anno = await author.post('/api/forms/insert_anno', {
      listId: course.lists[1]!._id,
      itemId,
      annoSpec: {
        text: 'Keep this between us',
        highlight: { exact: 'private plan', prefix: 'A ', suffix: '', start: 2, end: 14 },
      },
    });
    expect(anno.statusCode, anno.body).toBe(200);
    // Every annotation the caller may see, as the Annotations listing shows them.
    const listed = async (a: Agent, username: string) => {
      const res = await a.post('/api/dbload/load_search', {
        address: `/x/home?code=annos&username=${username}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Multilist).lists
        .flatMap((l) => l.items.flatMap((i) => i.notes))
        .filter((n) => n.rootItem === itemId);
    };
    const [own] = await listed(author, 'author');
    expect(own!.onItem).toMatchObject({ _id: itemId });
    const others = await listed(reader, 'reader');
    for (const n of others) expect(n.onItem).toBeUndefined();
    expect(JSON.stringify(others)).not.toContain('week two');
  });
});

describe('a note’s writer', () => {
  it('withdraws their own note, with the replies under it, and may put it back; not another’s', async () => {
    const mine = (await note(reader, { text: 'Posted to everyone by mistake.' })).json().itemId;
    await author.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId: tip(course)._id,
      noteSpec: { text: 'An answer to it.', parentId: mine },
    });
    const theirs = (await note(demo, { text: 'Demo’s own words.' })).json().itemId;
    // Another's note stays: a reader has no deletion right on the board.
    const refused = await reader.post('/api/forms/delete_item', { itemId: theirs });
    expect([refused.statusCode, refused.json().error]).toEqual([
      403,
      'You do not have deletion privilege for this multilist.',
    ]);
    const gone = await reader.post('/api/forms/delete_item', { itemId: mine });
    expect(gone.statusCode, gone.body).toBe(200);
    const texts = async () => (await notesOf(author)).map((n) => n.text);
    expect(await texts()).not.toContain('Posted to everyone by mistake.');
    expect(await texts()).not.toContain('An answer to it.');
    expect(await texts()).toContain('Demo’s own words.');
    // Its Undo puts it back, replies and all; another reader cannot.
    const { trashId } = gone.json();
    const other = await demo.post('/api/forms/restore_from_trash', { trashId });
    expect(other.statusCode).toBe(403);
    const back = await reader.post('/api/forms/restore_from_trash', { trashId });
    expect(back.statusCode, back.body).toBe(200);
    expect(await texts()).toEqual(
      expect.arrayContaining(['Posted to everyone by mistake.', 'An answer to it.']),
    );
  });
});

describe('a coauthor who deleted a reader’s note', () => {
  it('may not put it back once they are no longer a coauthor; its writer still may not either, it was not theirs to withdraw', async () => {
    const added = await author.post('/api/forms/add_coauthor', {
      owner: 'author',
      title: 'course',
      username: 'demo',
    });
    expect(added.statusCode, added.body).toBe(200);
    const readers = (await note(reader, { text: 'A reader’s question, deleted.' })).json().itemId;
    const gone = await demo.post('/api/forms/delete_item', { itemId: readers });
    expect(gone.statusCode, gone.body).toBe(200);
    const { trashId } = gone.json<{ trashId: string }>();
    await author.post('/api/forms/remove_coauthor', {
      owner: 'author',
      title: 'course',
      username: 'demo',
    });
    const back = await demo.post('/api/forms/restore_from_trash', { trashId });
    expect(back.statusCode).toBe(403);
    expect((await notesOf(author)).map((n) => n.text)).not.toContain(
      'A reader’s question, deleted.',
    );
    // The board's author still may.
    const byAuthor = await author.post('/api/forms/restore_from_trash', { trashId });
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect((await notesOf(author)).map((n) => n.text)).toContain('A reader’s question, deleted.');
  });
});

describe('a note’s words', () => {
  const edit = (a: Agent, itemId: string, body: object) =>
    a.post('/api/forms/edit_item', { itemId, ...body });
  const find = async (a: Agent, id: string) => (await notesOf(a)).find((n) => n._id === id);

  it('are changed by their writer alone, the board’s author included, and the quote, status and privacy stay', async () => {
    const highlight = passage('who published it');
    const id = (await note(reader, { text: 'Typo hre.', highlight })).json().itemId;
    const before = (await find(reader, id))!;
    const changed = await edit(reader, id, { text: 'Typo here.', version: before.version });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await find(author, id))!;
    expect([after.text, after.noteStatus, after.highlight]).toEqual([
      'Typo here.',
      'pending',
      before.highlight,
    ]);
    // Marked as changed, for those who read it before, or replied to it.
    expect([before.flags.edited, after.flags.edited]).toEqual([undefined, true]);
    // The board's author may edit items, not a reader's words; another reader neither.
    const byAuthor = await edit(author, id, { text: 'Rewritten by the author.' });
    expect([byAuthor.statusCode, byAuthor.json().error]).toEqual([
      403,
      'Only its writer may change this note.',
    ]);
    expect((await edit(demo, id, { text: 'Rewritten by another.' })).statusCode).toBe(403);
    // Sent from a page that had not yet seen the change: refused, not overwritten.
    const stale = await edit(reader, id, { text: 'Old page.', version: before.version });
    expect(stale.statusCode).toBe(409);
    // Blank words keep a passage's note as a highlight.
    expect((await edit(reader, id, { text: '  ' })).statusCode).toBe(200);
    expect((await find(reader, id))!.text).toBe('[Highlight only]');
    expect((await find(author, id))!.text).toBe('[Highlight only]');
  });

  it('are saved when the teacher answered the note while its writer was changing them, its answer kept', async () => {
    const id = (await note(reader, { text: 'Why is the sky blu?' })).json().itemId;
    const begun = (await find(reader, id))!;
    // The teacher answers it meanwhile: the note's status changes, not its words.
    const answered = await author.post('/api/forms/set_note_status', {
      itemId: id,
      status: 'answered',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const fixed = await edit(reader, id, { text: 'Why is the sky blue?', version: begun.version });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const after = (await find(author, id))!;
    expect([after.text, after.noteStatus]).toEqual(['Why is the sky blue?', 'answered']);
    // An edit begun before those words were saved is refused still.
    const stale = await edit(reader, id, { text: 'Why blue?', version: begun.version });
    expect([stale.statusCode, stale.json().error]).toEqual([409, conflictMsg('item')]);
    expect((await find(reader, id))!.text).toBe('Why is the sky blue?');
  });

  it('are reached by no other edit call of the board’s author: not by its earlier versions, nor through one of its blocks', async () => {
    const id = (
      await note(reader, { text: '/media/lecture.webm\n\nMy phone number is in here.' })
    ).json().itemId;
    expect(
      (await edit(reader, id, { text: '/media/lecture.webm\n\nA question.' })).statusCode,
    ).toBe(200);
    const refused = 'Only its writer may change this note.';
    const versions = await author.post('/api/forms/list_item_versions', { itemId: id });
    expect([versions.statusCode, versions.json().error]).toEqual([403, refused]);
    // Its writer reads them (the next test puts one back).
    const theirs = await reader.post('/api/forms/list_item_versions', { itemId: id });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.body).toContain('My phone number is in here.');
    const [old] = (
      await t.database.db.select().from(itemVersions).where(eq(itemVersions.itemId, id))
    ).map((v) => v.id);
    const restored = await author.post('/api/forms/restore_item_version', {
      itemId: id,
      versionId: old,
    });
    expect([restored.statusCode, restored.json().error]).toEqual([403, refused]);
    const video = (await find(author, id))!.blocks.find((b) => b.type !== 'mdtext')!;
    const block = await author.post('/api/forms/update_block', {
      query: { _id: video._id },
      doc: { $set: { text: '/media/lecture.webm ~ Rewritten by the author' } },
    });
    expect([block.statusCode, block.json().error]).toEqual([403, refused]);
    expect((await find(author, id))!.text).toBe('/media/lecture.webm\n\nA question.');
  });

  it('had before are put back by their writer alone, as an edit of the note: it stays edited, who sees it and its status stay, and the words it had become earlier words too', async () => {
    const id = (await note(reader, { text: 'My first thought.' }, { isPrivate: true })).json()
      .itemId;
    expect((await edit(reader, id, { text: 'A second thought.' })).statusCode).toBe(200);
    const listed = async (a: Agent) =>
      (await a.post('/api/forms/list_item_versions', { itemId: id })).json<{
        versions: { _id: string; text: string; editedBy: string }[];
      }>().versions;
    const [first] = await listed(reader);
    expect([first!.text, first!.editedBy]).toEqual(['My first thought.', 'reader']);
    // Nobody else reads them, nor puts them back: the note is hidden from the author.
    const hidden = await author.post('/api/forms/restore_item_version', {
      itemId: id,
      versionId: first!._id,
    });
    expect(hidden.statusCode).toBe(404);
    const back = await reader.post('/api/forms/restore_item_version', {
      itemId: id,
      versionId: first!._id,
    });
    expect(back.statusCode, back.body).toBe(200);
    const now = (await find(reader, id))!;
    expect([now.text, now.isPrivate, now.flags.edited]).toEqual(['My first thought.', true, true]);
    expect(await find(author, id)).toBeUndefined();
    expect((await listed(reader)).map((v) => v.text)).toEqual([
      'A second thought.',
      'My first thought.',
    ]);
    // A shared note's: its status is the board's authors', and stays as it was.
    const shared = (await note(reader, { text: 'Is this right?' })).json().itemId;
    await author.post('/api/forms/set_note_status', { itemId: shared, status: 'answered' });
    expect((await edit(reader, shared, { text: 'Is this right at all?' })).statusCode).toBe(200);
    const [earlier] = (
      await reader.post('/api/forms/list_item_versions', { itemId: shared })
    ).json<{ versions: { _id: string }[] }>().versions;
    const byAuthor = await author.post('/api/forms/restore_item_version', {
      itemId: shared,
      versionId: earlier!._id,
    });
    expect([byAuthor.statusCode, byAuthor.json().error]).toEqual([
      403,
      'Only its writer may change this note.',
    ]);
    expect(
      (
        await reader.post('/api/forms/restore_item_version', {
          itemId: shared,
          versionId: earlier!._id,
        })
      ).statusCode,
    ).toBe(200);
    const seen = (await find(author, shared))!;
    expect([seen.text, seen.noteStatus, seen.flags.edited]).toEqual([
      'Is this right?',
      'answered',
      true,
    ]);
  });

  it('of a private note stay its writer’s alone; who sees a note is not changed by editing it', async () => {
    const id = (await note(reader, { text: 'Just for me.' }, { isPrivate: true })).json().itemId;
    expect((await edit(reader, id, { text: 'Still just for me.' })).statusCode).toBe(200);
    expect((await find(reader, id))!.text).toBe('Still just for me.');
    expect(await find(author, id)).toBeUndefined();
    const shared = await edit(reader, id, { text: 'Now for all.', isPrivate: false });
    expect([shared.statusCode, shared.json().error]).toEqual([
      400,
      'Who sees a note is settled when it is written: write a new one instead.',
    ]);
    expect(await find(author, id)).toBeUndefined();
    // Another's private note is answered as one that does not exist.
    expect((await edit(demo, id, { text: 'Found it.' })).statusCode).toBe(404);
  });

  it('of a reply or annotation are asked for when left blank', async () => {
    const anno = await author.post('/api/forms/insert_anno', {
      listId: course.lists[1]!._id,
      itemId: tip(course)._id,
      annoSpec: { text: 'Read this first.' },
    });
    const annoId = anno.json().itemId;
    const blank = await edit(author, annoId, { text: '' });
    expect([blank.statusCode, blank.json().error]).toEqual([
      400,
      'Please fill in annotation field.',
    ]);
    expect((await edit(author, annoId, { text: 'Read this second.' })).statusCode).toBe(200);
    expect((await find(reader, annoId))!.text).toBe('Read this second.');
  });
});

describe('a note by one who answers the board’s notes', () => {
  const pendingOf = async (a: Agent, username: string) =>
    (
      await a.post('/api/dbload/load_search', {
        address: `/${username}/home?code=pending&username=${username}`,
      })
    )
      .json<Multilist>()
      .lists.flatMap((l) => l.items.flatMap((i) => [i.text, ...i.notes.map((n) => n.text)]));
  const waiting = async (a: Agent) =>
    (await a.post('/api/dbload/waiting_notes', {})).json<{ count: number }>().count;

  it('has no status: it waits on no Discussion, and no one answers or dismisses it', async () => {
    const before = await waiting(author);
    const own = await note(author, { text: 'Bring this to class on Monday.' });
    expect(own.json()).toMatchObject({ annotationClass: 'note', noteStatus: null });
    expect(await pendingOf(author, 'author')).not.toContain('Bring this to class on Monday.');
    expect(await waiting(author)).toBe(before);
    const set = await author.post('/api/forms/set_note_status', {
      itemId: own.json<{ itemId: string }>().itemId,
      status: 'dismissed',
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().error).toBe(
      'This note has no status: it was written by one who answers the board’s notes.',
    );
    // A reader's note beside it waits, as ever.
    const asked = await note(reader, { text: 'Which chapter for Monday?' });
    expect(asked.json()).toMatchObject({ noteStatus: 'pending' });
    expect(await waiting(author)).toBe(before + 1);
    expect(await pendingOf(author, 'author')).toContain('Which chapter for Monday?');
  });

  it('so has a coauthor’s, not a contributor-only coauthor’s nor a site admin’s', async () => {
    const where = { title: course.title, owner: 'author', username: 'demo' };
    await author.post('/api/forms/add_coauthor', where);
    const coauthors = await note(demo, { text: 'A coauthor’s reminder.' });
    expect(coauthors.json()).toMatchObject({ noteStatus: null });
    await author.post('/api/forms/add_coauthor', { ...where, contributorOnly: true });
    const contributors = await note(demo, { text: 'A contributor’s question.' });
    expect(contributors.json()).toMatchObject({ noteStatus: 'pending' });
    await author.post('/api/forms/remove_coauthor', where);
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    const admins = await note(admin, { text: 'A site admin’s question.' });
    expect(admins.json()).toMatchObject({ noteStatus: 'pending' });
    const pending = await pendingOf(author, 'author');
    expect(pending).toContain('A contributor’s question.');
    expect(pending).toContain('A site admin’s question.');
    expect(pending).not.toContain('A coauthor’s reminder.');
  });

  it('written before, loses its pending status to migration 0022, a reader’s keeping it', async () => {
    const own = (await note(author, { text: 'An old reminder.' })).json<{ itemId: string }>();
    const theirs = (await note(reader, { text: 'An old question.' })).json<{ itemId: string }>();
    // As such a note was written before: pending.
    await t.database.db
      .update(items)
      .set({ noteStatus: 'pending' })
      .where(eq(items.id, own.itemId));
    const migration = path.resolve(
      import.meta.dirname,
      '../drizzle/0022_answerers_notes_no_status.sql',
    );
    await t.database.db.execute(sql.raw(fs.readFileSync(migration, 'utf8')));
    const status = async (id: string) =>
      (await t.database.db.select().from(items).where(eq(items.id, id)))[0]!.noteStatus;
    expect(await status(own.itemId)).toBeNull();
    expect(await status(theirs.itemId)).toBe('pending');
  });
});
