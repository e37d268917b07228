/**
 * When readers' notes on a board are due: set and cleared by those who may edit the board in
 * Board settings (edit_multilist's notesDue), sent with the board to everyone who may open it, in
 * both forms of a load, kept from a session that has not given the board's password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Multilist } from '@listboard/core';
import { unpackBoards, type PackedMultilist } from '@listboard/core/api/packed';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let boardId: string;
const ADDRESS = '/author/essay-week';

const load = async (a: Agent, form?: 'packed'): Promise<Multilist> => {
  const res = await a.post('/api/dbload/load_multilists', {
    addresses: [ADDRESS],
    ...(form ? { form } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return form ? unpackBoards(res.json<PackedMultilist[]>())[0]! : res.json<Multilist[]>()[0]!;
};
const setDue = (a: Agent, notesDue: unknown) =>
  a.post('/api/dbedit/edit_multilist', { multilistId: boardId, notesDue });

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const res = await author.post('/api/forms/insert_multilist', { titleText: 'Essay week' });
  boardId = res.json<{ multilistId: string }>().multilistId;
});
afterAll(async () => t.close());

describe('when notes are due', () => {
  it('a board has none until its author sets one; every reader then gets it, in both forms', async () => {
    expect((await load(reader)).notesDue).toBeNull();
    // An offset other than UTC is the same moment.
    const res = await setDue(author, '2026-12-12T12:00:00-05:00');
    expect(res.statusCode, res.body).toBe(200);
    for (const form of [undefined, 'packed'] as const) {
      expect((await load(reader, form)).notesDue).toBe('2026-12-12T17:00:00.000Z');
      expect((await load(author, form)).notesDue).toBe('2026-12-12T17:00:00.000Z');
    }
    // Another change of the board's settings leaves it as it is.
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: boardId,
      descText: 'Draft due.',
    });
    expect((await load(reader)).notesDue).toBe('2026-12-12T17:00:00.000Z');
  });

  it('is refused when it is not a date and time, and to a reader; null takes it away', async () => {
    for (const typed of ['next Friday', '2026-12-12', '2026-13-40T10:00:00Z', 42]) {
      const res = await setDue(author, typed);
      expect(res.statusCode, String(typed)).toBe(400);
    }
    // A year no database keeps (the year 0 was once a 500), or no one means.
    for (const typed of [
      '0000-02-29T23:24:58-00:48',
      '1900-01-01T09:00:00Z',
      '9999-12-31T23:00:00-05:00',
    ]) {
      const res = await setDue(author, typed);
      expect(res.statusCode, typed).toBe(400);
      expect(res.json<{ error: string }>().error, typed).toMatch(
        /must be a date between 1970 and 9999/,
      );
    }
    expect((await setDue(reader, '2027-01-01T09:00:00Z')).statusCode).toBe(403);
    expect((await load(reader)).notesDue).toBe('2026-12-12T17:00:00.000Z');
    expect((await setDue(author, null)).statusCode).toBe(200);
    expect((await load(reader)).notesDue).toBeNull();
  });

  it('Insight counts each reader’s notes and replies written after it as late', async () => {
    await author.post('/api/forms/insert_list', {
      multilistId: boardId,
      titleText: 'Drafts',
      itemText: 'Write a page.',
    });
    const list = (await load(author)).lists[0]!;
    const at = { listId: list._id, itemId: list.items[0]!._id };
    const note = async (who: Agent, text: string, parentId?: string) => {
      const res = await who.post('/api/forms/insert_note', {
        ...at,
        noteSpec: { text, ...(parentId ? { parentId } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ itemId: string }>().itemId;
    };
    const onTime = await note(reader, 'On time');
    await new Promise((r) => setTimeout(r, 20));
    await setDue(author, new Date().toISOString());
    await new Promise((r) => setTimeout(r, 20));
    await note(reader, 'After the date');
    await note(reader, 'A reply after it too', onTime);
    const insight = await author.post('/api/forms/board_insight', { multilistId: boardId });
    expect(insight.statusCode, insight.body).toBe(200);
    const sam = insight
      .json<{ readers: { username: string; notes: number; replies: number; late: number }[] }>()
      .readers.find((r) => r.username === 'reader');
    expect(sam).toMatchObject({ notes: 2, replies: 1, late: 2 });
    // The CSV export marks each note and reply late or not; with no date, neither.
    const lateColumn = async () => {
      const res = await author.get(`/api/export/annotations?board=${ADDRESS}&format=csv`);
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...rows] = res.body.trim().split('\r\n');
      const late = header?.split(',').indexOf('late') ?? -1;
      expect(late).toBe(12);
      return Object.fromEntries(
        rows.map((r): [string, string] => [r.split(',')[4] ?? '', r.split(',')[late] ?? '']),
      );
    };
    expect(await lateColumn()).toEqual({
      'On time': 'false',
      'After the date': 'true',
      'A reply after it too': 'true',
    });
    // With the date taken away, nothing is late.
    await setDue(author, null);
    expect(Object.values(await lateColumn())).toEqual(['', '', '']);
    const again = await author.post('/api/forms/board_insight', { multilistId: boardId });
    expect(
      again.json<{ readers: { username: string; late: number }[] }>().readers.map((r) => r.late),
    ).toEqual([0]);
  });

  it('marks a note written after it late on Discussion and on its writer’s Notes; not to other readers', async () => {
    await new Promise((r) => setTimeout(r, 20));
    await setDue(author, new Date().toISOString());
    await new Promise((r) => setTimeout(r, 20));
    const list = (await load(author)).lists[0]!;
    const wrote = await reader.post('/api/forms/insert_note', {
      listId: list._id,
      itemId: list.items[0]!._id,
      noteSpec: { text: 'A late thought, @demo' },
    });
    expect(wrote.statusCode, wrote.body).toBe(200);
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    /** Each note on a listing, by its words: whether it is marked late. */
    const marks = async (a: Agent, code: string) => {
      const res = await a.post('/api/dbload/load_search', {
        address: `/x/home?code=${code}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const notes: Item[] = [];
      JSON.stringify(res.json(), (_k, v: unknown) => {
        if (typeof v === 'object' && v !== null && 'annotationClass' in v) {
          const n = v as Item;
          if (n.annotationClass !== 'none') notes.push(n);
        }
        return v;
      });
      return Object.fromEntries(notes.map((n) => [n.text, n.flags.late === true]));
    };
    expect(await marks(author, 'pending')).toMatchObject({
      'A late thought, @demo': true,
      'On time': false,
    });
    expect(await marks(reader, 'notes')).toMatchObject({ 'A late thought, @demo': true });
    expect(await marks(demo, 'mentions')).toEqual({ 'A late thought, @demo': false });
    // An annotation is the board's own word, never late.
    const anno = await author.post('/api/forms/insert_anno', {
      listId: list._id,
      itemId: list.items[0]!._id,
      annoSpec: { text: 'An afterword by the author' },
    });
    expect(anno.statusCode, anno.body).toBe(200);
    expect(await marks(author, 'myAnnos')).toEqual({ 'An afterword by the author': false });
    await setDue(author, null);
    expect(await marks(author, 'pending')).toMatchObject({ 'A late thought, @demo': false });
  });

  it('comes back with the board from the Trash', async () => {
    await setDue(author, '2026-12-24T12:00:00Z');
    const trashed = await author.post('/api/forms/delete_multilist', { multilistId: boardId });
    expect(trashed.statusCode, trashed.body).toBe(200);
    const restored = await author.post('/api/forms/restore_from_trash', {
      trashId: trashed.json<{ trashId: string }>().trashId,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await load(reader)).notesDue).toBe('2026-12-24T12:00:00.000Z');
  });

  it('is kept from a session that has not given the board’s password, as its description is', async () => {
    await setDue(author, '2026-12-19T17:00:00Z');
    await author.post('/api/dbedit/edit_multilist', { multilistId: boardId, password: 'quill' });
    const locked = await load(reader);
    expect(locked.locked).toBe(true);
    expect(locked.notesDue).toBeNull();
    const unlocked = await reader.post('/api/forms/board_password', {
      multilistId: boardId,
      password: 'quill',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect((await load(reader)).notesDue).toBe('2026-12-19T17:00:00.000Z');
  });
});
