/**
 * A write sent again with its Idempotency-Key is made once: the second copy gets the first's
 * answer (a retry after a gateway's 5xx, a Submit pressed again after the answer was lost). The
 * key is the user's own, and a key met with a refusal keeps nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { eq } from 'drizzle-orm';
import { Agent, createTestApp, type TestContext } from './harness';
import { requestKeys } from '../src/db/schema';
import { purgeOldRequestKeys } from '../src/services/request-keys';

let t: TestContext;
let author: Agent;
let reader: Agent;
let listId = '';
let address = '';

const load = async (): Promise<Multilist> =>
  (await author.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]!;
const texts = async () => (await load()).lists[0]!.items.map((i) => i.text);

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const made = (await author.post('/api/forms/insert_multilist', { titleText: 'Keyed' })).json();
  address = `/author/${made.ptitle}`;
  listId = (
    await author.post('/api/forms/insert_list', { multilistId: made.multilistId, titleText: 'One' })
  ).json().listId;
});
afterAll(async () => t.close());

describe('writes sent again with their key', () => {
  it('insert an item once, answering the second copy as the first', async () => {
    const key = { 'idempotency-key': 'form-1:abc123' };
    const first = await author.post('/api/forms/insert_item', { listId, text: 'Once' }, key);
    const again = await author.post('/api/forms/insert_item', { listId, text: 'Once' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await texts()).toEqual(['Once']);
    // Another key is another write.
    await author.post(
      '/api/forms/insert_item',
      { listId, text: 'Once' },
      { 'idempotency-key': 'form-2:abc123' },
    );
    expect(await texts()).toEqual(['Once', 'Once']);
  });

  it('make two copies sent at the same moment once, both answered as the first', async () => {
    const key = { 'idempotency-key': 'double-click-1' };
    const [a, b] = await Promise.all([
      author.post('/api/forms/insert_item', { listId, text: 'Twice at once' }, key),
      author.post('/api/forms/insert_item', { listId, text: 'Twice at once' }, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect((await texts()).filter((x) => x === 'Twice at once')).toHaveLength(1);
  });

  it('note a reader’s question once, and keep keys apart per user', async () => {
    const itemId = (await load()).lists[0]!.items[0]!._id;
    const key = { 'idempotency-key': 'note-key-1' };
    const body = { listId, itemId, noteSpec: { text: 'Which year?' } };
    await reader.post('/api/forms/insert_note', body, key);
    await reader.post('/api/forms/insert_note', body, key);
    // The author's own write under the same key is theirs, not a copy of the reader's.
    await author.post(
      '/api/forms/insert_note',
      { ...body, noteSpec: { text: 'Which year?' } },
      key,
    );
    const notes = (await load()).lists[0]!.items[0]!.notes;
    expect(notes.map((n) => `${n.author}: ${n.text}`)).toEqual([
      'reader: Which year?',
      'author: Which year?',
    ]);
  });

  it('edit an item once: the copy of a saved edit is its success, not a conflict', async () => {
    const item = (await load()).lists[0]!.items[0]!;
    const key = { 'idempotency-key': 'edit-key-1' };
    const body = { itemId: item._id, text: 'Once, edited', version: item.version };
    const first = await author.post('/api/forms/edit_item', body, key);
    expect(first.statusCode).toBe(200);
    const again = await author.post('/api/forms/edit_item', body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // Without the key, the same words against the old version are another person's conflict.
    const stale = await author.post('/api/forms/edit_item', body);
    expect(stale.statusCode).toBe(409);
  });

  it('keep nothing for a refused write: sent again, it is tried again', async () => {
    const key = { 'idempotency-key': 'refused-key-1' };
    const refused = await reader.post('/api/forms/insert_item', { listId, text: 'Mine?' }, key);
    expect(refused.statusCode).toBe(403);
    const again = await reader.post('/api/forms/insert_item', { listId, text: 'Mine?' }, key);
    expect(again.statusCode).toBe(403);
    expect(await texts()).not.toContain('Mine?');
  });

  it('forget a key after a day, at the hourly sweep', async () => {
    const key = { 'idempotency-key': 'old-key-1' };
    await author.post('/api/forms/insert_item', { listId, text: 'Yesterday' }, key);
    await t.database.db
      .update(requestKeys)
      .set({ created: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(requestKeys.key, 'old-key-1'));
    await purgeOldRequestKeys(t.database.db);
    await author.post('/api/forms/insert_item', { listId, text: 'Yesterday' }, key);
    expect((await texts()).filter((x) => x === 'Yesterday')).toHaveLength(2);
  });
});
