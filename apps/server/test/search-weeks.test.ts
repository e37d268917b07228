/**
 * A common word searched by a reader who sees most boards is read a week at a time from the week
 * index (services/search/weeks.ts): the search must still keep exactly the newest matches the
 * caller may see, across weeks, in the order asked, within a date window when there is one.
 * 12,000 items five minutes apart make six weeks; the 5,051 kept are the newest two and a half.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { must, type Multilist } from '@listboard/core';
import { readerAccess } from './search-access';
import { checkSearchArgs, readSearchArgs } from '../src/services/search/args';
import { inWeekSql, weekOf } from '../src/services/search/weeks';
import { requiredTextQuery, textQuery } from '../src/services/search/text';
import { rowsOf } from '../src/db/rows-of';
import { items } from '../src/db/schema';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
const COMMON = 12_000;

/** Makes a board of the author's with one list, and returns their ids. */
async function boardOf(
  title: string,
  listed: boolean,
): Promise<{ multilistId: string; listId: string }> {
  const { multilistId } = (
    await author.post('/api/forms/insert_multilist', { titleText: title, listed })
  ).json<{ multilistId: string }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', { multilistId, titleText: 'All', itemText: 'x' })
  ).json<{ listId: string }>();
  return { multilistId, listId };
}

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const { db } = t.database;
  const open = await boardOf('Ledger', true);
  // Entry n was written 5n minutes after the first; every third is "tripled".
  await db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created)
    select ${open.listId}, ${open.multilistId}, g, 'author', 'author',
           'abundant entry ' || g || case when g % 3 = 0 then ' tripled' else '' end,
           timestamptz '2026-01-01' + g * interval '5 minutes'
    from generate_series(1, ${COMMON}) g`);
  // Newer than all of them: one only its author may see, one on a board only its owner sees.
  await db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created, is_private)
    values (${open.listId}, ${open.multilistId}, ${COMMON + 1}, 'author', 'author',
            'abundant secret', timestamptz '2027-01-01', true)`);
  // One the reader wrote, among the entries' weeks.
  await db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created)
    values (${open.listId}, ${open.multilistId}, ${COMMON + 2}, 'author', 'reader',
            'abundant aside', timestamptz '2026-01-05 12:00')`);
  const unlisted = await boardOf('Drafts', false);
  await db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created)
    values (${unlisted.listId}, ${unlisted.multilistId}, 1, 'author', 'author',
            'abundant draft', timestamptz '2026-12-01')`);
  await db.execute(sql`analyze items`);
  await db.execute(sql`analyze multilists`);
}, 180_000);
afterAll(async () => t.close());

// Each hit names its board, then a blank line, then the item's text.
const texts = (b: Multilist) =>
  b.lists.flatMap((l) => l.items.map((i) => i.text.slice(i.text.indexOf('\n\n') + 2)));
const entries = (found: string[]) => found.map((f) => /entry (\d+)/.exec(f)?.[1] ?? f);

