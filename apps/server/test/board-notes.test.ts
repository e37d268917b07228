/**
 * One's own Notes narrowed to one board (`code=notes&board=`), and to one list of it: a student's
 * notes on one course board, with the replies to them, and nothing of theirs elsewhere. Any board
 * open to them may narrow it; one behind a password this session has not given answers as a
 * missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import {
  Agent,
  boardWithItem,
  createTestApp,
  signedIn,
  writeNote,
  type TestContext,
} from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
type Board = Awaited<ReturnType<typeof boardWithItem>>;
let course: Board;
let other: Board;
let week2: { listId: string; itemId: string };

const notesOf = (a: Agent, narrow: string) =>
  a.post('/api/dbload/load_search', {
    address: `/reader/home?code=notes&username=reader${narrow}`,
  });
const texts = (b: Multilist) =>
  b.lists.flatMap((l) => l.items.flatMap((i) => i.notes.map((n) => n.text)));

beforeAll(async () => {
  t = await createTestApp();
  [author, reader] = await signedIn(t.app, 'author', 'reader');
  course = await boardWithItem(author, { title: 'Civics course', item: 'Read the charter.' });
  other = await boardWithItem(author, { title: 'Reading room', item: 'Any book.' });
  const list = await author.post('/api/forms/insert_list', {
    multilistId: course.multilistId,
    titleText: 'Week 2',
  });
  const listId = list.json<{ listId: string }>().listId;
  const item = await author.post('/api/forms/insert_item', { listId, text: 'The amendments.' });
  week2 = { listId, itemId: item.json<{ itemId: string }>().itemId };
  const asked = await writeNote(reader, course, { text: 'Who signed it first?' });
  await writeNote(author, course, { text: 'Hancock, by tradition.', parentId: asked });
  await writeNote(reader, week2, { text: 'Ten of them at first? #count' });
  await writeNote(reader, other, { text: 'A note in another room. #count' });
  await writeNote(author, other, { text: 'The author’s own note here.' });
});
afterAll(() => t.close());

describe('one’s Notes of one board', () => {
  it('lists one’s notes on that board alone, with the replies to them, under a title naming it', async () => {
    const res = await notesOf(reader, `&board=author%2F${course.ptitle}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<Multilist>();
    expect(listed.title).toBe('Notes: Civics course');
    expect(texts(listed).sort()).toEqual(
      ['Hancock, by tradition.', 'Ten of them at first? #count', 'Who signed it first?'].sort(),
    );
    expect(listed.onBoard).toMatchObject({ owner: 'author', ptitle: course.ptitle });
    // It follows that board alone, live.
    expect(listed.follows?.map((f) => f._id)).toEqual([course.multilistId]);
    // On every board, the other room's note too.
    const every = (await notesOf(reader, '')).json<Multilist>();
    expect(texts(every)).toContain('A note in another room. #count');
  });

  it('narrows to one list of it, and to a tag on it', async () => {
    const week = (
      await notesOf(reader, `&board=author%2F${course.ptitle}&list=${week2.listId}`)
    ).json<Multilist>();
    expect(week.title).toBe('Notes: Civics course · Week 2');
    expect(texts(week)).toEqual(['Ten of them at first? #count']);
    const tagged = (
      await notesOf(reader, `&board=author%2F${other.ptitle}&tag=count`)
    ).json<Multilist>();
    expect(tagged.title).toBe('Notes: Reading room (#count)');
    expect(texts(tagged)).toEqual(['A note in another room. #count']);
  });

  it('says so when one wrote nothing there', async () => {
    const fresh = await boardWithItem(author, { title: 'Quiet board', item: 'Nothing yet.' });
    const res = await notesOf(reader, `&board=author%2F${fresh.ptitle}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json<Multilist>();
    expect(texts(listed)).toEqual([]);
    expect(listed.description).toBe('No notes on Quiet board.');
  });

  it('answers a board that is missing, or behind a password not given, as missing', async () => {
    const locked = await boardWithItem(author, { title: 'Locked seminar', item: 'Sealed.' });
    const lockedNote = await writeNote(reader, locked, { text: 'Written before the lock.' });
    expect(lockedNote).toBeTruthy();
    const set = await author.post('/api/dbedit/edit_multilist', {
      multilistId: locked.multilistId,
      password: 'sesame',
    });
    expect(set.statusCode, set.body).toBe(200);
    for (const [board, message] of [
      [`author%2F${locked.ptitle}`, `author has no board ${locked.ptitle}.`],
      ['author%2Fno-such-board', 'author has no board no-such-board.'],
      ['no-such-board', 'reader has no board no-such-board.'],
    ] as const) {
      const res = await notesOf(reader, `&board=${board}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<{ error: string }>().error).toBe(message);
    }
    // Its author, who needs no password, has theirs; and once the reader gives it, so do they.
    const given = await reader.post('/api/forms/board_password', {
      multilistId: locked.multilistId,
      password: 'sesame',
    });
    expect(given.statusCode, given.body).toBe(200);
    const res = await notesOf(reader, `&board=author%2F${locked.ptitle}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(texts(res.json<Multilist>())).toEqual(['Written before the lock.']);
  });

  it('is exported as its page lists it', async () => {
    const res = await reader.post('/api/dbload/export_listing', {
      address: `/reader/home?code=notes&username=reader&board=author%2F${course.ptitle}`,
      format: 'md',
    });
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json<{ filename: string; content: string }>();
    expect(file.filename).toBe('reader-notes-civics-course.md');
    expect(file.content.split('\n')[0]).toBe('# Notes: Civics course');
    expect(file.content).toContain('Who signed it first?');
    expect(file.content).not.toContain('A note in another room.');
  });
});
