/**
 * When notes on one list's items are due (edit_list's notesDue): a course board by week has a date
 * for each week's notes. A list without one follows the board's date. Lateness is counted by the
 * date of the note's list everywhere it is counted or marked: Insight, Course grades'
 * participation, the notes CSV, Discussion and the other listings, the home's Due.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Multilist } from '@listboard/core';
import type { BoardDueEntry } from '@listboard/core/api/contracts/load';
import { unpackBoards, type PackedMultilist } from '@listboard/core/api/packed';
import { participation } from '../src/services/lti/participation';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let boardId: string;
const ADDRESS = '/author/weekly-reading';
const DAY = 24 * 3600_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const pause = () => new Promise((r) => setTimeout(r, 20));

const load = async (a: Agent, form?: 'packed'): Promise<Multilist> => {
  const res = await a.post('/api/dbload/load_multilists', {
    addresses: [ADDRESS],
    ...(form ? { form } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return form ? unpackBoards(res.json<PackedMultilist[]>())[0]! : res.json<Multilist[]>()[0]!;
};
const listNamed = async (title: string) =>
  (await load(author)).lists.find((l) => l.title === title)!;
const setListDue = async (a: Agent, title: string, notesDue: unknown) =>
  a.post('/api/forms/edit_list', { listId: (await listNamed(title))._id, notesDue });
const setBoardDue = (notesDue: string | null) =>
  author.post('/api/dbedit/edit_multilist', { multilistId: boardId, notesDue });
const note = async (title: string, text: string, parentId?: string) => {
  const list = await listNamed(title);
  const res = await reader.post('/api/forms/insert_note', {
    listId: list._id,
    itemId: list.items[0]!._id,
    noteSpec: { text, ...(parentId ? { parentId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ itemId: string }>().itemId;
};

/** Each note and reply of the notes CSV, by its words: its late cell. */
async function lateColumn(): Promise<Record<string, string>> {
  const res = await author.get(`/api/export/annotations?board=${ADDRESS}&format=csv`);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = res.body.trim().split('\r\n');
  const late = header?.split(',').indexOf('late') ?? -1;
  return Object.fromEntries(
    rows.map((r): [string, string] => [r.split(',')[4] ?? '', r.split(',')[late] ?? '']),
  );
}

/** Each note on the author's pending Discussion, by its words: whether it is marked late. */
async function discussionMarks(): Promise<Record<string, boolean>> {
  const res = await author.post('/api/dbload/load_search', { address: '/x/home?code=pending' });
  expect(res.statusCode, res.body).toBe(200);
  const notes: Item[] = [];
  JSON.stringify(res.json(), (_k, v: unknown) => {
    if (typeof v === 'object' && v !== null && 'annotationClass' in v) {
      const n = v as Item;
      if (n.annotationClass === 'note') notes.push(n);
    }
    return v;
  });
  return Object.fromEntries(notes.map((n) => [n.text, n.flags.late === true]));
}

const insightLate = async () => {
  const res = await author.post('/api/forms/board_insight', { multilistId: boardId });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ readers: { username: string; late: number }[] }>()
    .readers.find((r) => r.username === 'reader')?.late;
};

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const res = await author.post('/api/forms/insert_multilist', { titleText: 'Weekly reading' });
  boardId = res.json<{ multilistId: string }>().multilistId;
  for (const week of ['Week 1', 'Week 2'])
    await author.post('/api/forms/insert_list', {
      multilistId: boardId,
      titleText: week,
      itemText: `Read the ${week} chapter.`,
    });
});
afterAll(async () => t.close());

