/**
 * A word so common that it matches more items than the result pages can show: the newest
 * matches (the oldest, when the search ascends) are the ones ranked, and the last page is 100.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE } from '@listboard/core';
import { MAX_HITS } from '../src/services/search/query';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let reader: Agent;
const COMMON = MAX_HITS + 200;

beforeAll(async () => {
  t = await createTestApp();
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const author = new Agent(t.app);
  await author.signIn('author');
  const course = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json()[0]!;
  const list = course.lists[1]!;
  // Made in SQL: thousands of items, one a minute, newest last; the oldest says the word most.
  await t.database.db.execute(sql`
    insert into items (list_id, multilist_id, index, owner, author, text, created)
    select ${list._id}, ${course._id}, 100 + g, 'author', 'author',
           case when g = 0 then 'zebra zebra zebra zebra oldest' else 'a zebra number ' || g end,
           timestamptz '2025-01-01' + g * interval '1 minute'
    from generate_series(0, ${COMMON - 1}) g`);
}, 120_000);
afterAll(async () => t.close());

const page = async (n: number, extra: Record<string, string> = {}) => {
  const q = new URLSearchParams({
    searchStr: 'zebra',
    users: 'all',
    bucket: 'none',
    page: String(n),
    ...extra,
  });
  const res = await reader.post('/api/dbload/load_search', {
    address: `/x/home;results?${q.toString()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const board = res.json() as {
    lists: { items: { text: string }[] }[];
    search: { hasNext: boolean };
  };
  return {
    texts: board.lists.flatMap((l) => l.items.map((i) => i.text)),
    hasNext: board.search.hasNext,
  };
};

describe('a word that matches more than the pages can show', () => {
  it('ranks the newest matches, pages up to 100 and stops there', async () => {
    const first = await page(0);
    expect(first.texts).toHaveLength(SEARCH_PAGE_SIZE);
    // The item that says the word most is also the oldest, outside the newest matches.
    expect(first.texts.some((x) => x.includes('oldest'))).toBe(false);
    const last = await page(SEARCH_PAGE_MAX);
    expect(last.texts).toHaveLength(SEARCH_PAGE_SIZE);
    expect(last.hasNext).toBe(false);
  });

  it('takes the oldest matches when the search ascends by date', async () => {
    const first = await page(0, { sort: 'Start Date', ascend: 'true' });
    expect(first.texts[0]).toContain('oldest');
    const newest = await page(0, { sort: 'Start Date' });
    expect(newest.texts[0]).toContain(`a zebra number ${COMMON - 1}`);
  });
});
