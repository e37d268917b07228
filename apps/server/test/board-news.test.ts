import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_NEWS_VISITS, type Multilist } from '@listboard/core';
import type { BoardNewsEntry } from '@listboard/core/api/contracts/load';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
});
afterAll(() => t.close());

/** A listed board of the author's with one list and one item. */
async function board(titleText: string) {
  const made = (
    await author.post('/api/forms/insert_multilist', { titleText, listed: true })
  ).json<{ multilistId: string; ptitle: string }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', { multilistId: made.multilistId, titleText: 'One' })
  ).json<{ listId: string }>();
  const { itemId } = (
    await author.post('/api/forms/insert_item', { listId, text: 'The first reading.' })
  ).json<{ itemId: string }>();
  return { ...made, listId, itemId };
}

const load = async (a: Agent, ptitle: string) =>
  (await a.post('/api/dbload/load_multilists', { addresses: [`/author/${ptitle}`] })).json<
    Multilist[]
  >()[0]!;

/** A visit as the web keeps it: the newest thing it showed, the server's own time of it. */
async function visit(a: Agent, b: { multilistId: string; ptitle: string }) {
  const shown = (await load(a, b.ptitle)).lists.flatMap((l) =>
    l.items.flatMap((i) => [i.created, ...i.notes.map((n) => n.created)]),
  );
  const seenUpTo = shown.sort().at(-1)!;
  const res = await a.post('/api/display/update_multilistvs', {
    query: { userId: a.userId, multilistId: b.multilistId },
    doc: { $set: { seenUpTo } },
  });
  expect(res.statusCode).toBe(200);
}

const news = async (a: Agent) => {
  const res = await a.post('/api/dbload/board_news', {});
  expect(res.statusCode).toBe(200);
  return res.json<BoardNewsEntry[]>();
};

