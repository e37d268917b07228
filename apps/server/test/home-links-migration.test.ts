/**
 * Migration 0023: links that Add to my home board wrote before it linked unlisted boards, and
 * boards behind a password, in private items. Such a link on its writer's own home board becomes
 * private; a link to a listed board, a mention further in, and the same link on another board
 * stay as they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { eq, sql } from 'drizzle-orm';
import { items, multilists } from '../src/db/schema';
import { clearContentCache } from '../src/services/boards/load';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
afterAll(async () => t.close());
beforeAll(async () => {
  t = await createTestApp();
});

const load = async (a: Agent, address: string): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]!;

describe('migration 0023: home-board links to unlisted boards', () => {
  it('makes private the links to an unlisted board or one with a password, and only those', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const unlisted = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Staff room', listed: false })
    ).json<{ multilistId: string }>();
    const locked = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Locked room' })
    ).json<{ multilistId: string }>();
    await t.database.db
      .update(multilists)
      .set({ passwordHash: 'set' })
      .where(eq(multilists.id, locked.multilistId));
    expect(unlisted.multilistId).toBeTruthy();

    const home = await load(reader, '/reader/home');
    const first = home.lists[0]!._id;
    const write = async (listId: string, text: string) =>
      (await reader.post('/api/forms/insert_item', { listId, text })).json<{ itemId: string }>()
        .itemId;
    const toUnlisted = await write(
      first,
      '**[Staff room](/author/staff-room)** by author\n\nMinutes.',
    );
    const toLocked = await write(first, '**[Locked room](/author/locked-room)** by author');
    const toListed = await write(first, '**[course](/author/course)** by author');
    const mention = await write(first, 'See **[Staff room](/author/staff-room)** for the minutes.');
    // The same link on another board of the reader's is not a home-board link.
    const other = (
      await reader.post('/api/forms/insert_multilist', { titleText: 'Reading log' })
    ).json<{ multilistId: string }>();
    const list = (
      await reader.post('/api/forms/insert_list', {
        multilistId: other.multilistId,
        titleText: 'Links',
      })
    ).json<{ listId: string }>();
    const elsewhere = await write(list.listId, '**[Staff room](/author/staff-room)** by author');

    const migration = path.resolve(import.meta.dirname, '../drizzle/0023_private_home_links.sql');
    await t.database.db.execute(sql.raw(fs.readFileSync(migration, 'utf8')));
    // A migration runs before the app starts: nothing read before it is kept.
    clearContentCache(t.database.db);
    const isPrivate = async (id: string) =>
      (await t.database.db.select().from(items).where(eq(items.id, id)))[0]!.isPrivate;
    expect(
      await Promise.all([toUnlisted, toLocked, toListed, mention, elsewhere].map(isPrivate)),
    ).toEqual([true, true, false, false, false]);

    // Anyone else reading the reader's home board no longer finds those two addresses.
    const guest = new Agent(t.app);
    await guest.signInGuest();
    const seen = JSON.stringify(await load(guest, '/reader/home'));
    expect(seen).not.toContain('/author/staff-room)** by author\\n\\nMinutes.');
    expect(seen).not.toContain('/author/locked-room');
    expect(seen).toContain('/author/course');
    // Their writer still does.
    expect(JSON.stringify(await load(reader, '/reader/home'))).toContain('/author/locked-room');
  });
});
