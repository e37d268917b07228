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

  it('leaves a neighbour that plays another recording as it is: only clips of one file stay contiguous', async () => {
    const { multilistId, ptitle } = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Two lectures' })
    ).json();
    for (const [title, file] of [
      ['Week 1', 'lecture.webm'],
      ['Week 2', 'week2.webm'],
    ] as const)
      await author.post('/api/forms/insert_list', {
        multilistId,
        titleText: title,
        itemText: `/media/${file}#t=3,12 ~ ${title}`,
      });
    const load = async () =>
      (
        await author.post('/api/dbload/load_multilists', { addresses: [`/author/${ptitle}`] })
      ).json()[0] as Multilist;
    const before = await load();
    const res = await author.post('/api/forms/set_item_range', {
      itemId: before.lists[0]!.items[0]!._id,
      end: 9.4,
    });
    expect(res.json().adjusted).toEqual([]);
    const after = await load();
    expect(after.lists[0]!.items[0]!.text).not.toBe(before.lists[0]!.items[0]!.text);
    expect(after.lists[1]!.items[0]!.text).toBe('/media/week2.webm#t=3,12 ~ Week 2');
    const right = await author.post('/api/forms/set_item_range', {
      itemId: after.lists[1]!.items[0]!._id,
      start: 4,
    });
    expect(right.json().adjusted).toEqual([]);
    expect((await load()).lists[0]!.items[0]!.text).toBe(after.lists[0]!.items[0]!.text);
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

  it('refuses a time past 277:46:40 on every call that takes one, and leaves the clip a clip', async () => {
    const item = board.lists[0]!.items[0]!;
    const block = item.blocks.find((b) => b.type === 'video')!;
    const latest = 'A media time can be at most 277:46:40.';
    const refusals = [
      await author.post('/api/forms/set_item_range', { itemId: item._id, end: 1e300 }),
      await author.post('/api/forms/set_item_range', { itemId: item._id, start: 1e21 }),
      await author.post('/api/forms/update_block', {
        query: { _id: block._id },
        doc: { $set: { range: { end: 1e25 }, posterPath: '/media/poster.png' } },
      }),
      await author.post('/api/forms/add_media_marker', {
        itemId: item._id,
        title: 'Far',
        timecode: '999999999999:00',
      }),
      await author.post('/api/forms/add_media_marker', {
        itemId: item._id,
        title: 'Far',
        timecode: 1e22,
      }),
      await author.post('/api/forms/set_poster_frame', { itemId: item._id, time: 1e22 }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(latest);
    }
    await reload();
    const after = board.lists[0]!.items[0]!;
    expect(after.text).toBe(item.text);
    expect(after.blocks.map((b) => b.type)).toEqual(item.blocks.map((b) => b.type));
    expect(after.mediaMarkers).toEqual(item.mediaMarkers);
    // The latest time itself is taken, and written as a time code.
    const far = await author.post('/api/forms/set_item_range', {
      itemId: item._id,
      end: 1_000_000,
    });
    expect(far.statusCode).toBe(200);
    await reload();
    expect(board.lists[0]!.items[0]!.text).toBe('/media/lecture.webm 0:00-277:46:40 ~ Part 1');
    // A time finer than a millisecond is answered as the time code keeps it.
    const fine = await author.post('/api/forms/set_item_range', {
      itemId: item._id,
      start: 1e-7,
      end: 12.0004,
    });
    expect(fine.json()).toMatchObject({ start: 0, end: 12 });
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
