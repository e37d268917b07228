/**
 * duplicate_multilist: a board copied as the caller's own. What goes with the copy (lists, items,
 * blocks, labels, formats, markers) and what stays behind (notes, annotations, replies, members,
 * password, others' private items); who may copy; the audit row. And duplicate_list: a list
 * copied after itself, with the same care for what goes and what stays.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyMsg, type Item, type Multilist } from '@listboard/core';
import { Agent, createTestApp, matcher, type Answer, type TestContext } from './harness';
import { multilists } from '../src/db/schema';

let t: TestContext;
let author: Agent;
let reader: Agent;
let admin: Agent;
let source: Multilist;

const load = async (a: Agent, address: string): Promise<Multilist> => {
  const res = await a.post('/api/dbload/load_multilists', { addresses: [address] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[0]!;
};
/** A call's answer, once it has answered 200. */
const ok = async <T>(call: Promise<Answer<T>>): Promise<T> => {
  const res = await call;
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** What a copied item should carry over, without ids, authors or notes. */
const content = (i: Item) => ({
  text: i.text,
  labels: i.labels,
  format: i.format,
  blocks: i.blocks.map(({ _id: _b, ...b }) => b),
  mediaMarkers: i.mediaMarkers,
  sentenceMarkers: i.sentenceMarkers,
  blockMarkers: i.blockMarkers,
});

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  admin = new Agent(t.app);
  await admin.signIn('admin');

  const made = await ok(
    author.post('/api/forms/insert_multilist', {
      titleText: 'Field Notes',
      descText: 'Walks and what we saw.',
    }),
  );
  const board = made.multilistId;
  await ok(
    author.post('/api/forms/insert_list', {
      multilistId: board,
      titleText: 'Walks',
      itemText: '/media/lecture.webm ~ the river\n\nThe first walk. It rained. We went on.',
    }),
  );
  await ok(
    author.post('/api/forms/insert_list', {
      multilistId: board,
      titleText: 'Birds',
      itemText: 'Heron\n\nKingfisher',
    }),
  );
  await t.database.db
    .update(multilists)
    .set({ labels: ['season'], labelColors: { season: 'green' } })
    .where(eq(multilists.id, board));
  let b = await load(author, '/author/field-notes');
  const [video, walk] = b.lists[0]!.items;
  const heron = b.lists[1]!.items[0]!;
  await ok(
    author.post('/api/forms/edit_item_labels', {
      itemId: heron._id,
      labels: [{ name: 'season', value: 'spring' }],
    }),
  );
  await ok(
    author.post('/api/display/update_item', {
      query: { _id: heron._id },
      doc: { $set: { bgcolor: 'sky', fontSizeName: 'large' } },
    }),
  );
  await ok(
    author.post('/api/forms/add_media_marker', {
      itemId: video!._id,
      title: 'Bridge',
      description: 'where the path turns',
      timecode: '0:02',
    }),
  );
  await ok(
    author.post('/api/display/update_block', {
      query: { _id: video!.blocks[0]!._id },
      doc: { $set: { autoSeek: true } },
    }),
  );
  await ok(
    author.post('/api/forms/add_text_marker', {
      itemId: walk!._id,
      title: 'Rain',
      description: '',
      cursorIndex: 1,
      sentences: true,
    }),
  );
  await ok(
    author.post('/api/forms/insert_item', {
      listId: b.lists[1]!._id,
      text: 'Nest site, not for readers',
      isPrivate: true,
    }),
  );
  // Notes, annotations and replies, and a coauthor: none of them goes with a copy.
  const note = await ok(
    reader.post('/api/forms/insert_note', {
      listId: b.lists[1]!._id,
      itemId: heron._id,
      noteSpec: { text: 'Saw one too' },
    }),
  );
  await ok(
    author.post('/api/forms/insert_note', {
      listId: b.lists[1]!._id,
      itemId: heron._id,
      noteSpec: { text: 'Where?', parentId: note.itemId },
    }),
  );
  await ok(
    author.post('/api/forms/insert_anno', {
      listId: b.lists[0]!._id,
      itemId: walk!._id,
      annoSpec: { text: 'Bring boots' },
    }),
  );
  await ok(
    author.post('/api/forms/add_coauthor', {
      title: 'Field Notes',
      owner: 'author',
      username: 'demo',
    }),
  );
  b = await load(author, '/author/field-notes');
  source = b;
});
afterAll(async () => t.close());

