import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeSelection, type Item, type Multilist } from '@listboard/core';
import { unpackBoards, type PackedMultilist } from '@listboard/core/api/packed';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { Agent, boardWithItem, createTestApp, writeNote, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let course: Multilist;

const load = async (a: Agent, form?: 'packed'): Promise<Multilist> => {
  const boards = (
    await a.post('/api/dbload/load_multilists', { addresses: ['/author/course'], form })
  ).json<PackedMultilist[]>();
  return unpackBoards(boards)[0]!;
};
const tip = (b: Multilist) => b.lists[1]!.items[0]!;
const noteIn = async (a: Agent, id: string, form?: 'packed'): Promise<Item | undefined> =>
  tip(await load(a, form)).notes.find((n) => n._id === id);
const mark = (a: Agent, itemId: string, helpful = true) =>
  a.post('/api/forms/mark_helpful', { itemId, helpful });

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

const write = async (a: Agent, text: string, extra: object = {}) =>
  (
    await a.post('/api/forms/insert_note', {
      listId: course.lists[1]!._id,
      itemId: tip(course)._id,
      noteSpec: { text },
      ...extra,
    })
  ).json<{ itemId: string }>().itemId;

describe('helpful', () => {
  it('counts each reader once; each load tells only its caller whether they marked it, in both forms', async () => {
    const id = await write(reader, 'Is the funder the same as the publisher?');
    expect((await mark(demo, id)).json()).toEqual({ itemId: id, votes: 1, voted: true });
    // Once per reader, however often pressed.
    expect((await mark(demo, id)).json()).toEqual({ itemId: id, votes: 1, voted: true });
    expect((await mark(author, id)).json()).toEqual({ itemId: id, votes: 2, voted: true });
    expect(await noteIn(demo, id)).toMatchObject({ votes: 2, voted: true });
    expect(await noteIn(demo, id, 'packed')).toMatchObject({ votes: 2, voted: true });
    const writers = await noteIn(reader, id);
    expect(writers?.votes).toBe(2);
    expect(writers?.voted).toBeUndefined();
    expect((await noteIn(reader, id, 'packed'))?.voted).toBeUndefined();
    // Taken back: the count goes down, the mark is gone, a second take-back changes nothing.
    expect((await mark(demo, id, false)).json()).toEqual({ itemId: id, votes: 1, voted: false });
    expect((await mark(demo, id, false)).json()).toEqual({ itemId: id, votes: 1, voted: false });
    expect((await noteIn(demo, id))?.voted).toBeUndefined();
    expect((await noteIn(author, id))?.voted).toBe(true);
    // The notes file says how many marked each: its helpful column, the last but the tags.
    const csv = await author.get(
      `/api/export/annotations?board=/author/${course.ptitle}&format=csv`,
    );
    expect(csv.body.split('\r\n')[0]?.split(',').slice(-2)).toEqual(['helpful', 'tags']);
    const row = csv.body.split('\r\n').find((r) => r.includes('Is the funder the same'));
    expect(row?.split(',').at(-2)).toBe('1');
  });

  it('a reply is marked as a note is', async () => {
    const id = await write(reader, 'Who paid for the survey?');
    const reply = await write(author, 'The ministry did; see the footnote.', {
      noteSpec: { text: 'The ministry did; see the footnote.', parentId: id },
    });
    expect((await mark(reader, reply)).json()).toMatchObject({ votes: 1, voted: true });
    expect(await noteIn(reader, reply)).toMatchObject({ votes: 1, voted: true });
  });

  it('refuses one’s own note, a private note, an annotation and the guest; a note one may not see is not found', async () => {
    const own = await write(reader, 'My own question?');
    const refused = await mark(reader, own);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Your own note is not yours to mark helpful.');
    const hidden = await write(reader, 'A private worry', { isPrivate: true });
    // Nobody else sees it, the board's author included: as if it did not exist.
    expect((await mark(demo, hidden)).statusCode).toBe(404);
    expect((await mark(author, hidden)).statusCode).toBe(404);
    const anno = (
      await author.post('/api/forms/insert_anno', {
        listId: course.lists[1]!._id,
        itemId: tip(course)._id,
        annoSpec: { text: 'Read this closely.' },
      })
    ).json<{ itemId: string }>().itemId;
    const annoMark = await mark(reader, anno);
    expect(annoMark.statusCode).toBe(400);
    expect(annoMark.json().error).toBe('Only notes and replies are marked helpful.');
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const open = await write(demo, 'A question for everyone?');
    expect([401, 403]).toContain((await mark(guest, open)).statusCode);
    expect((await noteIn(author, open))?.votes).toBe(0);
  });

  it('a deleted note put back from the Trash keeps its count and who marked it', async () => {
    const id = await write(reader, 'Does the framing change the numbers?');
    await mark(demo, id);
    await mark(author, id);
    const del = await reader.post('/api/forms/delete_item', { itemId: id });
    expect(del.statusCode).toBe(200);
    expect(await noteIn(demo, id)).toBeUndefined();
    const back = await author.post('/api/forms/restore_from_trash', {
      trashId: del.json<{ trashId: string }>().trashId,
    });
    expect(back.statusCode).toBe(200);
    expect(await noteIn(demo, id)).toMatchObject({ votes: 2, voted: true });
    // The count and the marks agree: taking one back counts down from two.
    expect((await mark(demo, id, false)).json()).toMatchObject({ votes: 1, voted: false });
  });
});

describe('helpful, when an account goes', () => {
  it('takes the marks of a removed account off the count', async () => {
    const id = await write(reader, 'Is the poll weighted?');
    const admin = new Agent(t.app);
    await admin.signIn('admin');
    const made = await admin.post('/api/auth/create_user', {
      username: 'leaver',
      password: 'listboard',
      email: 'leaver@example.org',
      profile: { role: 'reader' },
    });
    expect(made.statusCode, made.body).toBe(200);
    // As if they had followed the verification mail.
    await t.database.db
      .update(users)
      .set({ mustVerifyEmail: false, emailVerified: true })
      .where(eq(users.username, 'leaver'));
    const leaver = new Agent(t.app);
    await leaver.signIn('leaver', 'listboard');
    await mark(demo, id);
    const leaverMark = await mark(leaver, id);
    expect(leaverMark.json(), leaverMark.body).toMatchObject({ votes: 2 });
    const gone = await leaver.post('/api/forms/deregister_user', {
      email: 'leaver@example.org',
      password: 'listboard',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await noteIn(demo, id)).toMatchObject({ votes: 1, voted: true });
  });
});

describe('Discussion, most helpful first', () => {
  it('lists the notes most marked first, in one list, when asked; newest first by the week otherwise', async () => {
    const board = await boardWithItem(author, { title: 'Helpful order', item: 'Read and ask.' });
    const { listId, itemId } = board;
    const ask = async (text: string) =>
      (await reader.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text } })).json<{
        itemId: string;
      }>().itemId;
    const twice = await ask('Asked first, marked twice?');
    const once = await ask('Asked second, marked once?');
    await ask('Asked last, marked by nobody?');
    await mark(demo, twice);
    await mark(author, twice);
    await mark(demo, once);
    const discussion = async (order: string) => {
      const b = (
        await author.post('/api/dbload/load_search', {
          address: `/x/home?code=pending&username=author&board=${board.ptitle}${order}`,
        })
      ).json<Multilist>();
      return {
        lists: b.lists.map((l) => l.title),
        notes: b.lists.flatMap((l) => l.items.map((i) => i.notes[0]?.text)),
        noteOrder: b.noteOrder,
      };
    };
    expect(await discussion('&order=helpful')).toEqual({
      lists: ['Most helpful first'],
      notes: [
        'Asked first, marked twice?',
        'Asked second, marked once?',
        'Asked last, marked by nobody?',
      ],
      noteOrder: 'helpful',
    });
    const newest = await discussion('');
    expect(newest.notes).toEqual([
      'Asked last, marked by nobody?',
      'Asked second, marked once?',
      'Asked first, marked twice?',
    ]);
    expect(newest.lists[0]).toMatch(/^Week of /);
    expect(newest.noteOrder).toBeUndefined();
    // Insight counts the marks each reader's notes drew.
    const insight = (
      await author.post('/api/forms/board_insight', { multilistId: board.multilistId })
    ).json<{ readers: { username: string; helpful: number }[] }>();
    expect(insight.readers.map((r) => [r.username, r.helpful])).toEqual([['reader', 3]]);
    // Each entry, and each reply under it, tells the caller alone which they marked: the teacher
    // marked the first note and a classmate's reply; the second was marked by another alone.
    const reply = (
      await demo.post('/api/forms/insert_note', {
        listId,
        itemId,
        noteSpec: { text: 'Me too.', parentId: once },
      })
    ).json<{ itemId: string }>().itemId;
    await mark(author, reply);
    const marked = (
      await author.post('/api/dbload/load_search', {
        address: `/x/home?code=pending&username=author&board=${board.ptitle}`,
      })
    ).json<Multilist>();
    expect(
      marked.lists.flatMap((l) =>
        l.items.flatMap((i) => i.notes.map((n) => [n.text, n.votes, n.voted === true])),
      ),
    ).toEqual([
      ['Asked last, marked by nobody?', 0, false],
      ['Asked second, marked once?', 1, false],
      ['Me too.', 1, true],
      ['Asked first, marked twice?', 2, true],
    ]);
  });

  it('counts on Insight’s most noted passages how often their notes were marked', async () => {
    const item = tip(course);
    const block = item.blocks.findIndex((b) => b.text.includes('who published it'));
    const text = item.blocks[block]!.text;
    const at = text.indexOf('who published it');
    const highlight = describeSelection(text, at, at + 'who published it'.length, {
      blockId: item.blocks[block]!._id,
      blockIndex: block,
      version: item.version,
    });
    const first = await write(reader, 'Who is that, here?', {
      noteSpec: { text: 'Who is that, here?', highlight },
    });
    const second = await write(demo, 'And who owns them?', {
      noteSpec: { text: 'And who owns them?', highlight },
    });
    await mark(demo, first);
    await mark(author, first);
    await mark(reader, second);
    const { confusion } = (
      await author.post('/api/forms/board_insight', { multilistId: course._id })
    ).json<{ confusion: { quote: string; notes: number; helpful: number }[] }>();
    expect(confusion.find((p) => p.quote === 'who published it')).toMatchObject({
      notes: 2,
      helpful: 3,
    });
  });
});

describe('Discussion, questions first', () => {
  it('lists the notes that ask first, newest first among them, then the rest, in one list', async () => {
    const board = await boardWithItem(author, { title: 'Questions order', item: 'Read and ask.' });
    for (const text of [
      'Which source came first?',
      'A remark with no question.',
      'Why two dates? #question',
      'Another remark.',
    ])
      await writeNote(reader, board, { text });
    const b = (
      await author.post('/api/dbload/load_search', {
        address: `/x/home?code=myNotes&username=author&board=${board.ptitle}&order=questions`,
      })
    ).json<Multilist>();
    expect(b.noteOrder).toBe('questions');
    expect(b.lists.map((l) => l.title)).toEqual(['Questions first']);
    expect(b.lists.flatMap((l) => l.items.map((i) => i.notes[0]?.text))).toEqual([
      'Why two dates? #question',
      'Which source came first?',
      'Another remark.',
      'A remark with no question.',
    ]);
    // Its pages and tabs keep the order.
    expect(b.title).toBe('My notes: Questions order');
  });
});
