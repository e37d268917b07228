/**
 * A board's content is read by plain SQL, decoded by the schema's column decoders
 * (db/plain-rows.ts). Its rows must be exactly the query builder's rows, on both drivers, for
 * every kind of value a board holds: timestamps, big integers, JSON (labels, formats, flags,
 * highlights), nulls, enums, booleans.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describeSelection, must } from '@listboard/core';
import { columnReader } from '../src/db/plain-rows';
import { blocks, items, lists, mediaMarkers, textMarkers } from '../src/db/schema';
import { itemColumns } from '../src/services/boards/rows';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let boardId: string;

interface Loaded {
  _id: string;
  lists: {
    _id: string;
    items: { _id: string; version: number; blocks: { _id: string; text: string }[] }[];
  }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const author = new Agent(t.app);
  await author.signIn('author');
  const reader = new Agent(t.app);
  await reader.signIn('reader');
  const load = async () =>
    must(
      (await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })).json<
        Loaded[]
      >()[0],
      'the course board',
    );
  const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
  };
  const course = await load();
  boardId = course._id;
  const week = must(course.lists[0], 'the first list');
  const video = must(week.items[0], 'the video item');
  const second = must(week.items[1], 'the second item');
  await ok(
    author.post('/api/forms/add_media_marker', { itemId: video._id, title: 'Intro', timecode: 5 }),
  );
  await ok(
    author.post('/api/forms/add_text_marker', {
      itemId: second._id,
      cursorIndex: 0,
      title: 'Here',
    }),
  );
  await ok(
    author.post('/api/display/update_item', {
      query: { _id: second._id },
      doc: { $set: { bgcolor: 'yellow', fontSizeName: 'large' } },
    }),
  );
  await ok(
    author.post('/api/forms/edit_item_labels', {
      itemId: second._id,
      labels: [{ name: 'habit', value: '1' }],
    }),
  );
  const block = must(second.blocks[0], 'a block of the second item');
  const words = block.text.split(/\s+/).slice(0, 2).join(' ');
  const at = block.text.indexOf(words);
  await ok(
    reader.post('/api/forms/insert_note', {
      listId: week._id,
      itemId: second._id,
      noteSpec: {
        text: 'On these words',
        highlight: describeSelection(block.text, at, at + words.length, {
          blockId: block._id,
          blockIndex: 0,
          version: second.version,
        }),
      },
      isPrivate: true,
    }),
  );
});
afterAll(async () => t.close());

const inBoard = (id: string) => sql`(select id from ${items} where ${items.multilistId} = ${id})`;

/** The same rows twice: by the query builder, and by the plain reader. */
async function both(
  table: PgTable,
  columns: Record<string, PgColumn>,
  where: SQL,
  order: PgColumn,
): Promise<[unknown[], unknown[]]> {
  const db = t.database.db;
  const built = await db.select(columns).from(table).where(where).orderBy(asc(order));
  const read = columnReader<unknown>(columns);
  const plain = await read(db, sql`from ${table} where ${where} order by ${order}`);
  return [built, plain];
}

describe('the plain reader of a board’s rows', () => {
  it('gives the query builder’s rows for lists, items, blocks and markers', async () => {
    const cases: [string, PgTable, Record<string, PgColumn>, SQL, PgColumn][] = [
      ['lists', lists, getTableColumns(lists), inArray(lists.multilistId, [boardId]), lists.id],
      ['items', items, itemColumns, inArray(items.multilistId, [boardId]), items.id],
      [
        'blocks',
        blocks,
        getTableColumns(blocks),
        sql`${blocks.itemId} in ${inBoard(boardId)}`,
        blocks.id,
      ],
      [
        'media markers',
        mediaMarkers,
        getTableColumns(mediaMarkers),
        sql`${mediaMarkers.itemId} in ${inBoard(boardId)}`,
        mediaMarkers.id,
      ],
      [
        'text markers',
        textMarkers,
        getTableColumns(textMarkers),
        sql`${textMarkers.itemId} in ${inBoard(boardId)}`,
        textMarkers.id,
      ],
    ];
    for (const [name, table, columns, where, order] of cases) {
      const [built, plain] = await both(table, columns, where, order);
      expect(built.length, `${name}: some rows`).toBeGreaterThan(0);
      expect(plain, name).toStrictEqual(built);
    }
    // The values that need decoding are there to be compared.
    const [rows] = await both(items, itemColumns, inArray(items.multilistId, [boardId]), items.id);
    const kinds = rows as {
      highlight: unknown;
      labels: unknown[];
      created: unknown;
      format: object;
    }[];
    expect(kinds.some((r) => r.highlight !== null)).toBe(true);
    expect(kinds.some((r) => r.labels.length > 0)).toBe(true);
    expect(kinds.some((r) => Object.keys(r.format).length > 0)).toBe(true);
    expect(kinds.every((r) => r.created instanceof Date)).toBe(true);
  });
});
