import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let board: Multilist;
const reload = async () =>
  (board = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/clips'] })
  ).json()[0]!);
const range = (li: number, ii = 0) =>
  board.lists[li]!.items[ii]!.blocks.find((b) => b.type === 'video')?.range;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  const { multilistId } = (
    await author.post('/api/forms/insert_multilist', { titleText: 'Clips' })
  ).json();
  for (const [title, r] of [
    ['Part 1', '0:00-0:10'],
    ['Part 2', '0:10-0:20'],
    ['Part 3', '0:20-0:30'],
  ] as const) {
    await author.post('/api/forms/insert_list', {
      multilistId,
      titleText: title,
      itemText: `/media/lecture.webm ${r} ~ ${title}`,
    });
  }
  await reload();
});
afterAll(async () => t.close());

describe('media ranges', () => {
  it('setting an end moves the start of the clip at the same index in the next list', async () => {
    const res = await author.post('/api/forms/set_item_range', {
      itemId: board.lists[0]!.items[0]!._id,
      end: 12,
    });
    expect(res.statusCode).toBe(200);
    await reload();
    expect(range(0)).toMatchObject({ start: 0, end: 12 });
    expect(range(1)).toMatchObject({ start: 12, end: 20 });
    expect(board.lists[0]!.items[0]!.text).toBe('/media/lecture.webm 0:00-0:12 ~ Part 1');
  });

  it('setting a start moves the end of the clip in the previous list', async () => {
    await author.post('/api/forms/set_item_range', {
      itemId: board.lists[2]!.items[0]!._id,
      start: 18,
    });
    await reload();
    expect(range(1)).toMatchObject({ start: 12, end: 18 });
    expect(range(2)).toMatchObject({ start: 18, end: 30 });
  });

  it('refuses an end before the start, and items without media', async () => {
    const bad = await author.post('/api/forms/set_item_range', {
      itemId: board.lists[0]!.items[0]!._id,
      start: 20,
      end: 5,
    });
    expect(bad.statusCode).toBe(400);
    const { listId } = (
      await author.post('/api/forms/insert_list', { multilistId: board._id, titleText: 'Text' })
    ).json();
    const { itemId } = (
      await author.post('/api/forms/insert_item', { listId, text: 'plain words' })
    ).json();
    const none = await author.post('/api/forms/set_item_range', { itemId, end: 3 });
    expect(none.statusCode).toBe(400);
    await reload();
    expect(range(0)).toMatchObject({ start: 0, end: 12 });
  });

  it('leaves as it is, and names to no one, a neighbour the caller may not see', async () => {
    const made = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Split Talk' })
    ).json();
    const first = (
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'First',
        itemText: '/media/lecture.webm 0:00-0:10 ~ First',
      })
    ).json();
    const second = (
      await author.post('/api/forms/insert_list', {
        multilistId: made.multilistId,
        titleText: 'Second',
      })
    ).json();
    await author.post('/api/forms/add_coauthor', {
      title: made.ptitle,
      owner: 'author',
      username: 'demo',
    });
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    // The coauthor's own clip, which only they see, beside the owner's.
    const theirs = await demo.post('/api/forms/insert_item', {
      listId: second.listId,
      text: '/media/lecture.webm 0:10-0:20 ~ Mine',
      isPrivate: true,
    });
    expect(theirs.statusCode).toBe(200);
    const [board] = (
      await author.post('/api/dbload/load_multilists', { addresses: [`/author/${made.ptitle}`] })
    ).json<Multilist[]>();
    const res = await author.post('/api/forms/set_item_range', {
      itemId: board!.lists[0]!.items[0]!._id,
      end: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().adjusted).toEqual([]);
    const [seen] = (
      await demo.post('/api/dbload/load_multilists', { addresses: [`/author/${made.ptitle}`] })
    ).json<Multilist[]>();
    const mine = seen!.lists.find((l) => l._id === second.listId)!.items[0]!;
    expect(mine.text).toBe('/media/lecture.webm 0:10-0:20 ~ Mine');
    expect(first.listId).toBe(seen!.lists[0]!._id);
  });
});