/** A search's hits, and whether its query read the week index. */
async function searchAs(a: Agent, query: string) {
  type Prepare = (this: unknown, q: { sql: string }, ...rest: unknown[]) => unknown;
  const session = (t.database.db as unknown as { session: { prepareQuery: Prepare } }).session;
  const prepare = session.prepareQuery;
  const statements: string[] = [];
  session.prepareQuery = function (q, ...rest) {
    statements.push(q.sql);
    return prepare.call(this, q, ...rest);
  };
  try {
    const res = await a.post('/api/dbload/load_search', {
      address: `/x/home;results?${query}&users=all&bucket=none`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      found: texts(res.json<Multilist>()),
      byWeek: statements.some((s) => s.includes('items_week_terms')),
    };
  } finally {
    session.prepareQuery = prepare;
  }
}

describe('a common word searched a week at a time', () => {
  it('is how a reader who sees most boards searches it', async () => {
    expect((await readerAccess(t.database.db))?.most).toBe(true);
    const { found, byWeek } = await searchAs(reader, 'searchStr=abundant');
    expect(byWeek).toBe(true);
    expect(found).toHaveLength(50);
    expect(entries(found).slice(0, 3)).toEqual(['12000', '11999', '11998']);
    expect(found.join('\n')).not.toMatch(/secret|draft/);
  });

  it('keeps the newest matches the caller may see: their own private and unlisted ones too', async () => {
    const { found, byWeek } = await searchAs(author, 'searchStr=abundant');
    expect(byWeek).toBe(true);
    expect(found.slice(0, 3)).toEqual([
      'abundant secret',
      'abundant draft',
      'abundant entry 12000 tripled',
    ]);
  });

  it('is not how one searches their own items: a common word is rare among them', async () => {
    const { found, byWeek } = await searchAs(reader, 'searchStr=abundant&users=me');
    expect(byWeek).toBe(false);
    expect(found).toEqual(['abundant aside']);
  });

  it('keeps exactly the newest 5,051 across weeks: the last page ends where they end', async () => {
    const { found } = await searchAs(reader, 'searchStr=abundant&page=100');
    // Hits 5,000 to 5,049 of the newest first: entries 7000 down to 6951.
    expect(entries(found)).toHaveLength(50);
    expect(entries(found)[0]).toBe('7000');
    expect(entries(found).at(-1)).toBe('6951');
  });

  it('reads the oldest weeks first when the search ascends', async () => {
    const { found, byWeek } = await searchAs(reader, 'searchStr=abundant&ascend=true');
    expect(byWeek).toBe(true);
    expect(entries(found).slice(0, 3)).toEqual(['1', '2', '3']);
  });

  it('keeps to a date window, starting from the newest week inside it', async () => {
    const query = 'searchStr=abundant&start=2026-01-10&stop=2026-02-05';
    const { found, byWeek } = await searchAs(reader, query);
    expect(byWeek).toBe(true);
    const window = must(
      checkSearchArgs(readSearchArgs(new URLSearchParams(`${query}&users=all`))),
      'the window',
    );
    const { db } = t.database;
    const newest = await rowsOf<{ text: string }>(
      db,
      sql`select text from ${items} where text like 'abundant entry %'
        and created >= ${new Date(window.start).toISOString()}::timestamptz
        and created < ${new Date(must(window.stop, 'its end')).toISOString()}::timestamptz
      order by created desc limit 2`,
    );
    expect(found.slice(0, 2)).toEqual(newest.map((r) => r.text));
  });

  it('finds phrases, prefixes and either-or words, and leaves out what is excluded', async () => {
    const phrase = await searchAs(reader, 'searchStr=%22entry 11999%22');
    expect(phrase.found).toEqual(['abundant entry 11999']);
    const prefix = await searchAs(reader, 'searchStr=abund*');
    expect(entries(prefix.found).slice(0, 2)).toEqual(['12000', '11999']);
    // Items with both words rank above those with one.
    const either = await searchAs(reader, 'searchStr=tripled or abundant');
    expect(either.byWeek).toBe(true);
    expect(entries(either.found).slice(0, 2)).toEqual(['12000', '11997']);
    const without = await searchAs(reader, 'searchStr=abundant -tripled');
    expect(without.byWeek).toBe(true);
    expect(entries(without.found).slice(0, 3)).toEqual(['11999', '11998', '11996']);
  });

  it('asks the week index only for what every match holds, so no match is lost', async () => {
    const { db } = t.database;
    // Words the text parser keeps whole or splits its own way, beside the entries.
    await db.execute(sql`
      insert into items (list_id, multilist_id, index, owner, author, text, created)
      select list_id, multilist_id, 0, 'author', 'author', w, timestamptz '2026-03-01'
      from items, unnest(array['x-ray of it''s 3.14 file', 'see mail@example.org now',
                               'half-way there', '東京大学で日本語を学ぶ', 'Python入門の授業']) w
      where text = 'abundant entry 1'`);
    const week = weekOf(sql`${items.created}`);
    for (const input of [
      'abundant',
      'abund*',
      '"entry 42"',
      'tripled or nothing',
      'abundant -tripled',
      'x-ray',
      '3.14',
      '"it\'s 3.14"',
      'mail@example.org',
      'half-way*',
      'ray* -abundant',
      // Chinese and Japanese words inside a run of characters, as its pairs of characters.
      '大学',
      '日本語',
      '東京大学',
      '"日本語を学ぶ"',
      '語',
      '学*',
      'Python入門',
    ]) {
      const query = must(textQuery(input), input);
      const required = must(requiredTextQuery(input), input);
      const [row] = await rowsOf<{ matches: number; lost: number }>(
        db,
        sql`select count(*)::int as matches,
              count(*) filter (where not (${inWeekSql(required, week)}))::int as lost
            from ${items} where ${items.searchVector} @@ ${query}`,
      );
      expect(row?.matches, input).toBeGreaterThan(0);
      expect(row?.lost, input).toBe(0);
    }
  });
});
