/**
 * The audit log behind the admin's activity page: every successful write is recorded with who,
 * what, which board and when; reads are not; board writes and their record commit together.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let admin: Agent;
let author: Agent;
let reader: Agent;
let course: Multilist;

interface Row {
  at: string;
  username: string;
  call: string;
  board: string | null;
  multilistId: string | null;
  itemId: string | null;
  details: Record<string, unknown>;
}
interface Page {
  rows: Row[];
  page: number;
  pageSize: number;
  total: number;
  hasNext: boolean;
}

const activity = async (query: object = {}): Promise<Page> => {
  const res = await admin.post('/api/admin/activity', query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const load = async (a: Agent, address: string): Promise<Multilist> =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t.app);
  await admin.signIn('admin');
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  course = await load(author, '/author/course');
});
afterAll(async () => t.close());

describe('audit log', () => {
  it('records a board write with who, what, which board and when', async () => {
    const before = Date.now();
    const res = await author.post('/api/forms/insert_item', {
      listId: course.lists[1]!._id,
      text: 'An extra tip',
    });
    expect(res.statusCode).toBe(200);
    const [row] = (await activity({ user: 'author' })).rows;
    expect(row).toMatchObject({
      username: 'author',
      call: '/api/forms/insert_item',
      board: 'author/course',
      multilistId: course._id,
      details: { listId: course.lists[1]!._id },
    });
    expect(Date.parse(row!.at)).toBeGreaterThanOrEqual(before - 1000);
    // Whole texts are not copied into the log.
    expect(JSON.stringify(row!.details)).not.toContain('An extra tip');
  });

  it('records writes outside boards: a new board, a group, a profile, sign-in', async () => {
    const made = (
      await reader.post('/api/forms/insert_multilist', { titleText: 'Reading log' })
    ).json();
    await reader.post('/api/forms/create_group', { name: 'Night owls' });
    await reader.post('/api/forms/edit_profile', { profile: { title: 'Night student' } });
    const again = new Agent(t.app);
    await again.signIn('reader');
    const calls = (await activity({ user: 'reader' })).rows.map((r) => r.call);
    expect(calls).toEqual(
      expect.arrayContaining([
        '/api/forms/insert_multilist',
        '/api/forms/create_group',
        '/api/forms/edit_profile',
        '/api/auth/signin',
      ]),
    );
    const created = (await activity({ user: 'reader' })).rows.find(
      (r) => r.call === '/api/forms/insert_multilist',
    );
    expect(created).toMatchObject({ board: 'reader/reading-log', multilistId: made.multilistId });
  });

  it('never keeps a password in the log', async () => {
    const a = new Agent(t.app);
    await a.signIn('demo');
    const rows = (await activity({ user: 'demo' })).rows;
    expect(rows.map((r) => r.call)).toContain('/api/auth/signin');
    expect(JSON.stringify(rows)).not.toContain('listboard');
  });

  it('leaves out reads, view-state changes and failed calls', async () => {
    const a = new Agent(t.app);
    await a.signIn('author');
    const { total } = await activity({ user: 'author' });
    await a.post('/api/dbload/load_multilists', { addresses: ['/author/course'] });
    await a.post('/api/forms/list_multilists', { owner: 'author' });
    await a.post('/api/display/update_multilistvs', {
      query: { userId: a.userId, multilistId: course._id },
      doc: { $set: { zoom: 3 } },
    });
    const refused = await a.post('/api/forms/edit_item', { itemId: course._id, text: 'x' });
    expect(refused.statusCode).toBe(404);
    expect((await activity({ user: 'author' })).total).toBe(total);
  });

  it('keeps a board write and its record together: no record, no change', async () => {
    const list = course.lists[2]!._id;
    await t.database.db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      const res = await author.post('/api/forms/insert_item', { listId: list, text: 'Lost item' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBe('Something went wrong. Please try again later.');
    } finally {
      await t.database.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    const board = await load(author, '/author/course');
    const texts = board.lists[2]!.items.map((i) => i.text);
    expect(texts).not.toContain('Lost item');
  });

  it('pages newest first and narrows by user and by day', async () => {
    for (let i = 0; i < 5; i++) {
      await author.post('/api/forms/insert_item', { listId: course.lists[0]!._id, text: `n${i}` });
    }
    const first = await activity({ user: 'AUTHOR', pageSize: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.hasNext).toBe(true);
    expect(first.total).toBeGreaterThanOrEqual(6);
    expect(first.rows.every((r) => r.username === 'author')).toBe(true);
    const second = await activity({ user: 'author', pageSize: 2, page: 1 });
    expect(Date.parse(second.rows[0]!.at)).toBeLessThanOrEqual(Date.parse(first.rows[1]!.at));
    expect(second.rows.map((r) => r.at)).not.toContain(first.rows[0]!.at);

    const today = new Date().toISOString().slice(0, 10);
    const todays = await activity({ start: today, stop: today, pageSize: 200 });
    expect(todays.total).toBeGreaterThan(0);
    expect(todays.rows.every((r) => r.at.startsWith(today))).toBe(true);
    const empty = await activity({ start: '2001-01-01', stop: '2001-01-31' });
    expect(empty).toMatchObject({ rows: [], total: 0, hasNext: false });
  });

  it('refuses a bad date with a message, not a 500', async () => {
    const res = await admin.post('/api/admin/activity', { start: '2024-02-30' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The start date must be a date as YYYY-MM-DD.');
    const backwards = await admin.post('/api/admin/activity', {
      start: '2024-03-02',
      stop: '2024-03-01',
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('is for the site admin only', async () => {
    expect((await reader.post('/api/admin/activity', {})).statusCode).toBe(403);
    expect((await author.post('/api/admin/activity', {})).statusCode).toBe(403);
    const guest = new Agent(t.app);
    await guest.signInGuest();
    expect((await guest.post('/api/admin/activity', {})).statusCode).toBe(401);
  });
});