describe('when notes on a list are due', () => {
  it('a list has no date until one who may edit it sets one; every reader then gets it, in both forms', async () => {
    expect((await load(reader)).lists.map((l) => l.notesDue)).toEqual([null, null]);
    const res = await setListDue(author, 'Week 1', '2026-12-11T17:00:00-05:00');
    expect(res.statusCode, res.body).toBe(200);
    for (const form of [undefined, 'packed'] as const) {
      const board = await load(reader, form);
      expect(board.lists.map((l) => [l.title, l.notesDue])).toEqual([
        ['Week 1', '2026-12-11T22:00:00.000Z'],
        ['Week 2', null],
      ]);
      // The board's own date is another thing.
      expect(board.notesDue).toBeNull();
    }
    // A new title leaves the date as it is.
    const list = await listNamed('Week 1');
    await author.post('/api/forms/edit_list', { listId: list._id, titleText: 'Week 1' });
    expect((await listNamed('Week 1')).notesDue).toBe('2026-12-11T22:00:00.000Z');
  });

  it('is refused when it is not a date and time, and to a reader; null takes it away', async () => {
    for (const typed of ['next Friday', '2026-12-12', 42])
      expect((await setListDue(author, 'Week 2', typed)).statusCode, String(typed)).toBe(400);
    const refused = await setListDue(reader, 'Week 2', '2027-01-01T09:00:00Z');
    expect(refused.statusCode).toBe(403);
    expect((await listNamed('Week 2')).notesDue).toBeNull();
    await setListDue(author, 'Week 2', '2027-01-01T09:00:00Z');
    expect((await setListDue(author, 'Week 2', null)).statusCode).toBe(200);
    expect((await listNamed('Week 2')).notesDue).toBeNull();
  });

  it('counts and marks late by the date of the note’s list, else the board’s', async () => {
    const early = await note('Week 1', 'Week one on time');
    await note('Week 2', 'Week two early');
    await pause();
    // Week 1's date has passed; Week 2 has none, and the board's is a week off.
    await setListDue(author, 'Week 1', new Date().toISOString());
    await setBoardDue(inDays(7));
    await pause();
    await note('Week 1', 'Week one late');
    await note('Week 1', 'A late reply', early);
    await note('Week 2', 'Week two in time');
    expect(await insightLate()).toBe(2);
    // Insight's lists: each with its late notes and replies, and its own date.
    const byList = (await author.post('/api/forms/board_insight', { multilistId: boardId })).json<{
      lists: { title: string; late: number; notesDue: string | null }[];
    }>().lists;
    expect(byList.map((l) => [l.title, l.late, l.notesDue !== null])).toEqual([
      ['Week 1', 2, true],
      ['Week 2', 0, false],
    ]);
    expect(await lateColumn()).toEqual({
      'Week one on time': 'false',
      'Week two early': 'false',
      'Week one late': 'true',
      'A late reply': 'true',
      'Week two in time': 'false',
    });
    expect(await discussionMarks()).toEqual({
      'Week one on time': false,
      'Week two early': false,
      'Week one late': true,
      'Week two in time': false,
    });
    const grades = await participation(t.database.db, boardId, ['reader']);
    expect(grades.get('reader')?.late).toMatchObject({ notes: 1, replies: 1 });
    // Without the board's date, Week 2's notes were due at no time.
    await setBoardDue(null);
    expect((await lateColumn())['Week two in time']).toBe('');
    // A list's date taken away: its notes follow the board's date, here none.
    await setListDue(author, 'Week 1', null);
    expect(await insightLate()).toBe(0);
    expect(Object.values(await discussionMarks())).not.toContain(true);
    expect((await participation(t.database.db, boardId, ['reader'])).get('reader')?.late).toEqual({
      notes: 0,
      replies: 0,
      words: 0,
    });
  });

  it('is on the home of a reader who visited, with what they wrote on that list', async () => {
    await setListDue(author, 'Week 2', inDays(3));
    await setListDue(author, 'Week 1', inDays(10));
    await reader.post('/api/display/update_multilistvs', {
      query: { userId: reader.userId, multilistId: boardId },
      doc: { $set: { seenUpTo: new Date().toISOString() } },
    });
    const due = async () => {
      const res = await reader.post('/api/dbload/boards_due', {});
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<BoardDueEntry[]>()
        .filter((e) => e.multilistId === boardId)
        .map((e) => [e.list, e.wrote]);
    };
    // Week 2, the soonest, and the reader's two notes on it.
    expect(await due()).toEqual([['Week 2', 2]]);
    // The board's own date, sooner still, counts everything the reader wrote on it.
    await setBoardDue(inDays(1));
    expect(await due()).toEqual([[undefined, 5]]);
    await setBoardDue(null);
    await setListDue(author, 'Week 2', null);
    expect(await due()).toEqual([['Week 1', 3]]);
  });

  it('comes back with its list, and with its board, from the Trash', async () => {
    await setListDue(author, 'Week 2', '2026-12-18T17:00:00Z');
    const removed = await author.post('/api/forms/remove_list', {
      listId: (await listNamed('Week 2'))._id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const back = await author.post('/api/forms/restore_from_trash', {
      trashId: removed.json<{ trashId: string }>().trashId,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await listNamed('Week 2')).notesDue).toBe('2026-12-18T17:00:00.000Z');
    const trashed = await author.post('/api/forms/delete_multilist', { multilistId: boardId });
    const restored = await author.post('/api/forms/restore_from_trash', {
      trashId: trashed.json<{ trashId: string }>().trashId,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await listNamed('Week 2')).notesDue).toBe('2026-12-18T17:00:00.000Z');
  });

  it('is kept from a session that has not given the board’s password, with the lists', async () => {
    await author.post('/api/dbedit/edit_multilist', { multilistId: boardId, password: 'quire' });
    const locked = await load(reader);
    expect(locked.locked).toBe(true);
    expect(locked.lists).toEqual([]);
    const res = await reader.post('/api/dbload/boards_due', {});
    expect(res.json<BoardDueEntry[]>().some((e) => e.multilistId === boardId)).toBe(false);
  });
});
