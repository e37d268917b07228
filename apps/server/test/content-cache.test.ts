/**
 * The shared content of a board (lists, items, blocks, markers) kept per version: a change inside
 * one item brings the cached copy to the new version without reading the board again, and loads
 * that miss together read it once. Either way a load answers exactly what a load from nothing
 * answers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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
/** A web page to load into a list. */
let site = '';
let server: http.Server;

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
async function cachedAt(version: number, boardId = course._id) {
  for (let i = 0; i < 200 && cachedVersion(t.database.db, boardId) !== version; i++)
    await new Promise((r) => setTimeout(r, 10));
  return cachedVersion(t.database.db, boardId);
}

const boardVersion = async () => boardIn(await load(author)).version;

/** The same load with nothing cached: what the patched copy must answer. */
async function fromNothing(a: Agent, loader: (a: Agent) => Promise<string> = load) {
  clearContentCache(t.database.db);
  return loader(a);
}

/**
 * The tables the database handle is asked to select from while `run` runs, and 'whole board'
 * for a select of every item of a board (as opposed to some lists' items).
 */
async function tablesRead(run: () => Promise<unknown>): Promise<string[]> {
  const db = t.database.db as unknown as { select: (...a: unknown[]) => unknown };
  const select = db.select.bind(db);
  const dialect = new PgDialect();
  const seen: string[] = [];
  db.select = (...a: unknown[]) => {
    const q = select(...a) as { from: (table: Table) => unknown };
    const from = q.from.bind(q);
    q.from = (table: Table) => {
      seen.push(getTableName(table));
      const built = from(table) as { where: (w: SQL) => unknown };
      const where = built.where.bind(built);
      built.where = (w: SQL) => {
        const text = dialect.sqlToQuery(w).sql;
        if (getTableName(table) === 'items' && /"items"\."multilist_id" in/.test(text))
          seen.push('whole board');
        return where(w);
      };
      return built;
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
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><head><title>Reading</title></head><body><p>Read this first.</p></body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ LOAD_ALLOW_PRIVATE: 'true' });
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  course = boardIn(await load(author));
});
afterAll(async () => {
  server.close();
  await t.close();
});

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

  it('follows items and lists added, copied, moved (in a list or to another), deleted, split or put back, and the board’s settings and people, by reading only those lists', async () => {
    const { multilistId } = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Weeks' })
    ).json<{ multilistId: string }>();
    const address = '/author/weeks';
    const weeks = async (a: Agent) =>
      (await a.post('/api/dbload/load_multilists', { addresses: [address] })).body;
    const now = async () => boardIn(await weeks(author));
    const made: string[] = [];
    for (const title of ['Week 1', 'Week 2', 'Week 3']) {
      const res = await author.post('/api/forms/insert_list', {
        multilistId,
        titleText: title,
        itemText: `${title}: read\n\n${title}: write\n\n${title}: /media/lecture.webm 0:00-0:10`,
      });
      made.push(res.json<{ listId: string }>().listId);
    }
    const [w1, w2, w3] = made as [string, string, string];
    const itemOf = async (list: string, at: number) =>
      must(
        (await now()).lists.find((l) => l._id === list)?.items[at],
        `item ${String(at)} of a list`,
      )._id;
    const note = async () =>
      reader.post('/api/forms/insert_note', {
        listId: w2,
        itemId: await itemOf(w2, 0),
        noteSpec: { text: 'A note that moves with its item' },
      });
    type Res = Awaited<ReturnType<Agent['post']>>;
    // A write, and what has to be there before it (made outside the write's version).
    let trashed = '';
    const toTrash = (res: Res) => {
      trashed = res.json<{ trashId: string }>().trashId;
    };
    let clip = '';
    const writes: [string, () => Promise<Res>, (() => Promise<unknown>)?][] = [
      ['a note', note],
      [
        'an item added',
        () => author.post('/api/forms/insert_item', { listId: w2, text: 'New', index: 0 }),
      ],
      [
        'an item copied',
        async () =>
          author.post('/api/forms/duplicate_item', {
            listId: w3,
            itemId: await itemOf(w2, 1),
            text: 'A copy',
          }),
      ],
      [
        'an item moved',
        async () =>
          author.post('/api/forms/move_item', { itemId: await itemOf(w2, 1), direction: 'down' }),
      ],
      [
        'an item moved to a place in another list',
        async () =>
          author.post('/api/forms/move_item_to_list', {
            itemId: await itemOf(w2, 0),
            listId: w3,
            index: 1,
          }),
      ],
      [
        'an item moved to a place in its own list',
        async () =>
          author.post('/api/forms/move_item_to_list', {
            itemId: await itemOf(w3, 1),
            listId: w3,
            index: 0,
          }),
      ],
      [
        'an item deleted',
        async () =>
          author.post('/api/forms/delete_item', { listId: w1, itemId: await itemOf(w1, 0) }),
      ],
      ['a list reversed', () => author.post('/api/forms/reverse_list', { listId: w2 })],
      [
        'a list renamed',
        () => author.post('/api/forms/edit_list', { listId: w1, titleText: 'Week one' }),
      ],
      [
        'a list moved',
        () => author.post('/api/forms/move_list', { listId: w2, direction: 'left' }),
      ],
      [
        'the lists reordered',
        () => author.post('/api/forms/reorder_lists', { multilistId, listOrder: [w3, w1, w2] }),
      ],
      [
        'a list added between',
        () =>
          author.post('/api/forms/insert_list', {
            multilistId,
            titleText: 'Extra',
            index: 1,
            itemText: 'x',
          }),
      ],
      [
        'a list copied',
        () =>
          author.post('/api/forms/duplicate_list', {
            multilistId,
            prevListId: w2,
            titleText: 'Copy',
          }),
      ],
      [
        'an item put back from the Trash',
        () => author.post('/api/forms/restore_from_trash', { trashId: trashed }),
        async () =>
          toTrash(
            await author.post('/api/forms/delete_item', {
              listId: w2,
              itemId: await itemOf(w2, 0),
            }),
          ),
      ],
      [
        'a list put back from the Trash',
        () => author.post('/api/forms/restore_from_trash', { trashId: trashed }),
        async () => toTrash(await author.post('/api/forms/remove_list', { listId: w3 })),
      ],
      [
        'an item split at its markers',
        () => author.post('/api/forms/split_at_media_markers', { itemId: clip, title: 'Part' }),
        async () => {
          clip = (
            await author.post('/api/forms/insert_item', {
              listId: w2,
              text: '/media/lecture.webm 0:00-0:20 ~ Whole',
              index: 0,
            })
          ).json<{ itemId: string }>().itemId;
          await author.post('/api/forms/add_media_marker', {
            itemId: clip,
            title: 'Half',
            timecode: '0:10',
          });
        },
      ],
      [
        'a page loaded from its address into a list',
        () => author.post('/api/forms/import_item_url', { listId: w2, url: `${site}/page.html` }),
      ],
      [
        'the board renamed',
        () => author.post('/api/dbedit/edit_multilist', { multilistId, titleText: 'Weeks' }),
      ],
      [
        'a coauthor added',
        () =>
          author.post('/api/forms/add_coauthor', {
            owner: 'author',
            title: 'weeks',
            username: 'reader',
          }),
      ],
      [
        'a member set',
        () =>
          author.post('/api/forms/set_member', {
            multilistId,
            username: 'reader',
            privileges: ['edit'],
          }),
      ],
      ['a list removed', () => author.post('/api/forms/remove_list', { listId: w1 })],
    ];
    for (const [what, write, prepare] of writes) {
      await prepare?.();
      await weeks(author);
      const before = (await now()).version;
      const res = await write();
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      // The change's event brings the cached board to the new version.
      await expect(cachedAt(before + 1, multilistId), what).resolves.toBe(before + 1);
      let patched: Record<string, string> = {};
      const read = await tablesRead(async () => {
        patched = { author: await weeks(author), reader: await weeks(reader) };
      });
      expect(read, what).not.toContain('whole board');
      expect(patched.author, what).toBe(await fromNothing(author, weeks));
      expect(patched.reader, what).toBe(await fromNothing(reader, weeks));
    }
  });

  it('is read again after a change outside one item or some lists (an import of notes)', async () => {
    const file = await author.post('/api/forms/export_annotations', {
      multilistId: course._id,
      format: 'jsonld',
    });
    await load(author);
    const before = await boardVersion();
    // The board's notes once more, as their author's copies.
    const res = await author.post('/api/forms/import_annotations', {
      multilistId: course._id,
      document: JSON.parse(file.json<{ content: string }>().content) as unknown,
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const read = await tablesRead(() => load(author));
    expect(read).toContain('whole board');
    expect(await boardVersion()).toBe(before + 1);
    expect(await load(reader)).toBe(await fromNothing(reader));
  });
});
