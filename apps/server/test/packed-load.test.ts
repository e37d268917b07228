/**
 * The packed form of a board load (load_multilists with form 'packed'; core/api/packed.ts): each
 * item leaves out what its place tells, and unpackBoards makes exactly the full answer of it
 * again, for every viewer, with notes, replies, passages, markers, labels and media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackBoards, type PackedMultilist } from '@listboard/core/api/packed';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
const agents: Record<string, Agent> = {};
const ADDRESSES = ['/admin/home;help', '/author/course', '/author/kinds'];

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['author', 'reader', 'demo']) {
    agents[name] = new Agent(t.app);
    await agents[name].signIn(name);
  }
  agents.visitor = new Agent(t.app);
  const { author, reader } = agents as Record<'author' | 'reader', Agent>;
  const { multilistId } = (
    await author.post('/api/forms/insert_multilist', { titleText: 'Kinds' })
  ).json<{ multilistId: string }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', {
      multilistId,
      titleText: 'Week 1',
      itemText: 'A first item',
    })
  ).json<{ listId: string }>();
  // One item of several blocks (a fence keeps its blank lines), and a clip.
  for (const [text, index] of [
    ['Read **this** first.\n\n```\ncode   kept as written\n\n\n```\n\n$$x^2$$', 0],
    ['/media/lecture.webm 0:05-0:20 # /media/poster.jpg ~ A clip', 1],
  ] as const) {
    const res = await author.post('/api/forms/insert_item', { listId, text, index });
    expect(res.statusCode, res.body).toBe(200);
  }
  await author.post('/api/forms/insert_list', {
    multilistId,
    titleText: 'Week 2',
    itemText: 'Second week',
  });
  const board = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/kinds'] })
  ).json<Multilist[]>()[0]!;
  const [text, clip] = board.lists[0]!.items;
  expect(text!.blocks.length).toBeGreaterThan(2);
  const on = { listId, itemId: text!._id };
  const writes = [
    () =>
      author.post('/api/forms/add_media_marker', {
        itemId: clip!._id,
        title: 'Here',
        timecode: '0:10',
      }),
    () =>
      author.post('/api/forms/add_text_marker', {
        itemId: text!._id,
        cursorIndex: 0,
        title: 'Start',
      }),
    () =>
      author.post('/api/forms/edit_item_labels', {
        itemId: text!._id,
        labels: [{ name: 'week', value: '1' }],
      }),
    () =>
      reader.post('/api/forms/insert_note', {
        ...on,
        noteSpec: {
          text: 'Why first?',
          highlight: { exact: 'this', prefix: 'Read **', suffix: '** first.', start: 7, end: 11 },
        },
      }),
    () =>
      reader.post('/api/forms/insert_note', {
        ...on,
        noteSpec: { text: 'Mine alone' },
        isPrivate: true,
      }),
    () =>
      author.post('/api/forms/edit_item', { ...on, text: 'Read **this** first, then the clip.' }),
    () => author.post('/api/forms/insert_anno', { ...on, annoSpec: { text: 'An author’s word' } }),
  ];
  for (const write of writes) {
    const res = await write();
    expect(res.statusCode, res.body).toBe(200);
  }
  const note = (await author.post('/api/dbload/load_multilists', { addresses: ['/author/kinds'] }))
    .json<Multilist[]>()[0]!
    .lists[0]!.items[0]!.notes.find((n) => n.text === 'Why first?')!;
  const reply = await author.post('/api/forms/insert_note', {
    ...on,
    noteSpec: { text: 'Because it frames the rest.', parentId: note._id },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  // A viewer's own view state travels with the item.
  await reader.post('/api/display/update_itemvs', { itemId: text!._id, viewstate: { open: true } });
});
afterAll(async () => t.close());

const load = (a: Agent, form?: 'full' | 'packed') =>
  a.post('/api/dbload/load_multilists', { addresses: ADDRESSES, form });

describe('a packed board load', () => {
  it.each(['author', 'reader', 'demo', 'visitor'])(
    'unpacks to exactly the full answer, as %s',
    async (name) => {
      const a = agents[name]!;
      const full = await load(a);
      const packed = await load(a, 'packed');
      expect(packed.statusCode).toBe(200);
      const boards = full.json<Multilist[]>();
      expect(boards.map((b) => b.ptitle)).toEqual(['home', 'help', 'course', 'kinds']);
      expect(unpackBoards(packed.json<PackedMultilist[]>())).toEqual(boards);
      // A full answer unpacks to itself.
      expect(unpackBoards(boards)).toEqual(boards);
    },
  );

  it('sends well under two thirds of the bytes, and leaves out no text', async () => {
    const full = await load(agents.reader!);
    const packed = await load(agents.reader!, 'packed');
    expect(packed.body.length).toBeLessThan(full.body.length * 0.6);
    for (const item of full.json<Multilist[]>().flatMap((b) => b.lists.flatMap((l) => l.items)))
      expect(packed.body).toContain(JSON.stringify(item.text));
  });

  it('has a tag of its own: each form revalidates against its own answer', async () => {
    const a = agents.reader!;
    const full = await load(a);
    const packed = await load(a, 'packed');
    const fullTag = String(full.headers.etag);
    const packedTag = String(packed.headers.etag);
    expect(packedTag).not.toBe(fullTag);
    const again = await a.post(
      '/api/dbload/load_multilists',
      { addresses: ADDRESSES, form: 'packed' },
      { 'if-none-match': packedTag },
    );
    expect(again.statusCode).toBe(304);
    const crossed = await a.post(
      '/api/dbload/load_multilists',
      { addresses: ADDRESSES, form: 'packed' },
      { 'if-none-match': fullTag },
    );
    expect(crossed.statusCode).toBe(200);
    expect(crossed.body).toBe(packed.body);
  });

  it('refuses a form it does not know', async () => {
    const res = await agents.reader!.post('/api/dbload/load_multilists', {
      addresses: ADDRESSES,
      form: 'tiny',
    });
    expect(res.statusCode).toBe(400);
  });
});
