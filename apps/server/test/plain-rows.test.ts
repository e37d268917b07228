/**
 * plainRows (db/plain-rows.ts) maps a select's rows itself, one decoder per column: every value
 * must come out exactly as the query builder's own select gives it, on either driver, whatever
 * the column (text, uuid, integer, boolean, timestamp, jsonb, arrays) and with nulls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { plainRows } from '../src/db/plain-rows';
import { blocks, items, lists, mediaMarkers, multilists, textMarkers } from '../src/db/schema';
import { itemColumns } from '../src/services/boards/rows';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
  const author = new Agent(t.app);
  await author.signIn('author');
  const reader = new Agent(t.app);
  await reader.signIn('reader');
  // Rows with ranges, posters, markers, labels, a passage and a private note, beside the seed's.
  const { multilistId } = (
    await author.post('/api/forms/insert_multilist', { titleText: 'Kinds' })
  ).json<{ multilistId: string }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', {
      multilistId,
      titleText: 'Week 1',
      itemText:
        'Read **this** first.\n\n/media/lecture.webm 0:05-0:20 # /media/poster.jpg ~ A clip',
    })
  ).json<{ listId: string }>();
  const board = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/kinds'] })
  ).json<{ lists: { items: { _id: string }[] }[] }[]>()[0]!;
  const [text, clip] = board.lists[0]!.items;
  const writes = [
    author.post('/api/forms/add_media_marker', {
      itemId: clip!._id,
      title: 'Here',
      timecode: '0:10',
    }),
    author.post('/api/forms/add_text_marker', {
      itemId: text!._id,
      cursorIndex: 0,
      title: 'Start',
    }),
    author.post('/api/forms/edit_item_labels', {
      itemId: text!._id,
      labels: [{ name: 'week', value: '1' }],
    }),
    reader.post('/api/forms/insert_note', {
      listId,
      itemId: text!._id,
      noteSpec: {
        text: 'Why first?',
        highlight: { exact: 'this', prefix: 'Read **', suffix: '** first.', start: 7, end: 11 },
      },
      isPrivate: true,
    }),
  ];
  for (const res of await Promise.all(writes)) expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

const TABLES: [string, PgTable, Record<string, PgColumn>, PgColumn][] = [
  ['boards', multilists, getTableColumns(multilists), multilists.id],
  ['lists', lists, getTableColumns(lists), lists.id],
  ['items', items, itemColumns, items.id],
  ['blocks', blocks, getTableColumns(blocks), blocks.id],
  ['media markers', mediaMarkers, getTableColumns(mediaMarkers), mediaMarkers.id],
  ['text markers', textMarkers, getTableColumns(textMarkers), textMarkers.id],
];

describe('plainRows', () => {
  it.each(TABLES)('reads %s exactly as the query builder does', async (_name, table, cols, id) => {
    const { db } = t.database;
    const built = await db
      .select(cols)
      .from(table)
      .where(sql`true`)
      .orderBy(asc(id));
    const plain = await plainRows(db, cols, table, sql`true`, [asc(id)]);
    expect(built.length).toBeGreaterThan(0);
    expect(plain).toEqual(built);
  });

  it('keeps each kind of value: dates as dates, JSON as objects, nulls as nulls', async () => {
    const { db } = t.database;
    const rows = await plainRows<Record<string, unknown>>(db, itemColumns, items, sql`true`, [
      asc(items.id),
    ]);
    expect(rows.every((r) => r.created instanceof Date)).toBe(true);
    expect(rows.some((r) => Array.isArray(r.labels) && r.labels.length > 0)).toBe(true);
    expect(rows.some((r) => r.highlight !== null && typeof r.highlight === 'object')).toBe(true);
    expect(rows.some((r) => r.rootItemId === null)).toBe(true);
    expect(rows.some((r) => r.isPrivate === true)).toBe(true);
  });
});
