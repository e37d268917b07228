/**
 * The shared content of a board (lists, items, blocks, markers) kept per version: a change inside
 * one item brings the cached copy to the new version without reading the board again, and loads
 * that miss together read it once. Either way a load answers exactly what a load from nothing
 * answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, type Table } from 'drizzle-orm';
import { must } from '@listboard/core';
import { cachedVersion } from '../src/services/boards/content';
import { clearContentCache } from '../src/services/boards/load';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
interface Loaded {
  _id: string;
  version: number;
  lists: {
    _id: string;
    items: { _id: string; version: number; notes: { _id: string; text: string }[] }[];
  }[];
}
let course: Loaded;

const boardIn = (json: string) => must((JSON.parse(json) as Loaded[])[0], 'the course board');
/** A note on the course's first item, by its words. */
const noteOn = (json: string, words: string) =>
  must(
    boardIn(json).lists[0]?.items[0]?.notes.find((n) => n.text === words),
    `the note "${words}"`,
  );

const ADDRESS = '/author/course';

const load = async (a: Agent) => {
  const res = await a.post('/api/dbload/load_multilists', { addresses: [ADDRESS] });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The board's version once the write's event has been heard and the cache brought to it. */
async function cachedAt(version: number) {
  for (let i = 0; i < 200 && cachedVersion(t.database.db, course._id) !== version; i++)
    await new Promise((r) => setTimeout(r, 10));
  return cachedVersion(t.database.db, course._id);
}

const boardVersion = async () => boardIn(await load(author)).version;

/** The same load with nothing cached: what the patched copy must answer. */
async function fromNothing(a: Agent) {
  clearContentCache(t.database.db);
  return load(a);
}

/** The tables the database handle is asked to select from while `run` runs. */
async function tablesRead(run: () => Promise<unknown>): Promise<string[]> {
  const db = t.database.db as unknown as { select: (...a: unknown[]) => unknown };
  const select = db.select.bind(db);
  const seen: string[] = [];
  db.select = (...a: unknown[]) => {
    const q = select(...a) as { from: (table: Table) => unknown };
    const from = q.from.bind(q);
    q.from = (table: Table) => {
      seen.push(getTableName(table));
      return from(table);
    };
    return q;
  };
  try {
    await run();
  } finally {
    delete (db as { select?: unknown }).select;
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  course = boardIn(await load(author));
});
afterAll(async () => t.close());

describe('a cached board', () => {
  it('follows edits, notes, replies and deletions inside one item without reading the board again', async () => {
    const first = course.lists[0]!.items[0]!;
    const where = { listId: course.lists[0]!._id, itemId: first._id };
    const writes: (() => Promise<unknown>)[] = [
      () =>
        author.post('/api/forms/edit_item', {
          ...where,
          text: 'A new text\n\nwith **two** blocks.',
        }),
      () => reader.post('/api/forms/insert_note', { ...where, noteSpec: { text: 'Why two?' } }),
      () =>
        reader.post('/api/forms/insert_note', {
          ...where,
          noteSpec: { text: 'Mine alone' },
          isPrivate: true,
        }),
      async () =>
        author.post('/api/forms/insert_note', {
          ...where,
          noteSpec: { text: 'For contrast.', parentId: noteOn(await load(reader), 'Why two?')._id },
        }),
      () =>
        author.post('/api/forms/add_text_marker', {
          itemId: first._id,
          cursorIndex: 0,
          title: 'Here',
        }),
      async () =>
        author.post('/api/forms/delete_item', {
          listId: where.listId,
          itemId: noteOn(await load(author), 'For contrast.')._id,
        }),
    ];
    for (const write of writes) {
      await load(author);
      const before = await boardVersion();
      const res = (await write()) as { statusCode: number; body: string };
      expect(res.statusCode, res.body).toBe(200);
      await expect(cachedAt(before + 1)).resolves.toBe(before + 1);
      // Nothing of the board's content is read for the next load.
      let patched: Record<string, string> = {};
      const read = await tablesRead(async () => {
        patched = { author: await load(author), reader: await load(reader) };
      });
      expect(read).not.toContain('blocks');
      expect(read).not.toContain('items');
      expect(patched.author).toBe(await fromNothing(author));
      expect(patched.reader).toBe(await fromNothing(reader));
    }
  });

  it('is read again when a change moves another item too (a clip’s range moves its neighbour)', async () => {
    const { multilistId } = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Clips' })
    ).json<{ multilistId: string }>();
    for (const [title, r] of [
      ['Part 1', '0:00-0:10'],
      ['Part 2', '0:10-0:20'],
    ] as const)
      await author.post('/api/forms/insert_list', {
        multilistId,
        titleText: title,
        itemText: `/media/lecture.webm ${r} ~ ${title}`,
      });
    const clips = async () =>
      (await author.post('/api/dbload/load_multilists', { addresses: ['/author/clips'] })).body;
    const before = boardIn(await clips());
    const first = must(before.lists[0]?.items[0], 'the first clip');
    const res = await author.post('/api/forms/set_item_range', { itemId: first._id, end: 12 });
    expect(res.statusCode).toBe(200);
    // Give the change's event time to arrive, as any patch would.
    await new Promise((r) => setTimeout(r, 300));
    const after = await clips();
    expect(after).toContain('/media/lecture.webm 0:12-0:20 ~ Part 2');
    clearContentCache(t.database.db);
    expect(after).toBe(await clips());
  });

  it('is read once by loads that miss it together', async () => {
    clearContentCache(t.database.db);
    const answers: string[] = [];
    const read = await tablesRead(async () => {
      answers.push(...(await Promise.all(Array.from({ length: 12 }, () => load(reader)))));
    });
    expect(read.filter((n) => n === 'blocks')).toHaveLength(1);
    expect(read.filter((n) => n === 'lists')).toHaveLength(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toBe(await fromNothing(reader));
  });

  it('is read again after a change that is not inside one item', async () => {
    await load(author);
    const before = await boardVersion();
    const res = await author.post('/api/forms/insert_item', {
      listId: course.lists[1]!._id,
      text: 'A new item',
    });
    expect(res.statusCode).toBe(200);
    const read = await tablesRead(() => load(author));
    expect(read).toContain('blocks');
    expect(await boardVersion()).toBe(before + 1);
    expect(await load(reader)).toBe(await fromNothing(reader));
  });
});
