/**
 * Board loads as JSON text with an ETag: the text says exactly what the object form says, and
 * the tag changes whenever anything the caller would see changes — and only then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { loadMultilists } from '../src/services/boards/load';
import { Agent, createTestApp, type TestContext, type Refusal } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;
let demo: Agent;
let course: {
  _id: string;
  lists: { _id: string; items: { _id: string }[] }[];
};

const ADDRESS = '/author/course';

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
  demo = new Agent(t.app);
  await demo.signIn('demo');
  course = (await author.post('/api/dbload/load_multilists', { addresses: [ADDRESS] })).json()[0]!;
  const on = (l: number, i: number) => ({
    listId: course.lists[l]!._id,
    itemId: course.lists[l]!.items[i]!._id,
  });
  const open = await reader.post('/api/forms/insert_note', {
    ...on(0, 0),
    noteSpec: { text: 'Who are the sources?' },
  });
  await reader.post('/api/forms/insert_note', {
    ...on(0, 1),
    noteSpec: { text: 'Only mine' },
    isPrivate: true,
  });
  await author.post('/api/forms/insert_note', {
    ...on(0, 0),
    noteSpec: { text: 'Two officials.', parentId: open.json().itemId },
  });
  await author.post('/api/forms/insert_anno', { ...on(1, 0), annoSpec: { text: 'Due Friday.' } });
  await reader.post('/api/display/update_itemvs', {
    query: { userId: reader.userId, itemId: course.lists[0]!.items[0]!._id },
    doc: { $set: { dim: true } },
  });
  await reader.post('/api/display/update_listvs', {
    query: { userId: reader.userId, listId: course.lists[1]!._id },
    doc: { $set: { zoom: 3 } },
  });
});
afterAll(async () => t.close());

const actorOf = async (a: Agent) => {
  const user = (await a.get('/api/auth/session')).json().user!;
  return { id: user._id, username: user.username, roles: user.roles };
};

const get = (a: Agent, etag?: string) =>
  a.get(
    `/api/dbload/load_multilists?addresses=${encodeURIComponent(ADDRESS)}&addresses=${encodeURIComponent('/admin/home;help')}`,
    etag ? { 'if-none-match': etag } : {},
  );

describe('board loads as text', () => {
  it('say exactly what the object form says, for each kind of caller', async () => {
    for (const a of [author, reader, demo]) {
      const res = await a.post('/api/dbload/load_multilists', {
        addresses: [ADDRESS, '/admin/home;help'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const objects = await loadMultilists(t.database.db, [ADDRESS, '/admin/home;help'], {
        actor: await actorOf(a),
        appVersion: t.config.APP_VERSION,
      });
      expect(res.json()).toEqual(JSON.parse(JSON.stringify(objects)));
    }
  });

  it('carry the reader’s own view states and notes, and nobody else’s', async () => {
    const asReader = (await get(reader)).json<Multilist[]>()[0]!;
    const asDemo = (await get(demo)).json<Multilist[]>()[0]!;
    expect(asReader.lists[0]!.items[0]!.viewstate).toEqual({ dim: true });
    expect(asReader.lists[1]!.viewstate).toEqual({ zoom: 3 });
    expect(asDemo.lists[0]!.items[0]!.viewstate).toEqual({});
    const texts = (b: { lists: { items: { notes: { text: string }[] }[] }[] }) =>
      b.lists.flatMap((l) => l.items.flatMap((i) => i.notes.map((n) => n.text)));
    expect(texts(asReader)).toContain('Only mine');
    expect(texts(asDemo)).not.toContain('Only mine');
    expect(texts(asDemo)).toEqual(expect.arrayContaining(['Who are the sources?', 'Due Friday.']));
  });
});

describe('conditional board loads', () => {
  it('answer 304 with no body while nothing changed, as GET and as POST', async () => {
    const first = await get(reader);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await get(reader, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const weak = await get(reader, `W/${etag}, "other"`);
    expect(weak.statusCode).toBe(304);
    const post = await reader.post(
      '/api/dbload/load_multilists',
      { addresses: [ADDRESS, '/admin/home;help'] },
      { 'if-none-match': etag },
    );
    expect(post.statusCode).toBe(304);
  });

  it('give callers who see different things different tags, and share one otherwise', async () => {
    const tags = await Promise.all(
      [author, reader, demo].map(async (a) => (await get(a)).headers.etag),
    );
    expect(new Set(tags).size).toBe(3);
    const one = new Agent(t.app);
    await one.signInGuest();
    const two = new Agent(t.app);
    await two.signInGuest();
    const [a, b] = await Promise.all([get(one), get(two)]);
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.body).toBe(b.body);
    expect((await get(two, a.headers.etag as string)).statusCode).toBe(304);
  });

  it('change the tag when the board changes, and the new answer shows the change', async () => {
    const etag = (await get(demo)).headers.etag as string;
    await author.post('/api/forms/edit_item', {
      itemId: course.lists[2]!.items[0]!._id,
      text: 'Rewritten for the tag test',
    });
    const after = await get(demo, etag);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Rewritten for the tag test');
    expect(after.headers.etag).not.toBe(etag);
  });

  it('change the tag when the caller’s own view state changes, not when another’s does', async () => {
    const demoTag = (await get(demo)).headers.etag as string;
    const readerTag = (await get(reader)).headers.etag as string;
    await reader.post('/api/display/update_multilistvs', {
      query: { userId: reader.userId, multilistId: course._id },
      doc: { $set: { zoom: 4 } },
    });
    expect((await get(demo, demoTag)).statusCode).toBe(304);
    const mine = await get(reader, readerTag);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Multilist[]>()[0]!.viewstate).toMatchObject({ zoom: 4 });
  });

  it('change the tag when a note the caller may see appears', async () => {
    const etag = (await get(demo)).headers.etag as string;
    await reader.post('/api/forms/insert_note', {
      listId: course.lists[0]!._id,
      itemId: course.lists[0]!.items[2]!._id,
      noteSpec: { text: 'A fresh question' },
    });
    const after = await get(demo, etag);
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('A fresh question');
  });

  it('change the tag when the caller unlocks a board with its password', async () => {
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: course._id,
      password: 'sesame',
    });
    const locked = await get(demo);
    expect(locked.json<Multilist[]>()[0]).toMatchObject({ locked: true, lists: [] });
    await demo.post('/api/forms/board_password', { multilistId: course._id, password: 'sesame' });
    const open = await get(demo, locked.headers.etag);
    expect(open.statusCode).toBe(200);
    expect(open.json<Multilist[]>()[0]!.lists.length).toBeGreaterThan(0);
    await author.post('/api/dbedit/edit_multilist', { multilistId: course._id, password: null });
  });

  it('refuse a malformed query with a 400', async () => {
    const res = await reader.get('/api/dbload/load_multilists?device=toaster&addresses=/a/b');
    expect(res.statusCode).toBe(400);
    expect(res.json<Refusal>().error).toBeTruthy();
  });
});
