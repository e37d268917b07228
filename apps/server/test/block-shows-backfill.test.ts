/**
 * Migration 0011's backfill: blocks written before a block's `shows` was kept show a file only
 * when it is in the upload folder of their item's owner or author, since who wrote them is not
 * known. Its statement is run here again over blocks whose `shows` was cleared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext } from './harness';
import { blocks, items, users } from '../src/db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MIGRATION = path.resolve(import.meta.dirname, '../drizzle/0011_block_shows.sql');

it('gives blocks written before the files in their item owner’s or author’s folder, and no other', async () => {
  const author = new Agent(t.app);
  await author.signIn('author');
  const reader = new Agent(t.app);
  await reader.signIn('reader');
  const made = async (who: Agent, title: string, itemText: string) => {
    const board = (await who.post('/api/forms/insert_multilist', { titleText: title })).json();
    const list = (
      await who.post('/api/forms/insert_list', {
        multilistId: board.multilistId,
        titleText: 'L',
        itemText,
      })
    ).json();
    const [row] = await t.database.db.select().from(items).where(eq(items.listId, list.listId));
    return row!.id;
  };
  const byPath = await made(author, 'Backfill one', 'chart.png');
  const byAddress = await made(author, 'Backfill two', '/files/author/chart.png');
  const elsewhere = await made(reader, 'Backfill three', '/files/author/chart.png');
  // A user who keeps an uploads folder: their files are {folder}/{user}/…
  await t.database.db
    .update(users)
    .set({ uploadsFolder: 'classes' })
    .where(eq(users.username, 'reader'));
  const inFolder = await made(reader, 'Backfill four', '/files/classes/reader/map.png');

  await t.database.db.update(blocks).set({ shows: null });
  const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
  await t.database.db.execute(sql.raw(statements.at(-1)!));
  const shows = async (itemId: string) =>
    (await t.database.db.select().from(blocks).where(eq(blocks.itemId, itemId))).map(
      (b) => b.shows,
    );
  expect(await shows(byPath)).toEqual(['author/chart.png']);
  expect(await shows(byAddress)).toEqual(['author/chart.png']);
  expect(await shows(elsewhere)).toEqual([null]);
  expect(await shows(inFolder)).toEqual(['classes/reader/map.png']);
});
