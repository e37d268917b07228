import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflictMsg, type Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';
import { blocks, items, lists, viewStates } from '../src/db/schema';

let t: TestContext;
let author: Agent;
let reader: Agent;
let boardId: string;

const load = async (a: Agent, address: string): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]!;
const titles = (b: Multilist) => b.lists.map((l) => l.title);
const texts = (b: Multilist, li = 0) => b.lists[li]!.items.map((i) => i.text);

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const res = await author.post('/api/forms/insert_multilist', {
    titleText: 'Reading Group: Spring!',
    descText: '',
  });
  expect(res.statusCode).toBe(200);
  boardId = res.json().multilistId;
  expect(res.json()).toMatchObject({
    owner: 'author',
    ptitle: 'reading-group-spring',
    title: 'Reading Group: Spring!',
  });
});
afterAll(async () => t.close());

describe('boards', () => {
  it("creates a board addressable by its path title, with 'No description.' when none is given", async () => {
    const b = await load(author, '/author/reading-group-spring');
    expect(b).toMatchObject({
      title: 'Reading Group: Spring!',
      description: 'No description.',
      lists: [],
    });
    const blank = await author.post('/api/display/create_blank_board', { title: 'Scratch' });
    expect((await load(author, `/author/${blank.json().ptitle}`)).description).toBe(
      'No description.',
    );
  });

  it('refuses a second board with the same path title, and a guest creating boards', async () => {
    const again = await author.post('/api/forms/insert_multilist', {
      titleText: 'reading group spring',
    });
    expect(again.statusCode).toBe(409);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect(
      (await guest.post('/api/forms/insert_multilist', { titleText: 'Mine' })).statusCode,
    ).toBe(401);
  });

  it('says a text over its limit is too long, naming it as the form does, with the limit', async () => {
    const long = await author.post('/api/forms/insert_multilist', { titleText: 'x'.repeat(501) });
    expect([long.statusCode, long.json().error]).toEqual([
      400,
      'The title is too long: at most 500 characters.',
    ]);
    const board = await load(author, '/author/course');
    const note = await author.post('/api/forms/insert_note', {
      listId: board.lists[0]!._id,
      itemId: board.lists[0]!.items[0]!._id,
      noteSpec: { text: 'n'.repeat(100_001) },
    });
    expect(note.json().error).toBe('The note is too long: at most 100,000 characters.');
  });

  it('refuses a title of signs or emoji alone, which gives no address, saying why', async () => {
    const why = 'A board’s title needs a letter or a digit: its address is made of them.';
    const made = await author.post('/api/forms/insert_multilist', { titleText: '🎉🎉' });
    expect([made.statusCode, made.json().error]).toEqual([400, why]);
    const blank = await author.post('/api/display/create_blank_board', { title: '...' });
    expect([blank.statusCode, blank.json().error]).toEqual([400, why]);
    const renamed = await author.post('/api/dbedit/edit_multilist', {
      multilistId: boardId,
      titleText: '— ? —',
    });
    expect([renamed.statusCode, renamed.json().error]).toEqual([400, why]);
    // Words with it are fine, and an empty title still asks to be filled in.
    const party = await author.post('/api/forms/insert_multilist', { titleText: '🎉 Party' });
    expect(party.json().ptitle).toBe('party');
    const empty = await author.post('/api/forms/insert_multilist', { titleText: ' ' });
    expect(empty.json().error).toBe('Please fill in title field.');
  });

  it('lists an owner’s boards, hiding unlisted ones from others', async () => {
    const hidden = await author.post('/api/forms/insert_multilist', {
      titleText: 'Drafts',
      listed: false,
    });
    expect(hidden.statusCode).toBe(200);
    const own = (await author.post('/api/forms/list_multilists', { owner: 'author' })).json();
    const seen = (await reader.post('/api/forms/list_multilists', { owner: 'author' })).json();
    expect(own.map((b: { title: string }) => b.title)).toContain('Drafts');
    expect(seen.map((b: { title: string }) => b.title)).not.toContain('Drafts');
    expect(seen.map((b: { title: string }) => b.title)).toContain('course');
  });

  it('edits title and description; the address follows the new title', async () => {
    const res = await author.post('/api/dbedit/edit_multilist', {
      multilistId: boardId,
      titleText: 'Reading Group',
      descText: 'Spring term',
    });
    expect(res.json()).toMatchObject({ ptitle: 'reading-group' });
    const edited = await load(author, '/author/reading-group');
    expect(edited).toMatchObject({ description: 'Spring term' });
    // The answer names the version the board is left at, so the next edit can name it.
    expect(res.json().version).toBe(edited.version);
    const again = await author.post('/api/dbedit/edit_multilist', {
      multilistId: boardId,
      descText: 'Spring term, week 1',
      version: res.json().version,
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('lists', () => {
  it('inserts lists at an index, with items split at blank lines', async () => {
    await author.post('/api/forms/insert_list', {
      multilistId: boardId,
      titleText: 'Week',
      itemText: 'One\n\nTwo\n\nThree',
    });
    await author.post('/api/forms/insert_list', { multilistId: boardId, titleText: 'Prompt' });
    await author.post('/api/forms/insert_list', {
      multilistId: boardId,
      titleText: 'Tip',
      index: 1,
    });
    const b = await load(author, '/author/reading-group');
    expect(titles(b)).toEqual(['Week', 'Tip', 'Prompt']);
    expect(texts(b)).toEqual(['One', 'Two', 'Three']);
    expect(b.sectionsInfoArray).toEqual([
      { indexInBoard: 0, nestingLevel: 0, firstItemIndexInBoard: 0, lastItemIndexInBoard: 2 },
      { indexInBoard: 1, nestingLevel: 0, firstItemIndexInBoard: 3, lastItemIndexInBoard: 2 },
      { indexInBoard: 2, nestingLevel: 0, firstItemIndexInBoard: 3, lastItemIndexInBoard: 2 },
    ]);
  });

  it('splits pasted items at a line of non-breaking spaces, as a word processor leaves, and at Windows line ends', async () => {
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Pasted from Word' })
    ).json();
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Readings',
      itemText: 'First paragraph.\n\u00A0\nSecond paragraph.\r\n\r\nThird,\r\nits second line.',
    });
    const b = await load(author, `/author/${made.ptitle}`);
    expect(b.lists[0]!.items.map((i) => i.text)).toEqual([
      'First paragraph.',
      'Second paragraph.',
      'Third,\nits second line.',
    ]);
  });

  it('keeps a long pasted list whole and in order, each item with its blocks', async () => {
    // More items, and more blocks, than one statement writes (a thousand rows).
    const pasted = Array.from({ length: 1201 }, (_, i) =>
      i % 100 === 7 ? `$$x_{${i}}$$` : `Entry ${i}: [a link](https://example.org/${i}).`,
    );
    const res = await author.post('/api/forms/insert_list', {
      multilistId: boardId,
      titleText: 'Long',
      itemText: pasted.join('\n\n'),
    });
    expect(res.statusCode).toBe(200);
    const b = await load(author, '/author/reading-group');
    const long = b.lists.find((l) => l.title === 'Long')!;
    expect(long.items.map((i) => i.text)).toEqual(pasted);
    expect(long.items.map((i) => i.index)).toEqual(pasted.map((_, i) => i));
    expect(long.items.map((i) => i.blocks.map((bl) => [bl.type, bl.text]))).toEqual(
      pasted.map((text, i) => [[i % 100 === 7 ? 'mathblock1' : 'mdtext', text]]),
    );
    expect((await author.post('/api/forms/remove_list', { listId: long._id })).statusCode).toBe(
      200,
    );
  });

  it('moves a list left and right, blocked at either end', async () => {
    let b = await load(author, '/author/reading-group');
    const tip = b.lists[1]!;
    expect(
      (await author.post('/api/forms/move_list', { listId: tip._id, direction: 'left' }))
        .statusCode,
    ).toBe(200);
    b = await load(author, '/author/reading-group');
    expect(titles(b)).toEqual(['Tip', 'Week', 'Prompt']);
    const blocked = await author.post('/api/forms/move_list', {
      listId: tip._id,
      direction: 'left',
    });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error).toBe('The list is already first.');
    await author.post('/api/forms/move_list', { listId: tip._id, direction: 'right' });
    expect(titles(await load(author, '/author/reading-group'))).toEqual(['Week', 'Tip', 'Prompt']);
  });

  it('reorders lists only with a complete order', async () => {
    const b = await load(author, '/author/reading-group');
    const ids = b.lists.map((l) => l._id);
    const bad = await author.post('/api/forms/reorder_lists', {
      multilistId: boardId,
      listOrder: ids.slice(1),
    });
    expect(bad.statusCode).toBe(400);
    await author.post('/api/forms/reorder_lists', {
      multilistId: boardId,
      listOrder: [ids[2], ids[0], ids[1]],
    });
    expect(titles(await load(author, '/author/reading-group'))).toEqual(['Prompt', 'Week', 'Tip']);
    await author.post('/api/forms/reorder_lists', { multilistId: boardId, listOrder: ids });
  });

  it('edits, duplicates, reverses and removes a list; nothing dangles afterwards', async () => {
    let b = await load(author, '/author/reading-group');
    const week = b.lists[0]!;
    await author.post('/api/forms/edit_list', { listId: week._id, titleText: 'Weeks' });
    const dup = await author.post('/api/forms/duplicate_list', {
      multilistId: boardId,
      prevListId: week._id,
    });
    expect(dup.json().index).toBe(1);
    b = await load(author, '/author/reading-group');
    expect(titles(b)).toEqual(['Weeks', 'Weeks (copy)', 'Tip', 'Prompt']);
    expect(texts(b, 1)).toEqual(['One', 'Two', 'Three']);
    await author.post('/api/forms/reverse_list', { listId: b.lists[1]!._id });
    b = await load(author, '/author/reading-group');
    expect(texts(b, 1)).toEqual(['Three', 'Two', 'One']);
    expect(b.lists[1]!.items.map((i) => i.index)).toEqual([0, 1, 2]);
    const copyId = b.lists[1]!._id;
    await author.post('/api/forms/remove_list', { listId: copyId });
    b = await load(author, '/author/reading-group');
    expect(titles(b)).toEqual(['Weeks', 'Tip', 'Prompt']);
    expect(b.lists.map((l) => l.index)).toEqual([0, 1, 2]);
    const orphans = await t.database.db.select().from(items).where(eq(items.listId, copyId));
    expect(orphans).toHaveLength(0);
    const orphanBlocks = await t.database.db.execute(
      sql`select count(*)::int as n from blocks b left join items i on i.id = b.item_id where i.id is null`,
    );
    expect((orphanBlocks as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('imports a text list after a given list', async () => {
    const b = await load(author, '/author/reading-group');
    await author.post('/api/forms/import_list', {
      multilistId: boardId,
      prevListId: b.lists[0]!._id,
      titleText: 'Readings',
      itemText: 'Orwell, Politics and the English Language\n\nDidion, Why I Write\n',
    });
    const after = await load(author, '/author/reading-group');
    expect(titles(after)).toEqual(['Weeks', 'Readings', 'Tip', 'Prompt']);
    expect(texts(after, 1)).toEqual([
      'Orwell, Politics and the English Language',
      'Didion, Why I Write',
    ]);
  });
});

describe('items', () => {
  let listId: string;
  beforeAll(async () => {
    listId = (await load(author, '/author/reading-group')).lists[0]!._id;
  });

  it('inserts at an index and renumbers the rest', async () => {
    await author.post('/api/forms/insert_item', { listId, text: 'Zero', index: 0 });
    await author.post('/api/forms/insert_item', { listId, text: 'Last' });
    const b = await load(author, '/author/reading-group');
    expect(texts(b)).toEqual(['Zero', 'One', 'Two', 'Three', 'Last']);
    expect(b.lists[0]!.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('edits an item: its blocks are parsed again', async () => {
    const item = (await load(author, '/author/reading-group')).lists[0]!.items[0]!;
    const res = await author.post('/api/forms/edit_item', {
      itemId: item._id,
      text: '## Zero\n\n/media/lecture.webm ~ Lecture',
    });
    expect(res.json().version).toBe(item.version + 1);
    const edited = (await load(author, '/author/reading-group')).lists[0]!.items[0]!;
    expect(edited.blocks.map((bl) => bl.type)).toEqual(['mdtext', 'video']);
    const rows = await t.database.db.select().from(blocks).where(eq(blocks.itemId, item._id));
    expect(rows).toHaveLength(2);
  });

  it('an edit keeps the ids of the blocks it leaves or changes, and their Trim', async () => {
    const made = await author.post('/api/forms/insert_item', {
      listId,
      text: 'Before the talk\n\n/media/talk.webm ~ The talk\n\nAfter the talk',
    });
    const itemId = made.json().itemId;
    const blocksOf = async () =>
      (await load(author, '/author/reading-group')).lists[0]!.items.find((i) => i._id === itemId)!
        .blocks;
    const [before, video, after] = await blocksOf();
    await author.post('/api/display/update_block', {
      query: { _id: video!._id },
      doc: { $set: { autoSeek: true } },
    });
    const edit = (text: string) => author.post('/api/forms/edit_item', { itemId, text });

    // A paragraph put in first: the blocks after it are the same blocks, a place further on.
    await edit(
      'A new first line\n\nBefore the talk\n\n/media/talk.webm ~ The talk\n\nAfter the talk',
    );
    const moved = await blocksOf();
    expect(moved.map((b) => b.text)).toEqual([
      'A new first line',
      'Before the talk',
      '/media/talk.webm ~ The talk',
      'After the talk',
    ]);
    expect(moved.slice(1).map((b) => b._id)).toEqual([before!._id, video!._id, after!._id]);
    expect([before!._id, video!._id, after!._id]).not.toContain(moved[0]!._id);
    expect(moved[2]).toMatchObject({ type: 'video', autoSeek: true });

    // The video's caption and range changed, and a line put before it: still the same block, Trim on.
    await edit(
      'A new first line\n\nBefore the talk\n\nWatch from 0:05.\n\n/media/talk.webm 0:05-0:09 ~ The keynote\n\nAfter the talk',
    );
    const changed = await blocksOf();
    expect(changed[3]).toMatchObject({
      _id: video!._id,
      type: 'video',
      caption: 'The keynote',
      range: { start: 5, end: 9 },
      autoSeek: true,
    });

    // The video taken out: its block goes with it; the others stay themselves.
    await edit('A new first line\n\nBefore the talk\n\nNo video now\n\nAfter the talk');
    const replaced = await blocksOf();
    expect(replaced.map((b) => b.type)).not.toContain('video');
    expect(replaced.map((b) => b._id)).not.toContain(video!._id);
    expect(replaced[1]!._id).toBe(before!._id);
    expect(replaced[3]!._id).toBe(after!._id);
    await author.post('/api/forms/delete_item', { itemId });
  });

  it('refuses an edit based on a stale version with 409, keeping the newer text', async () => {
    const item = (await load(author, '/author/reading-group')).lists[0]!.items[1]!;
    await author.post('/api/forms/edit_item', {
      itemId: item._id,
      text: 'One (first edit)',
      version: item.version,
    });
    const stale = await author.post('/api/forms/edit_item', {
      itemId: item._id,
      text: 'One (stale edit)',
      version: item.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(/changed by someone else/);
    expect((await load(author, '/author/reading-group')).lists[0]!.items[1]!.text).toBe(
      'One (first edit)',
    );
  });

  it('saves an edit begun before the item or list was moved, labelled, reversed or made private, its words the same meanwhile; refuses one begun before its words changed', async () => {
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Edits meanwhile' })
    ).json();
    const addr = `/author/${made.ptitle}`;
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Week 1',
      itemText: 'First\n\nSecond',
    });
    const begun = (await load(author, addr)).lists[0]!.items[1]!;
    // A coauthor's page moves it up and labels it; the author's edit form was open on its words.
    await author.post('/api/forms/move_item', { itemId: begun._id, direction: 'up' });
    await author.post('/api/forms/edit_item_labels', {
      itemId: begun._id,
      labels: [{ name: 'week', value: '1' }],
    });
    const saved = await author.post('/api/forms/edit_item', {
      itemId: begun._id,
      text: 'Second, reworded',
      version: begun.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const now = (await load(author, addr)).lists[0]!.items[0]!;
    expect([now._id, now.text, now.labels]).toEqual([
      begun._id,
      'Second, reworded',
      [{ name: 'week', value: '1' }],
    ]);
    // Made private after those words: an edit begun before them is still refused, its words kept.
    await author.post('/api/forms/edit_item', {
      itemId: begun._id,
      text: now.text,
      isPrivate: true,
    });
    for (const version of [begun.version, now.version - 1, now.version + 5]) {
      const stale = await author.post('/api/forms/edit_item', {
        itemId: begun._id,
        text: 'Older words',
        version,
      });
      expect([stale.statusCode, stale.json().error], `version ${version}`).toEqual([
        409,
        conflictMsg('item'),
      ]);
    }
    // Begun on the words as they are now, before it was made private: saved.
    const onNow = await author.post('/api/forms/edit_item', {
      itemId: begun._id,
      text: 'Second, reworded again',
      version: now.version,
    });
    expect(onNow.statusCode, onNow.body).toBe(200);
    expect((await load(author, addr)).lists[0]!.items[0]!.text).toBe('Second, reworded again');

    // A list's title and description likewise: moved and reversed meanwhile, renamed still.
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Week 2',
      itemText: 'A\n\nB',
    });
    const list = (await load(author, addr)).lists[1]!;
    await author.post('/api/forms/move_list', { listId: list._id, direction: 'left' });
    await author.post('/api/forms/reverse_list', { listId: list._id });
    const renamed = await author.post('/api/forms/edit_list', {
      listId: list._id,
      titleText: 'Week 0',
      version: list.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const described = await author.post('/api/forms/edit_list', {
      listId: list._id,
      descText: 'Before the course',
      version: list.version,
    });
    expect([described.statusCode, described.json().error]).toEqual([409, conflictMsg('list')]);
    expect((await load(author, addr)).lists[0]).toMatchObject({ _id: list._id, title: 'Week 0' });
    await author.post('/api/forms/delete_multilist', { multilistId: made.multilistId });
  });

  it('moves an item to the end of another list, its notes and replies with it; refuses a list of another board', async () => {
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Term plan' })
    ).json();
    const addr = `/author/${made.ptitle}`;
    for (const [title, text] of [
      ['Week 1', 'Intro\n\nFood webs\n\nQuiz'],
      ['Week 2', 'Biomes'],
    ])
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: title,
        itemText: text,
      });
    let b = await load(author, addr);
    const webs = b.lists[0]!.items[1]!;
    const week2 = b.lists[1]!._id;
    const note = (
      await reader.post('/api/forms/insert_note', {
        listId: webs.listId,
        itemId: webs._id,
        noteSpec: { text: 'Which trophic level?' },
      })
    ).json();
    await author.post('/api/forms/insert_note', {
      listId: webs.listId,
      itemId: webs._id,
      noteSpec: { text: 'The third.', parentId: note.itemId },
    });
    // A reader may not move it.
    const refused = await reader.post('/api/forms/move_item_to_list', {
      itemId: webs._id,
      listId: week2,
    });
    expect(refused.statusCode).toBe(403);
    const moved = await author.post('/api/forms/move_item_to_list', {
      itemId: webs._id,
      listId: week2,
    });
    expect(moved.json()).toEqual({ listId: week2, index: 1 });
    b = await load(author, addr);
    expect(texts(b, 0)).toEqual(['Intro', 'Quiz']);
    expect(b.lists[0]!.items.map((i) => i.index)).toEqual([0, 1]);
    expect(texts(b, 1)).toEqual(['Biomes', 'Food webs']);
    const there = b.lists[1]!.items[1]!;
    expect(there._id).toBe(webs._id);
    expect(there.notes.map((n) => n.text)).toEqual(['Which trophic level?', 'The third.']);
    // Moved back by the list it came from, and no further.
    const again = await author.post('/api/forms/move_item_to_list', {
      itemId: webs._id,
      listId: week2,
    });
    expect([again.statusCode, again.json().error]).toEqual([
      400,
      'The item is in that list already.',
    ]);
    const other = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Another plan' })
    ).json();
    const otherList = (
      await author.post('/api/forms/insert_list', {
        multilistId: other.multilistId,
        titleText: 'Elsewhere',
      })
    ).json();
    const elsewhere = await author.post('/api/forms/move_item_to_list', {
      itemId: webs._id,
      listId: otherList.listId,
    });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([
      400,
      'That list is not on this board.',
    ]);
    // A note goes with its item, not on its own; another's note no edit right reaches at all.
    const noteMoved = await author.post('/api/forms/move_item_to_list', {
      itemId: note.itemId,
      listId: b.lists[0]!._id,
    });
    expect([noteMoved.statusCode, noteMoved.json().error]).toEqual([
      403,
      'Only its writer may change this note.',
    ]);
    expect(texts(await load(author, addr), 1)).toEqual(['Biomes', 'Food webs']);
  });

  it('moves items up and down, blocked at either end', async () => {
    const first = (await load(author, '/author/reading-group')).lists[0]!.items[0]!;
    const up = await author.post('/api/forms/move_item', { itemId: first._id, direction: 'up' });
    expect(up.statusCode).toBe(400);
    expect(up.json().error).toBe('The item is already first.');
    await author.post('/api/forms/move_item', { itemId: first._id, direction: 'down' });
    const b = await load(author, '/author/reading-group');
    expect(b.lists[0]!.items[1]!._id).toBe(first._id);
  });

  it('moves an item to a place: into another list between two items, or within its own list, either way', async () => {
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Places plan' })
    ).json();
    const addr = `/author/${made.ptitle}`;
    for (const [title, text] of [
      ['Week 1', 'A\n\nB\n\nC\n\nD'],
      ['Week 2', 'E\n\nF'],
    ])
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: title,
        itemText: text,
      });
    let b = await load(author, addr);
    const [w1, w2] = b.lists.map((l) => l._id) as [string, string];
    const id = (text: string) => b.lists.flatMap((l) => l.items).find((i) => i.text === text)!._id;
    const move = async (text: string, listId: string, index?: number) =>
      author.post('/api/forms/move_item_to_list', {
        itemId: id(text),
        listId,
        ...(index === undefined ? {} : { index }),
      });
    const orders = (x: Multilist) => x.lists.map((l) => l.items.map((i) => `${i.text}${i.index}`));
    // Between E and F.
    expect((await move('B', w2, 1)).json()).toEqual({ listId: w2, index: 1 });
    b = await load(author, addr);
    expect(orders(b)).toEqual([
      ['A0', 'C1', 'D2'],
      ['E0', 'B1', 'F2'],
    ]);
    // Down its own list, past the next one; then up to the top.
    expect((await move('A', w1, 1)).json()).toEqual({ listId: w1, index: 1 });
    b = await load(author, addr);
    expect(orders(b)[0]).toEqual(['C0', 'A1', 'D2']);
    expect((await move('D', w1, 0)).json()).toEqual({ listId: w1, index: 0 });
    b = await load(author, addr);
    expect(orders(b)[0]).toEqual(['D0', 'C1', 'A2']);
    // A place past the end is the end; its own place changes nothing.
    expect((await move('E', w2, 99)).json()).toEqual({ listId: w2, index: 2 });
    expect((await move('C', w1, 1)).json()).toEqual({ listId: w1, index: 1 });
    b = await load(author, addr);
    expect(orders(b)).toEqual([
      ['D0', 'C1', 'A2'],
      ['B0', 'F1', 'E2'],
    ]);
    // A place that is no place is refused, naming the field; nothing moves.
    const bad = await move('A', w2, -1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/index/);
    expect(orders(await load(author, addr))).toEqual(orders(b));
  });

  it('labels, duplicates and deletes an item', async () => {
    const item = (await load(author, '/author/reading-group')).lists[0]!.items[2]!;
    await author.post('/api/forms/edit_item_labels', {
      itemId: item._id,
      labels: [{ name: 'week', value: '2' }],
    });
    await author.post('/api/forms/duplicate_item', { listId, text: item.text, index: 3 });
    let b = await load(author, '/author/reading-group');
    expect(b.lists[0]!.items[2]!.labels).toEqual([{ name: 'week', value: '2' }]);
    expect(b.lists[0]!.items[3]!.text).toBe(item.text);
    const count = b.lists[0]!.items.length;
    await author.post('/api/forms/delete_item', { itemId: item._id });
    b = await load(author, '/author/reading-group');
    expect(b.lists[0]!.items).toHaveLength(count - 1);
    expect(b.lists[0]!.items.map((i) => i.index)).toEqual([...Array(count - 1).keys()]);
  });

  it('duplicates an item with its labels, format and markers, as duplicate_list does', async () => {
    const src = (await load(author, '/author/reading-group')).lists[0]!.items[0]!;
    await author.post('/api/forms/edit_item_labels', {
      itemId: src._id,
      labels: [{ name: 'week', value: '3' }],
    });
    await author.post('/api/display/update_item', {
      query: { _id: src._id },
      doc: { $set: { bgcolor: 'yellow' } },
    });
    const marker = await author.post('/api/forms/add_text_marker', {
      itemId: src._id,
      title: 'Start here',
      description: '',
      cursorIndex: 0,
    });
    expect(marker.statusCode, marker.body).toBe(200);
    const copy = await author.post('/api/forms/duplicate_item', {
      listId,
      text: src.text,
      index: 1,
      itemId: src._id,
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const [orig, dup] = (await load(author, '/author/reading-group')).lists[0]!.items;
    expect(dup!._id).toBe(copy.json().itemId);
    expect(dup!.text).toBe(orig!.text);
    expect(dup!.labels).toEqual([{ name: 'week', value: '3' }]);
    expect(dup!.format).toMatchObject({ bgcolor: 'yellow' });
    expect(dup!.blockMarkers.map((m) => m.title)).toEqual(['Start here']);
    const refused = await author.post('/api/forms/duplicate_item', {
      listId,
      text: 'x',
      itemId: '00000000-0000-4000-8000-000000000000',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('No such item.');
  });

  it('rejects unknown ids with 404 and bad ids with 400', async () => {
    const unknown = await author.post('/api/forms/delete_item', {
      itemId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await author.post('/api/forms/delete_item', { itemId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/itemId/);
  });
});

describe('view state and styling', () => {
  it('merges whitelisted view-state fields and returns them on load, per user', async () => {
    const b = await load(author, '/author/reading-group');
    const set = (doc: object) =>
      author.post('/api/display/update_multilistvs', {
        query: { userId: author.userId, multilistId: boardId },
        doc: { $set: doc },
      });
    expect((await set({ zoom: 3, showNotes: 'annos' })).statusCode).toBe(200);
    await set({ compactView: true, seenUpTo: '2026-12-01T09:30:00.000Z' });
    expect((await load(author, '/author/reading-group')).viewstate).toEqual({
      zoom: 3,
      showNotes: 'annos',
      compactView: true,
      seenUpTo: '2026-12-01T09:30:00.000Z',
    });
    expect((await load(reader, '/author/reading-group')).viewstate).toEqual({});
    await author.post('/api/display/update_listvs', {
      query: { userId: author.userId, listId: b.lists[0]!._id },
      doc: { $set: { zoom: 4 } },
    });
    await author.post('/api/display/update_itemvs', {
      query: { userId: author.userId, itemId: b.lists[0]!.items[0]!._id },
      doc: { $set: { dim: true, displayedAnnoLabels: ['1'] } },
    });
    const after = await load(author, '/author/reading-group');
    expect(after.lists[0]!.viewstate).toEqual({ zoom: 4 });
    expect(after.lists[0]!.items[0]!.viewstate).toEqual({ dim: true, displayedAnnoLabels: ['1'] });
    // Loaded beside another board, each board, list and item keeps its own, and no one else's.
    const side = await author.post('/api/display/create_blank_board', { title: 'Side' });
    const together = async (a: Agent) =>
      (
        await a.post('/api/dbload/load_multilists', {
          addresses: [`/author/${side.json().ptitle}`, '/author/reading-group'],
        })
      ).json<Multilist[]>();
    const [sideBoard, group] = await together(author);
    expect(sideBoard!.title).toBe('Side');
    expect(sideBoard!.viewstate).toEqual({});
    expect(group!.viewstate).toEqual({
      zoom: 3,
      showNotes: 'annos',
      compactView: true,
      seenUpTo: '2026-12-01T09:30:00.000Z',
    });
    expect(group!.lists[0]!.viewstate).toEqual({ zoom: 4 });
    expect(group!.lists[0]!.items[0]!.viewstate).toEqual({ dim: true, displayedAnnoLabels: ['1'] });
    const [, seenByReader] = await together(reader);
    expect(seenByReader!.viewstate).toEqual({});
    expect(seenByReader!.lists[0]!.items[0]!.viewstate).toEqual({});
  });

  it('rejects unknown fields, bad values and someone else’s view state', async () => {
    const q = { userId: author.userId, multilistId: boardId };
    const unknown = await author.post('/api/display/update_multilistvs', {
      query: q,
      doc: { $set: { owner: 'me' } },
    });
    expect(unknown.statusCode).toBe(400);
    const badValue = await author.post('/api/display/update_multilistvs', {
      query: q,
      doc: { $set: { showNotes: 'all' } },
    });
    expect(badValue.statusCode).toBe(400);
    const badTime = await author.post('/api/display/update_multilistvs', {
      query: q,
      doc: { $set: { seenUpTo: 'yesterday' } },
    });
    expect(badTime.statusCode).toBe(400);
    const listZoom = await author.post('/api/display/update_listvs', {
      query: {
        userId: author.userId,
        listId: (await load(author, '/author/reading-group')).lists[0]!._id,
      },
      doc: { $set: { zoom: 6 } },
    });
    expect(listZoom.statusCode).toBe(400);
    const other = await reader.post('/api/display/update_multilistvs', {
      query: q,
      doc: { $set: { zoom: 1 } },
    });
    expect(other.statusCode).toBe(403);
    const stored = await t.database.db
      .select()
      .from(viewStates)
      .where(eq(viewStates.targetId, boardId));
    expect(stored.every((v) => !('owner' in v.state))).toBe(true);
  });

  it('sets styling fields only, and a block’s autoSeek', async () => {
    const item = (await load(author, '/author/reading-group')).lists[0]!.items.find((i) =>
      i.blocks.some((b) => b.type === 'video'),
    )!;
    await author.post('/api/display/update_item', {
      query: { _id: item._id },
      doc: { $set: { bgcolor: 'yellow', fontSizeName: 'large' } },
    });
    const bad = await author.post('/api/display/update_item', {
      query: { _id: item._id },
      doc: { $set: { text: 'hacked' } },
    });
    expect(bad.statusCode).toBe(400);
    const video = item.blocks.find((b) => b.type === 'video')!;
    await author.post('/api/display/update_block', {
      query: { _id: video._id },
      doc: { $set: { autoSeek: true } },
    });
    const after = (await load(author, '/author/reading-group')).lists[0]!.items.find(
      (i) => i._id === item._id,
    )!;
    expect(after.format).toEqual({ bgcolor: 'yellow', fontSizeName: 'large' });
    expect(after.text).toBe(item.text);
    expect(after.blocks.find((b) => b.type === 'video')!.autoSeek).toBe(true);
  });
});

describe('coauthors, members and board passwords', () => {
  it('only the owner adds coauthors; a coauthor may then edit', async () => {
    const denied = await reader.post('/api/forms/add_coauthor', {
      title: 'reading-group',
      owner: 'author',
      username: 'reader',
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('You must be the document owner to add a coauthor.');
    const missing = await author.post('/api/forms/add_coauthor', {
      title: 'reading-group',
      owner: 'author',
      username: 'ghost',
    });
    expect(missing.json().error).toBe('Not a registered user: ghost');
    await author.post('/api/forms/add_coauthor', {
      title: 'reading-group',
      owner: 'author',
      username: 'reader',
    });
    expect((await load(reader, '/author/reading-group')).abilities).toMatchObject({
      role: 'author',
      edit: true,
    });
    const removed = await author.post('/api/forms/remove_coauthor', {
      title: 'reading-group',
      owner: 'author',
      username: 'reader',
    });
    expect(removed.json().message).toBe('Board unshared with user reader');
    expect((await load(reader, '/author/reading-group')).abilities).toMatchObject({
      role: 'reader',
      edit: false,
    });
  });

  it('a contributor-only coauthor may neither insert nor edit', async () => {
    await author.post('/api/forms/add_coauthor', {
      title: 'reading-group',
      owner: 'author',
      username: 'reader',
      contributorOnly: true,
    });
    const b = await load(reader, '/author/reading-group');
    expect(b.abilities.role).toBe('contributor');
    expect(
      (
        await reader.post('/api/forms/insert_item', {
          listId: b.lists[0]!._id,
          text: 'From a contributor',
        })
      ).statusCode,
    ).toBe(403);
    const edit = await reader.post('/api/forms/edit_item', {
      itemId: b.lists[0]!.items[0]!._id,
      text: 'no',
    });
    expect(edit.statusCode).toBe(403);
    await author.post('/api/forms/remove_coauthor', {
      title: 'reading-group',
      owner: 'author',
      username: 'reader',
    });
  });

  it('a member without the delete privilege gets the spec message in production', async () => {
    await author.post('/api/forms/set_member', {
      multilistId: boardId,
      username: 'reader',
      privileges: ['edit'],
    });
    const b = await load(reader, '/author/reading-group');
    expect(b.abilities).toMatchObject({ role: 'editor', edit: true, delete: false });
    const del = await reader.post('/api/forms/delete_item', { itemId: b.lists[0]!.items[0]!._id });
    expect(del.statusCode).toBe(403);
    expect(del.json().error).toBe('You do not have deletion privilege for this multilist.');
  });

  it('a board with a password opens only after the right password, per session', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    // Spaces alone are refused, and leave the board as it was.
    const spaces = await author.post('/api/dbedit/edit_multilist', {
      multilistId: boardId,
      password: '   ',
    });
    expect([spaces.statusCode, spaces.json().error]).toEqual([
      400,
      'A board’s password cannot be only spaces.',
    ]);
    expect((await load(demo, '/author/reading-group')).hasPassword).toBe(false);
    await author.post('/api/dbedit/edit_multilist', { multilistId: boardId, password: 'sesame' });
    const locked = await load(demo, '/author/reading-group');
    expect(locked).toMatchObject({ locked: true, hasPassword: true, lists: [] });
    expect((await load(author, '/author/reading-group')).locked).toBe(false);
    const wrong = await demo.post('/api/forms/board_password', {
      multilistId: boardId,
      password: 'open',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe('The password you entered was incorrect.');
    await demo.post('/api/forms/board_password', { multilistId: boardId, password: 'sesame' });
    expect((await load(demo, '/author/reading-group')).lists.length).toBeGreaterThan(0);
    const other = new Agent(t.app);
    await other.signIn('demo');
    expect((await load(other, '/author/reading-group')).locked).toBe(true);

    // A new password locks the board again for the session that gave the old one; so does a
    // password taken away and set again.
    await author.post('/api/dbedit/edit_multilist', { multilistId: boardId, password: 'sesame2' });
    expect(await load(demo, '/author/reading-group')).toMatchObject({ locked: true, lists: [] });
    await demo.post('/api/forms/board_password', { multilistId: boardId, password: 'sesame2' });
    expect((await load(demo, '/author/reading-group')).locked).toBe(false);
    await author.post('/api/dbedit/edit_multilist', { multilistId: boardId, password: null });
    await author.post('/api/dbedit/edit_multilist', { multilistId: boardId, password: 'sesame3' });
    expect(await load(demo, '/author/reading-group')).toMatchObject({ locked: true, lists: [] });
    // Its title changed, its password kept: still open to the session that gave it.
    await demo.post('/api/forms/board_password', { multilistId: boardId, password: 'sesame3' });
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: boardId,
      descText: 'Still the same password',
    });
    expect((await load(demo, '/author/reading-group')).locked).toBe(false);
    await author.post('/api/dbedit/edit_multilist', { multilistId: boardId, password: null });
  });

  it('a board with a password tells its title only, not its description, until the session gives the password', async () => {
    const made = await author.post('/api/forms/insert_multilist', { titleText: 'Exam answers' });
    const { multilistId, ptitle } = made.json();
    await author.post('/api/forms/insert_list', { multilistId, titleText: 'Week 1' });
    await author.post('/api/dbedit/edit_multilist', {
      multilistId,
      descText: 'Answers inside: qzsecretdescription',
      password: 'tulip7',
    });
    // The reader gave the password in another session, and noted the board there.
    const there = new Agent(t.app);
    await there.signIn('demo');
    await there.post('/api/forms/board_password', { multilistId, password: 'tulip7' });
    const open = await load(there, `/author/${ptitle}`);
    expect(open.description).toContain('qzsecretdescription');
    await there.post('/api/forms/insert_note', {
      listId: open.lists[0]!._id,
      itemId: (
        await author.post('/api/forms/insert_item', { listId: open.lists[0]!._id, text: 'Q1' })
      ).json().itemId,
      noteSpec: { text: 'A note' },
    });
    const here = new Agent(t.app);
    await here.signIn('demo');
    const answers = await Promise.all([
      here.post('/api/dbload/load_multilists', { addresses: [`/author/${ptitle}`] }),
      here.post('/api/dbload/load_multilists', {
        addresses: [`/author/${ptitle}`],
        form: 'packed',
      }),
      here.post('/api/dbload/load_section', {
        address: `/author/${ptitle}`,
        sectionIndex: 0,
        stopIndex: 5,
      }),
      here.post('/api/dbload/load_search', { address: '/demo/home?code=annoBoards&username=demo' }),
    ]);
    for (const a of answers) {
      expect(a.statusCode, a.body).toBe(200);
      expect(a.body).toContain('Exam answers');
      expect(a.body).not.toContain('qzsecretdescription');
    }
    const [first] = answers;
    expect(first.json<Multilist[]>()[0]).toMatchObject({ locked: true, description: '' });
  });

  it('stops taking guesses at a board’s password from an address after 20 wrong ones', async () => {
    const made = await author.post('/api/forms/insert_multilist', { titleText: 'Quiz key' });
    const multilistId = made.json().multilistId;
    await author.post('/api/dbedit/edit_multilist', { multilistId, password: 'tulip7' });
    const guesser = new Agent(t.app);
    await guesser.signIn('demo');
    const guess = (password: string, remoteAddress = '198.51.100.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/forms/board_password',
        payload: { multilistId, password },
        headers: { cookie: guesser.cookie! },
        remoteAddress,
      });
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await guess(`guess${String(i)}`)).statusCode);
    expect(answers).toEqual(Array<number>(20).fill(403));
    // The 21st is refused unchecked, the right password too.
    const late = await guess('tulip7');
    expect([late.statusCode, late.json()]).toEqual([
      429,
      { error: 'Too many wrong passwords for this board. Please wait 10 minutes and try again.' },
    ]);
    expect((await load(guesser, '/author/quiz-key')).locked).toBe(true);
    // Another address (another class) is not held back, and the right password clears its count.
    expect((await guess('wrong', '203.0.113.9')).statusCode).toBe(403);
    expect((await guess('tulip7', '203.0.113.9')).statusCode).toBe(200);
    expect((await load(guesser, '/author/quiz-key')).locked).toBe(false);
  });
});

describe('dumps and sections', () => {
  it('dumps a board for admins only', async () => {
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    const course = await load(admin, '/author/course');
    const dump = await admin.post('/api/forms/dump_multilists', { multilistId: course._id });
    expect(dump.json()).toMatchObject({
      format: 'listboard-dump',
      owner: 'author',
      title: 'course',
    });
    expect(dump.json().lists.map((l: { title: string }) => l.title)).toEqual([
      'Week',
      'Tip',
      'Prompt',
    ]);
    const clips = (
      await admin.post('/api/forms/dump_clips_list', { multilistId: course._id })
    ).json();
    expect(clips.map((c: { type: string }) => c.type)).toEqual(['video', 'audio']);
    expect(
      (await author.post('/api/forms/dump_multilists', { multilistId: course._id })).statusCode,
    ).toBe(403);
  });

  it('loads one section of a board: week 0, tip 1, prompt 2', async () => {
    const res = await reader.post('/api/dbload/load_section', {
      address: '/author/course',
      sectionIndex: 1,
    });
    expect(res.json().lists.map((l: { title: string }) => l.title)).toEqual(['Tip']);
    const two = await reader.post('/api/dbload/load_section', {
      address: '/author/course',
      sectionIndex: 1,
      stopIndex: 2,
    });
    expect(two.json().lists.map((l: { title: string }) => l.title)).toEqual(['Tip', 'Prompt']);
  });

  it('deleting a board removes its lists, items, blocks and view states', async () => {
    const res = await author.post('/api/forms/insert_multilist', { titleText: 'Temporary' });
    const id = res.json().multilistId;
    await author.post('/api/forms/insert_list', {
      multilistId: id,
      titleText: 'L',
      itemText: 'a\n\nb',
    });
    await author.post('/api/display/update_multilistvs', {
      query: { userId: author.userId, multilistId: id },
      doc: { $set: { zoom: 2 } },
    });
    expect((await reader.post('/api/forms/delete_multilist', { multilistId: id })).statusCode).toBe(
      403,
    );
    expect((await author.post('/api/forms/delete_multilist', { multilistId: id })).statusCode).toBe(
      200,
    );
    expect(await t.database.db.select().from(lists).where(eq(lists.multilistId, id))).toHaveLength(
      0,
    );
    expect(await t.database.db.select().from(items).where(eq(items.multilistId, id))).toHaveLength(
      0,
    );
    expect(
      await t.database.db.select().from(viewStates).where(eq(viewStates.targetId, id)),
    ).toHaveLength(0);
  });
});