describe('duplicate_multilist', () => {
  it("copies lists, items, blocks, labels, formats and markers into the caller's own unlisted board", async () => {
    const made = await ok(
      reader.post('/api/forms/duplicate_multilist', { multilistId: source._id }),
    );
    expect(made).toEqual({
      multilistId: matcher(expect.any(String)),
      owner: 'reader',
      ptitle: 'copy-of-field-notes',
      title: 'Copy of Field Notes',
    });
    const copy = await load(reader, '/reader/copy-of-field-notes');
    expect(copy).toMatchObject({
      _id: made.multilistId,
      owner: 'reader',
      title: 'Copy of Field Notes',
      description: 'Walks and what we saw.',
      listed: false,
      hasPassword: false,
      labels: ['season'],
      labelColors: { season: 'green' },
    });
    expect(copy.abilities.role).toBe('author');
    expect(copy.lists.map((l) => l.title)).toEqual(['Walks', 'Birds']);
    // What the reader sees of the source, item for item: the author's private item stays behind.
    const seen = await load(reader, '/author/field-notes');
    expect(seen.lists[1]!.items.map((i) => i.text)).toEqual(['Heron', 'Kingfisher']);
    for (const [li, list] of seen.lists.entries()) {
      expect(copy.lists[li]!.items.map(content)).toEqual(list.items.map(content));
    }
    const video = copy.lists[0]!.items[0]!;
    expect(video.mediaMarkers).toEqual([
      expect.objectContaining({ title: 'Bridge', description: 'where the path turns' }),
    ]);
    expect(video.blocks[0]).toMatchObject({ type: 'video', autoSeek: true, caption: 'the river' });
    expect(copy.lists[0]!.items[1]!.sentenceMarkers).toEqual([
      expect.objectContaining({ title: 'Rain', cursorIndex: 1 }),
    ]);
    expect(copy.lists[1]!.items[0]).toMatchObject({
      labels: [{ name: 'season', value: 'spring' }],
      format: { bgcolor: 'sky', fontSizeName: 'large' },
    });
    // The copy's items are the copier's, in a board of their own: new ids, indexes from 0.
    const ids = new Set(seen.lists.flatMap((l) => l.items.map((i) => i._id)));
    expect(copy.lists.flatMap((l) => l.items).some((i) => ids.has(i._id))).toBe(false);
    expect(copy.lists[1]!.items.map((i) => i.index)).toEqual([0, 1]);
    expect(copy.lists.flatMap((l) => l.items).every((i) => i.author === 'reader')).toBe(true);
  });

  it('leaves notes, annotations, replies and members behind, and the source as it was', async () => {
    const before = await load(author, '/author/field-notes');
    const made = await ok(
      author.post('/api/forms/duplicate_multilist', { multilistId: source._id }),
    );
    expect(made.ptitle).toBe('copy-of-field-notes');
    const copy = await load(author, `/author/${made.ptitle}`);
    const all = copy.lists.flatMap((l) => l.items);
    expect(all.flatMap((i) => i.notes)).toEqual([]);
    expect(source.lists.flatMap((l) => l.items).flatMap((i) => i.notes).length).toBe(3);
    expect(copy).toMatchObject({ authors: [], contributors: [], readers: [] });
    expect(source.authors).toEqual(['demo']);
    // The owner sees their own private item, and it stays private in the copy.
    expect(copy.lists[1]!.items.map((i) => [i.text, i.isPrivate])).toEqual([
      ['Heron', false],
      ['Kingfisher', false],
      ['Nest site, not for readers', true],
    ]);
    const seenByDemo = new Agent(t.app);
    await seenByDemo.signIn('demo');
    expect((await load(seenByDemo, `/author/${made.ptitle}`)).abilities.role).toBe('reader');
    const after = await load(author, '/author/field-notes');
    expect(after.version).toBe(before.version);
    expect(after.lists.flatMap((l) => l.items).length).toBe(
      before.lists.flatMap((l) => l.items).length,
    );
  });

  it('gives each further copy a title of its own', async () => {
    const again = await ok(
      reader.post('/api/forms/duplicate_multilist', { multilistId: source._id }),
    );
    expect(again).toMatchObject({
      ptitle: 'copy-of-field-notes-2',
      title: 'Copy of Field Notes (2)',
    });
    expect((await load(reader, '/reader/copy-of-field-notes-2')).title).toBe(
      'Copy of Field Notes (2)',
    );
  });

  it('is refused to the guest, and on a board behind a password until it is given', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const refused = await guest.post('/api/forms/duplicate_multilist', {
      multilistId: source._id,
    });
    expect(refused.statusCode).toBe(403);
    const shut = await ok(author.post('/api/forms/insert_multilist', { titleText: 'Shut' }));
    await ok(
      author.post('/api/dbedit/edit_multilist', {
        multilistId: shut.multilistId,
        password: 'sesame',
      }),
    );
    const locked = await reader.post('/api/forms/duplicate_multilist', {
      multilistId: shut.multilistId,
    });
    expect([403, 404]).toContain(locked.statusCode);
    await ok(
      reader.post('/api/forms/board_password', {
        multilistId: shut.multilistId,
        password: 'sesame',
      }),
    );
    const copied = await ok(
      reader.post('/api/forms/duplicate_multilist', { multilistId: shut.multilistId }),
    );
    // The copy is the reader's own: no password of the source's goes with it.
    const copy = await load(reader, `/reader/${copied.ptitle}`);
    expect(copy).toMatchObject({ title: 'Copy of Shut', hasPassword: false, locked: false });
  });

  it("with annotations, brings the copier's own annotations onto their items' copies, as private as they were, and nothing else written on them", async () => {
    const b = await load(author, '/author/field-notes');
    const [walks, birds] = b.lists;
    const walk = walks!.items[1]!;
    const [heron, kingfisher, nest] = birds!.items;
    const anno = (who: Agent, item: Item, annoSpec: object, isPrivate = false) =>
      ok(
        who.post('/api/forms/insert_anno', {
          listId: item.listId,
          itemId: item._id,
          annoSpec,
          isPrivate,
        }),
      );
    const passage = {
      exact: 'It rained.',
      prefix: 'The first walk. ',
      suffix: ' We went on.',
      start: 16,
      end: 26,
    };
    await anno(author, walk, { text: 'Why it matters', type: 'question', highlight: passage });
    await anno(author, kingfisher!, { text: 'Only for me', label: 'K' }, true);
    await anno(author, nest!, { text: 'Nest gloss' });
    // A coauthor's annotation is theirs to copy; a reply under the author's is a reader's words.
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    await anno(demo, heron!, { text: 'Demo’s gloss' });
    const boots = walk.notes.find((n) => n.text === 'Bring boots')!;
    await ok(
      reader.post('/api/forms/insert_note', {
        listId: walk.listId,
        itemId: walk._id,
        noteSpec: { text: 'Which boots?', parentId: boots._id },
      }),
    );

    const made = await ok(
      author.post('/api/forms/duplicate_multilist', {
        multilistId: source._id,
        annotations: true,
      }),
    );
    const copy = await load(author, `/author/${made.ptitle}`);
    const notesOf = (board: Multilist) =>
      board.lists.flatMap((l) =>
        l.items.flatMap((i) =>
          i.notes.map((n) => ({
            on: i.text,
            text: n.text,
            annotationClass: n.annotationClass,
            isPrivate: n.isPrivate,
          })),
        ),
      );
    expect(notesOf(copy)).toEqual([
      {
        on: 'The first walk. It rained. We went on.',
        text: 'Bring boots',
        annotationClass: 'anno',
        isPrivate: false,
      },
      {
        on: 'The first walk. It rained. We went on.',
        text: 'Why it matters',
        annotationClass: 'anno',
        isPrivate: false,
      },
      { on: 'Kingfisher', text: 'Only for me', annotationClass: 'anno', isPrivate: true },
      {
        on: 'Nest site, not for readers',
        text: 'Nest gloss',
        annotationClass: 'anno',
        isPrivate: false,
      },
    ]);
    const copied = copy.lists.flatMap((l) => l.items.flatMap((i) => i.notes));
    const original = b.lists
      .flatMap((l) => l.items.flatMap((i) => i.notes))
      .concat(
        (await load(author, '/author/field-notes')).lists.flatMap((l) =>
          l.items.flatMap((i) => i.notes),
        ),
      );
    // Each is the copier's, on its item's copy, its own thread, with its passage, type and label.
    for (const n of copied) {
      const item = copy.lists.flatMap((l) => l.items).find((i) => i.notes.includes(n))!;
      expect(n).toMatchObject({ author: 'author', rootItem: item._id, listId: item.listId });
      expect(original.some((o) => o._id === n._id)).toBe(false);
    }
    expect(copied.find((n) => n.text === 'Why it matters')).toMatchObject({
      annoType: 'question',
      highlight: matcher(
        expect.objectContaining({
          selector: [expect.objectContaining({ exact: 'It rained.', type: 'TextQuoteSelector' })],
        }),
      ),
    });
    expect(copied.find((n) => n.text === 'Only for me')?.annoLabel).toBe('K');
    // Another reader of the copy sees what a reader sees: not the private annotation, nor the
    // private item and what is on it.
    expect(notesOf(await load(demo, `/author/${made.ptitle}`)).map((n) => n.text)).toEqual([
      'Bring boots',
      'Why it matters',
    ]);
    // The coauthor's copy with annotations has theirs alone.
    const theirs = await ok(
      demo.post('/api/forms/duplicate_multilist', { multilistId: source._id, annotations: true }),
    );
    expect(notesOf(await load(demo, `/demo/${theirs.ptitle}`)).map((n) => n.text)).toEqual([
      'Demo’s gloss',
    ]);
  });

  it('is written to the activity log with the board copied and the copy', async () => {
    const res = await admin.post('/api/admin/activity', { user: 'reader' });
    const rows = (res.json().rows as { call: string; board: string; details: object }[]).filter(
      (r) => r.call === '/api/forms/duplicate_multilist',
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          board: 'author/field-notes',
          details: matcher(
            expect.objectContaining({
              multilistId: source._id,
              copy: 'reader/copy-of-field-notes',
            }),
          ),
        }),
        expect.objectContaining({
          board: 'author/field-notes',
          details: matcher(expect.objectContaining({ copy: 'reader/copy-of-field-notes-2' })),
        }),
      ]),
    );
  });
});

