/**
 * A search for a common word walks the date index (services/search/query.ts textPlan): it must
 * still find the newest matches the caller may see, in order, and never one they may not. Made on
 * 30,000 items, enough for the planner to reckon the word common. The walk is for a caller who is
 * not known to see most boards (here the boards were never counted by ANALYZE); one who is reads
 * a week at a time (search-weeks.test.ts). A reader who sees most boards has the board condition
 * written so that it only filters (search/access.ts boardsSql).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Multilist } from '@listboard/core';
import { readerAccess } from './search-access';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
const COMMON = 30_000;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const { multilistId } = (
    await author.post('/api/forms/insert_multilist', { titleText: 'Archive' })
  ).json<{ multilistId: string }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', { multilistId, titleText: 'All', itemText: 'x' })
  ).json<{ listId: string }>();
  // Item n was written n minutes after the first; the last ten are the newest.
  await t.database.db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created)
    select ${listId}, ${multilistId}, g, 'author', 'author', 'plentiful entry ' || g,
           timestamptz '2026-01-01' + g * interval '1 minute'
    from generate_series(1, ${COMMON}) g`);
  // Newer than all of them: an item only its author may see.
  await t.database.db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created, is_private)
    values (${listId}, ${multilistId}, ${COMMON + 1}, 'author', 'author', 'plentiful secret',
            timestamptz '2027-01-01', true)`);
  await t.database.db.execute(sql`analyze items`);
}, 120_000);
afterAll(async () => t.close());

const texts = (b: Multilist) => b.lists.flatMap((l) => l.items.map((i) => i.text));

/** A search's answer, and how many transactions it opened (a walk opens one for its query). */
async function searchAs(a: Agent, word: string) {
  const { db } = t.database;
  const transaction = db.transaction.bind(db);
  let opened = 0;
  db.transaction = ((...args: Parameters<typeof db.transaction>) => {
    opened++;
    return transaction(...args);
  }) as typeof db.transaction;
  try {
    const res = await a.post('/api/dbload/load_search', {
      address: `/x/home;results?searchStr=${word}&users=all&bucket=none`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { found: texts(res.json<Multilist>()), walked: opened };
  } finally {
    delete (db as { transaction?: unknown }).transaction;
  }
}

describe('a search for a common word', () => {
  it('walks the date index and finds the newest matches the caller may see, newest first', async () => {
    expect((await readerAccess(t.database.db))?.most).toBe(false);
    const { found, walked } = await searchAs(reader, 'plentiful');
    expect(walked).toBe(1);
    expect(found).toHaveLength(50);
    expect(found.join('\n')).not.toContain('secret');
    // The newest first: entries 30000, 29999, … (each hit names its board, then its text).
    expect(found.slice(0, 3).map((f) => /entry (\d+)/.exec(f)?.[1])).toEqual([
      '30000',
      '29999',
      '29998',
    ]);
  });

  it('reads a rare word from the text index, and shows its writer their own private item', async () => {
    const { found, walked } = await searchAs(author, 'secret');
    expect(walked).toBe(0);
    expect(found.join('\n')).toContain('plentiful secret');
  });
});

describe('a search by a reader who sees most boards', () => {
  it('keeps to the boards they may see when that condition only filters', async () => {
    const { db } = t.database;
    // Six boards open to all and one unlisted board of the author's, each with a matching item.
    for (const [n, listed] of [1, 2, 3, 4, 5, 6, 0].entries()) {
      const title = `Open board ${n}`;
      await db.execute(sql`
        with b as (insert into multilists (owner, title, ptitle, listed)
                   values ('author', ${title}, ${`open-board-${n}`}, ${listed !== 0}) returning id),
             l as (insert into lists (multilist_id, index, title, author)
                   select id, 0, 'All', 'author' from b returning id, multilist_id)
        insert into items (list_id, multilist_id, index, owner, author, text)
        select id, multilist_id, 0, 'author', 'author',
               ${listed !== 0 ? `openword on board ${n}` : 'openword unlisted'} from l`);
    }
    await db.execute(sql`analyze multilists`);
    const access = await readerAccess(t.database.db);
    // The board ids then only filter the search's rows (search/access.ts boardsSql).
    expect(access?.most).toBe(true);
    const { found } = await searchAs(reader, 'openword');
    expect(found).toHaveLength(6);
    expect(found.join('\n')).not.toContain('unlisted');
    const own = await searchAs(author, 'openword');
    expect(own.found.join('\n')).toContain('openword unlisted');
  });
});