describe('what is new on the boards one visited', () => {
  it('counts what others wrote since the visit that one may see, not one’s own writing', async () => {
    const b = await board('News one');
    await visit(reader, b);
    expect(await news(reader)).toEqual([]);
    await author.post('/api/forms/insert_item', { listId: b.listId, text: 'A second reading.' });
    await author.post('/api/forms/insert_item', { listId: b.listId, text: 'A third reading.' });
    const note = (
      await demo.post('/api/forms/insert_note', {
        listId: b.listId,
        itemId: b.itemId,
        noteSpec: { text: 'Which edition?' },
      })
    ).json<{ itemId: string }>();
    await demo.post('/api/forms/insert_note', {
      listId: b.listId,
      itemId: b.itemId,
      isPrivate: true,
      noteSpec: { text: 'Only for me.' },
    });
    await reader.post('/api/forms/insert_note', {
      listId: b.listId,
      itemId: b.itemId,
      noteSpec: { text: 'My own note.' },
    });
    const [entry, ...rest] = await news(reader);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ owner: 'author', ptitle: b.ptitle, title: 'News one' });
    expect({ items: entry!.items, notes: entry!.notes }).toEqual({ items: 2, notes: 1 });
    const demos = (await load(reader, b.ptitle)).lists[0]!.items[0]!.notes.find(
      (n) => n._id === note.itemId,
    );
    expect(entry!.newest).toBe(demos!.created);
    // A visit that showed them moves the line on: nothing is new again.
    await visit(reader, b);
    expect(await news(reader)).toEqual([]);
    // The author never visited: nothing is counted for them.
    expect(await news(author)).toEqual([]);
  });

  it('counts the replies under one’s own notes and replies, whoever else they answer', async () => {
    const b = await board('News replies');
    const noteOf = async (a: Agent, text: string, parentId?: string, isPrivate = false) =>
      (
        await a.post('/api/forms/insert_note', {
          listId: b.listId,
          itemId: b.itemId,
          isPrivate,
          noteSpec: { text, ...(parentId ? { parentId } : {}) },
        })
      ).json<{ itemId: string }>().itemId;
    const mine = await noteOf(reader, 'Why this edition?');
    const demos = await noteOf(demo, 'Which chapter?');
    await visit(reader, b);
    await visit(author, b);
    const answer = await noteOf(author, 'The older one is out of print.', mine);
    await noteOf(demo, 'The library has it.', answer);
    await noteOf(author, 'Chapter two.', demos);
    const [entry] = await news(reader);
    expect(entry).toMatchObject({ title: 'News replies', items: 0, notes: 3, toYou: 2 });
    // The author's item holds the notes; only a reply to the author's own answer answers them.
    const [theirs] = await news(author);
    expect(theirs).toMatchObject({ title: 'News replies', notes: 1, toYou: 1 });
    // A private reply of demo's under the reader's note is demo's alone to read: not counted.
    await noteOf(demo, 'Only for me.', mine, true);
    expect((await news(reader))[0]).toMatchObject({ notes: 3, toYou: 2 });
    await reader.post('/api/forms/insert_note', {
      listId: b.listId,
      itemId: b.itemId,
      noteSpec: { text: 'Thanks.', parentId: answer },
    });
    // One's own reply is no news to one, and moves nothing of the others'.
    expect((await news(reader))[0]).toMatchObject({ notes: 3, toYou: 2 });
    await visit(reader, b);
    await visit(author, b);
  });

  it('lists the board with the newest news first, and leaves out a board one may not open', async () => {
    const older = await board('News older');
    const newer = await board('News newer');
    await visit(reader, older);
    await visit(reader, newer);
    await author.post('/api/forms/insert_item', { listId: older.listId, text: 'Older news.' });
    await author.post('/api/forms/insert_item', { listId: newer.listId, text: 'Newer news.' });
    expect((await news(reader)).map((e) => e.title)).toEqual(['News newer', 'News older']);
    await author.post('/api/forms/insert_item', { listId: older.listId, text: 'Older, again.' });
    expect((await news(reader)).map((e) => [e.title, e.items])).toEqual([
      ['News older', 2],
      ['News newer', 1],
    ]);
    // Behind a password: not listed until this session gives it.
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: older.multilistId,
      password: 'sesame',
    });
    expect((await news(reader)).map((e) => e.title)).toEqual(['News newer']);
    await reader.post('/api/forms/board_password', {
      multilistId: older.multilistId,
      password: 'sesame',
    });
    expect((await news(reader)).map((e) => e.title)).toEqual(['News older', 'News newer']);
    // A board in the Trash is no longer there.
    await author.post('/api/forms/delete_multilist', { multilistId: newer.multilistId });
    expect((await news(reader)).map((e) => e.title)).toEqual(['News older']);
  });

  it(`looks at the ${String(BOARD_NEWS_VISITS)} boards visited last`, async () => {
    const first = await board('News first visited');
    await visit(demo, first);
    const later = [];
    for (let i = 0; i < BOARD_NEWS_VISITS; i++) later.push(await board(`News later ${String(i)}`));
    for (const b of later) await visit(demo, b);
    await author.post('/api/forms/insert_item', { listId: first.listId, text: 'Far back.' });
    await author.post('/api/forms/insert_item', { listId: later[0]!.listId, text: 'Near.' });
    expect((await news(demo)).map((e) => e.title)).toEqual(['News later 0']);
    // Visiting the first board again brings it back among the last visited; the board visited
    // longest ago of the others leaves them.
    await demo.post('/api/display/update_multilistvs', {
      query: { userId: demo.userId, multilistId: first.multilistId },
      doc: { $set: { zoom: 2 } },
    });
    expect((await news(demo)).map((e) => e.title)).toEqual(['News first visited']);
  });

  it('tells the shared guest nothing and refuses a caller with no session', async () => {
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const b = await board('News for guests');
    await guest.post('/api/display/update_multilistvs', {
      query: { userId: guest.userId, multilistId: b.multilistId },
      doc: { $set: { seenUpTo: '2000-01-01T00:00:00.000Z' } },
    });
    expect(await news(guest)).toEqual([]);
    const nobody = await new Agent(t.app).post('/api/dbload/board_news', {});
    expect(nobody.statusCode).toBe(401);
  });
});