describe('duplicate_list', () => {
  /** Copies the list titled `title` after it, as `who`; answers the board as `who` sees it then. */
  const copyList = async (who: Agent, title: string) => {
    const list = source.lists.find((l) => l.title === title)!;
    const made = await ok(
      who.post('/api/forms/duplicate_list', { multilistId: source._id, prevListId: list._id }),
    );
    const board = await load(who, '/author/field-notes');
    const copy = board.lists.find((l) => l._id === made.listId)!;
    return {
      board,
      copy,
      remove: () => ok(author.post('/api/forms/remove_list', { listId: copy._id })),
    };
  };

  it('copies each item with its labels, format, blocks as stored, markers and privacy, and no notes', async () => {
    const walks = await copyList(author, 'Walks');
    const seen = walks.board.lists.find((l) => l.title === 'Walks')!;
    expect(walks.copy.title).toBe('Walks (copy)');
    expect(walks.copy.items.map(content)).toEqual(seen.items.map(content));
    // The video's block keeps its auto-seek, which its text does not say.
    expect(walks.copy.items[0]!.blocks[0]).toMatchObject({ type: 'video', autoSeek: true });
    expect(walks.copy.items[0]!.mediaMarkers.map((m) => m.title)).toEqual(['Bridge']);
    expect(walks.copy.items[1]!.sentenceMarkers.map((m) => m.title)).toEqual(['Rain']);
    expect(walks.copy.items.flatMap((i) => i.notes)).toEqual([]);
    await walks.remove();

    const birds = await copyList(author, 'Birds');
    expect(birds.copy.items.map((i) => [i.text, i.isPrivate])).toEqual([
      ['Heron', false],
      ['Kingfisher', false],
      ['Nest site, not for readers', true],
    ]);
    expect(birds.copy.items[0]).toMatchObject({
      labels: [{ name: 'season', value: 'spring' }],
      format: { bgcolor: 'sky', fontSizeName: 'large' },
    });
    // The private item's copy is as private: a reader sees the copy without it.
    const read = await load(reader, '/author/field-notes');
    expect(read.lists.find((l) => l._id === birds.copy._id)!.items.map((i) => i.text)).toEqual([
      'Heron',
      'Kingfisher',
    ]);
    await birds.remove();
  });

  it('duplicate_item keeps the blocks as stored when the text is the same, and reads a new text afresh', async () => {
    const walks = source.lists.find((l) => l.title === 'Walks')!;
    const video = (await load(author, '/author/field-notes')).lists
      .find((l) => l._id === walks._id)!
      .items.find((i) => i.blocks[0]?.type === 'video')!;
    const copyAs = async (text: string) => {
      const made = await ok(
        author.post('/api/forms/duplicate_item', { listId: walks._id, itemId: video._id, text }),
      );
      const after = await load(author, '/author/field-notes');
      return after.lists.flatMap((l) => l.items).find((i) => i._id === made.itemId)!;
    };
    const same = await copyAs(video.text);
    // The auto-seek its text does not say, kept; new block ids; its media markers.
    expect(same.blocks.map(({ _id, ...b }) => b)).toEqual(video.blocks.map(({ _id, ...b }) => b));
    expect(same.blocks[0]).toMatchObject({ type: 'video', autoSeek: true, caption: 'the river' });
    expect(same.blocks.map((b) => b._id)).not.toContain(video.blocks[0]!._id);
    expect(same.mediaMarkers.map((m) => m.title)).toEqual(['Bridge']);
    const edited = await copyAs('/media/lecture.webm ~ the estuary');
    expect(edited.blocks[0]).toMatchObject({ type: 'video', caption: 'the estuary' });
    expect(edited.blocks[0]!.autoSeek).toBeFalsy();
    for (const copy of [same, edited])
      await ok(author.post('/api/forms/delete_item', { itemId: copy._id }));
  });

  it('a private item copied with duplicate_item stays private', async () => {
    const birds = source.lists.find((l) => l.title === 'Birds')!;
    const owned = await load(author, '/author/field-notes');
    const nest = owned.lists
      .find((l) => l._id === birds._id)!
      .items.find((i) => i.text.startsWith('Nest site'))!;
    const made = await ok(
      author.post('/api/forms/duplicate_item', {
        listId: birds._id,
        itemId: nest._id,
        text: nest.text,
      }),
    );
    const after = await load(author, '/author/field-notes');
    const copy = after.lists.flatMap((l) => l.items).find((i) => i._id === made.itemId)!;
    expect(copy).toMatchObject({ text: nest.text, isPrivate: true });
    const read = await load(reader, '/author/field-notes');
    expect(read.lists.flatMap((l) => l.items).some((i) => i._id === made.itemId)).toBe(false);
    await ok(author.post('/api/forms/delete_item', { itemId: made.itemId }));
  });

  it("a coauthor's copy leaves the owner's private item behind", async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const birds = await copyList(demo, 'Birds');
    expect(birds.copy.items.map((i) => [i.text, i.author])).toEqual([
      ['Heron', 'demo'],
      ['Kingfisher', 'demo'],
    ]);
    expect(birds.copy.items.map((i) => i.index)).toEqual([0, 1]);
    // Nor does the owner find it there.
    const owned = await load(author, '/author/field-notes');
    expect(owned.lists.find((l) => l._id === birds.copy._id)!.items.map((i) => i.text)).toEqual([
      'Heron',
      'Kingfisher',
    ]);
    await birds.remove();
  });
});

describe('copying an item or a list to another board', () => {
  /** A board of `who`'s own with one list, and how to read it back. */
  const boardOf = async (who: Agent, owner: string, title: string) => {
    const made = await ok(who.post('/api/forms/insert_multilist', { titleText: title }));
    const list = await ok(
      who.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'Kept',
        itemText: 'Already here',
      }),
    );
    return {
      id: made.multilistId,
      listId: list.listId,
      read: () => load(who, `/${owner}/${made.ptitle}`),
    };
  };

  it('offers the boards one may add to, latest changed first, with their lists; the guest none', async () => {
    const mine = await boardOf(author, 'author', 'Copy Targets');
    const offered = await ok(author.post('/api/forms/copy_targets', {}));
    expect(offered[0]).toEqual({
      multilistId: mine.id,
      owner: 'author',
      title: 'Copy Targets',
      ptitle: 'copy-targets',
      lists: [{ listId: mine.listId, title: 'Kept' }],
    });
    expect(offered.map((b) => b.title)).toContain('Field Notes');
    // demo coauthors Field Notes: it is theirs to add to; a board they only read is not.
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const demos = await ok(demo.post('/api/forms/copy_targets', {}));
    expect(demos.map((b) => `${b.owner}/${b.title}`)).toContain('author/Field Notes');
    expect(demos.map((b) => b.multilistId)).not.toContain(mine.id);
    const readers = await ok(reader.post('/api/forms/copy_targets', {}));
    expect(readers.every((b) => b.owner === 'reader')).toBe(true);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/forms/copy_targets', {})).statusCode).toBe(401);
  });

  it('copies an item with its labels, format, blocks as stored and markers to the place asked on another board', async () => {
    const to = await boardOf(author, 'author', 'Second Walk');
    const walks = source.lists.find((l) => l.title === 'Walks')!;
    const video = walks.items.find((i) => i.blocks[0]?.type === 'video')!;
    const made = await ok(
      author.post('/api/forms/duplicate_item', {
        listId: to.listId,
        itemId: video._id,
        text: video.text,
        index: 0,
      }),
    );
    expect(made.index).toBe(0);
    const there = (await to.read()).lists[0]!;
    expect(there.items.map((i) => i.text)).toEqual([video.text, 'Already here']);
    expect(content(there.items[0]!)).toEqual(content(video));
    expect(there.items[0]).toMatchObject({ multilistId: to.id, notes: [] });
    // The source is as it was.
    const after = await load(author, '/author/field-notes');
    expect(after.lists.find((l) => l._id === walks._id)!.items.map((i) => i._id)).toEqual(
      walks.items.map((i) => i._id),
    );
  });

  it('lets a reader collect what they may read onto a board of their own, and nothing else', async () => {
    const mine = await boardOf(reader, 'reader', 'Collected');
    const birds = source.lists.find((l) => l.title === 'Birds')!;
    const heron = birds.items.find((i) => i.text === 'Heron')!;
    const copy = (itemId: string, listId = mine.listId) =>
      reader.post('/api/forms/duplicate_item', { listId, itemId, text: 'copied' });
    const made = await ok(copy(heron._id));
    const there = (await mine.read()).lists[0]!.items.find((i) => i._id === made.itemId)!;
    expect(there).toMatchObject({
      text: 'copied',
      author: 'reader',
      labels: [{ name: 'season', value: 'spring' }],
    });
    // The author's private item answers as a missing one does.
    const ownersNest = (await load(author, '/author/field-notes')).lists
      .find((l) => l._id === birds._id)!
      .items.find((i) => i.text.startsWith('Nest site'))!;
    const hidden = await copy(ownersNest._id);
    const missing = await copy('7c6f3a0e-1f1b-4c3e-9a55-2d0f7e1b4c99');
    expect([hidden.statusCode, hidden.body]).toEqual([missing.statusCode, missing.body]);
    expect(hidden.statusCode).toBe(404);
    // Their own note stays on the board it was written on.
    const note = heron.notes.find((n) => n.text === 'Saw one too')!;
    const refused = await copy(note._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(copyMsg.noteStays);
    // Nor may they add to the author's board.
    const into = await copy(made.itemId, birds._id);
    expect(into.statusCode).toBe(403);
    // A list: at the end of their board, under its own title, without the private item or notes.
    const list = await ok(
      reader.post('/api/forms/duplicate_list', { multilistId: mine.id, prevListId: birds._id }),
    );
    const board = await mine.read();
    expect(list.index).toBe(1);
    expect(board.lists.map((l) => l.title)).toEqual(['Kept', 'Birds']);
    expect(board.lists[1]!.items.map((i) => [i.text, i.author, i.notes.length])).toEqual([
      ['Heron', 'reader', 0],
      ['Kingfisher', 'reader', 0],
    ]);
    // A list of a board behind a password comes only once the password is given.
    const shut = await ok(author.post('/api/forms/insert_multilist', { titleText: 'Shut Lists' }));
    const shutList = await ok(
      author.post('/api/forms/insert_list', {
        multilistId: shut.multilistId,
        titleText: 'Inside',
        itemText: 'Behind the door',
      }),
    );
    await ok(
      author.post('/api/dbedit/edit_multilist', {
        multilistId: shut.multilistId,
        password: 'door',
      }),
    );
    const copyShut = () =>
      reader.post('/api/forms/duplicate_list', {
        multilistId: mine.id,
        prevListId: shutList.listId,
      });
    const locked = await copyShut();
    expect([locked.statusCode, locked.json().error]).toEqual([404, 'No such list.']);
    await ok(
      reader.post('/api/forms/board_password', { multilistId: shut.multilistId, password: 'door' }),
    );
    await ok(copyShut());
    expect((await mine.read()).lists.map((l) => l.title)).toEqual(['Kept', 'Birds', 'Inside']);
  });
});

describe('a copy with the copier’s annotations', () => {
  it('brings, when asked, the copier’s own annotations onto a list’s or an item’s copy on another board, as private as they were, and no one else’s', async () => {
    const walks = source.lists.find((l) => l.title === 'Walks')!;
    const walk = walks.items.find((i) => i.text.startsWith('The first walk'))!;
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const made = [
      await ok(
        author.post('/api/forms/insert_anno', {
          listId: walks._id,
          itemId: walk._id,
          annoSpec: { text: 'Only for me: ask about the bridge' },
          isPrivate: true,
        }),
      ),
      await ok(
        demo.post('/api/forms/insert_anno', {
          listId: walks._id,
          itemId: walk._id,
          annoSpec: { text: 'A coauthor’s gloss' },
        }),
      ),
    ];
    const term = await ok(author.post('/api/forms/insert_multilist', { titleText: 'Term Two' }));
    const kept = await ok(
      author.post('/api/forms/insert_list', { multilistId: term.multilistId, titleText: 'Kept' }),
    );
    await ok(
      author.post('/api/forms/duplicate_list', {
        multilistId: term.multilistId,
        prevListId: walks._id,
        annotations: true,
      }),
    );
    for (const annotations of [true, false])
      await ok(
        author.post('/api/forms/duplicate_item', {
          listId: kept.listId,
          itemId: walk._id,
          text: walk.text,
          annotations,
        }),
      );
    const annos = (b: Multilist) =>
      b.lists.map((l) =>
        l.items.map((i) =>
          i.notes.filter((n) => n.annotationClass === 'anno').map((n) => [n.text, n.isPrivate]),
        ),
      );
    // The author's own on the walk, in order: the gloss of the fixture, those earlier tests wrote
    // and the private one above; not demo's.
    const now = (await load(author, '/author/field-notes')).lists
      .flatMap((l) => l.items)
      .find((i) => i._id === walk._id)!;
    const mine = now.notes
      .filter((n) => n.annotationClass === 'anno' && n.author === 'author')
      .map((n) => [n.text, n.isPrivate]);
    expect(mine).toContainEqual(['Only for me: ask about the bridge', true]);
    expect(mine.map(([text]) => text)).not.toContain('A coauthor’s gloss');
    const shown = mine.filter(([, isPrivate]) => !isPrivate);
    // Kept: the item copied with them, then without (added at the end); Walks: the video, the walk.
    expect(annos(await load(author, '/author/term-two'))).toEqual([
      [mine, []],
      [[], mine],
    ]);
    expect(annos(await load(reader, '/author/term-two'))).toEqual([
      [shown, []],
      [[], shown],
    ]);
    for (const a of made) await ok(author.post('/api/forms/delete_item', { itemId: a.itemId }));
  });

  it('brings them onto a list’s copy on its own board too (Duplicate list)', async () => {
    const walks = source.lists.find((l) => l.title === 'Walks')!;
    const walk = walks.items.find((i) => i.text.startsWith('The first walk'))!;
    const gloss = await ok(
      author.post('/api/forms/insert_anno', {
        listId: walks._id,
        itemId: walk._id,
        annoSpec: { text: 'Bring me along' },
      }),
    );
    const glossesOn = async (listId: string) =>
      (await load(author, '/author/field-notes')).lists
        .find((l) => l._id === listId)!
        .items.flatMap((i) => i.notes.map((n) => n.text));
    for (const annotations of [true, false]) {
      const copy = await ok(
        author.post('/api/forms/duplicate_list', {
          multilistId: source._id,
          prevListId: walks._id,
          titleText: 'Walks again',
          annotations,
        }),
      );
      expect((await glossesOn(copy.listId)).includes('Bring me along')).toBe(annotations);
      await ok(author.post('/api/forms/remove_list', { listId: copy.listId }));
    }
    await ok(author.post('/api/forms/delete_item', { itemId: gloss.itemId }));
  });
});
