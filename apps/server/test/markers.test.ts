/**
 * Media markers, text markers (block and sentence), the two splits, and forms/update_block.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext, type Refusal } from './harness';

let t: TestContext;
let author: Agent;
let board: Multilist;
let multilistId: string;

const TEXT = 'First sentence. Second one! Third?\n\nBlock two.\n\nBlock three is here. And more.';

const reload = async () =>
  (board = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/markers'] })
  ).json()[0]!);
const items = (li = 0): Item[] => board.lists[li]!.items;
const byText = (start: string) => items().find((i) => i.text.startsWith(start))!;
const call = <N extends string>(name: N, body: object) =>
  author.post(`/api/forms/${name}` as const, body);

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  multilistId = (await author.post('/api/forms/insert_multilist', { titleText: 'Markers' })).json()
    .multilistId;
  await author.post('/api/forms/insert_list', {
    multilistId,
    titleText: 'A',
    itemText: '/media/lecture.webm 0:00-0:30 ~ Lecture\n\n/media/interview.ogg',
  });
  await reload();
  // Blank lines separate items in a list's text, so the item of several blocks goes in alone.
  await author.post('/api/forms/insert_item', {
    listId: board.lists[0]!._id,
    text: TEXT,
    index: 1,
  });
  await reload();
});
afterAll(async () => t.close());

describe('media markers', () => {
  it('adds, edits and lists markers in time order, one per time', async () => {
    const video = byText('/media/lecture.webm')._id;
    const add = await call('add_media_marker', {
      itemId: video,
      title: 'Later',
      description: '',
      timecode: '0:12',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().marker).toEqual({
      timecode: '0:12',
      time: 12,
      title: 'Later',
      description: '',
    });
    // Seconds from a player are accepted and stored in the same spelling.
    expect(
      (await call('add_media_marker', { itemId: video, title: 'Intro', timecode: 5 })).statusCode,
    ).toBe(200);
    const dup = await call('add_media_marker', { itemId: video, title: 'x', timecode: '12' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<Refusal>().error).toBe('There is already a marker at 0:12.');
    expect(
      (await call('add_media_marker', { itemId: video, timecode: 'soon' })).json<Refusal>().error,
    ).toBe('"soon" is not a time code (use seconds, m:ss or h:mm:ss).');
    const edit = await call('edit_media_marker', {
      itemId: video,
      title: 'Intro!',
      description: 'The start',
      timecode: '0:05',
    });
    expect(edit.json().marker).toMatchObject({ title: 'Intro!', description: 'The start' });
    expect(
      (await call('edit_media_marker', { itemId: video, title: 'x', timecode: '0:07' })).statusCode,
    ).toBe(404);
    await reload();
    expect(byText('/media/lecture.webm').mediaMarkers).toEqual([
      { timecode: '0:05', time: 5, title: 'Intro!', description: 'The start' },
      { timecode: '0:12', time: 12, title: 'Later', description: '' },
    ]);
  });

  it('refuses markers on an item without video or audio', async () => {
    const res = await call('add_media_marker', { itemId: byText('First')._id, timecode: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json<Refusal>().error).toBe(
      'This is not a media item, so it cannot have media markers.',
    );
  });

  it('deletes one marker, then all', async () => {
    const video = byText('/media/lecture.webm')._id;
    expect((await call('delete_media_marker', { itemId: video, timecode: '12' })).statusCode).toBe(
      200,
    );
    expect((await call('delete_media_marker', { itemId: video, timecode: '12' })).statusCode).toBe(
      404,
    );
    await reload();
    expect(byText('/media/lecture.webm').mediaMarkers.map((m) => m.timecode)).toEqual(['0:05']);
    const all = await call('delete_all_media_markers', { itemId: video });
    expect(all.json()).toMatchObject({ deleted: 1 });
    await reload();
    expect(byText('/media/lecture.webm').mediaMarkers).toEqual([]);
  });

  it('splits at three markers into three items after the item, each with its span as range', async () => {
    const video = byText('/media/lecture.webm');
    for (const [code, title] of [
      ['0:05', 'One'],
      ['0:12', ''],
      ['0:20', 'Three'],
      ['0:45', 'Outside the range'],
    ])
      await call('add_media_marker', { itemId: video._id, title, timecode: code });
    const res = await call('split_at_media_markers', {
      itemId: video._id,
      title: 'Part',
      description: 'From the lecture',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { start: number; end: number }) => [i.start, i.end])).toEqual([
      [5, 12],
      [12, 20],
      [20, 30],
    ]);
    await reload();
    const list = items();
    const at = list.findIndex((i) => i._id === video._id);
    const clips = list.slice(at + 1, at + 4);
    expect(clips.map((c) => c.blocks[0]!.range)).toMatchObject([
      { start: 5, end: 12 },
      { start: 12, end: 20 },
      { start: 20, end: 30 },
    ]);
    expect(clips.map((c) => c.text)).toEqual([
      '/media/lecture.webm 0:05-0:12 ~ Lecture\n\nOne\n\nFrom the lecture',
      '/media/lecture.webm 0:12-0:20 ~ Lecture\n\nPart\n\nFrom the lecture',
      '/media/lecture.webm 0:20-0:30 ~ Lecture\n\nThree\n\nFrom the lecture',
    ]);
    expect(list.map((i) => i.index)).toEqual(list.map((_, k) => k));
    // The split item itself is left as it was.
    expect(list[at]!.text).toBe('/media/lecture.webm 0:00-0:30 ~ Lecture');
  });

  it('lets the last clip run to the end when the range is open', async () => {
    const audio = byText('/media/interview.ogg');
    await call('add_media_marker', { itemId: audio._id, timecode: '1' });
    await call('add_media_marker', { itemId: audio._id, timecode: '2.5' });
    const res = await call('split_at_media_markers', {
      itemId: audio._id,
      title: '',
      description: '',
    });
    expect(res.json().items.map((i: { start: number; end: number }) => [i.start, i.end])).toEqual([
      [1, 2.5],
      [2.5, -1],
    ]);
    await reload();
    const at = items().findIndex((i) => i._id === audio._id);
    expect(items()[at + 1]!.text).toBe('/media/interview.ogg 0:01-0:02.5');
    expect(items()[at + 2]!.text).toBe('/media/interview.ogg#t=2.5');
    expect(items()[at + 2]!.blocks[0]!.range).toMatchObject({ start: 2.5, end: -1 });
  });

  it('says so when there is nothing to split at', async () => {
    const video = byText('/media/lecture.webm');
    await call('delete_all_media_markers', { itemId: video._id });
    const res = await call('split_at_media_markers', { itemId: video._id });
    expect(res.statusCode).toBe(400);
    expect(res.json<Refusal>().error).toBe(
      'There are no media markers inside the range to split at.',
    );
  });
});

describe('text markers', () => {
  it('needs a cursor inside the item', async () => {
    const item = byText('First')._id;
    for (const cursorIndex of [undefined, null, -1]) {
      const res = await call('add_text_marker', {
        itemId: item,
        title: 't',
        cursorIndex,
        sentences: false,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<Refusal>().error).toBe('A text marker needs a cursor set first.');
    }
    const out = await call('add_text_marker', { itemId: item, cursorIndex: 3, sentences: false });
    expect(out.json<Refusal>().error).toBe('There is no block at that cursor: the item has 3.');
    const outS = await call('add_text_marker', { itemId: item, cursorIndex: 6, sentences: true });
    expect(outS.json<Refusal>().error).toBe('There is no sentence at that cursor: the item has 6.');
  });

  it('refuses a cursor past any an item could have, on every marker call', async () => {
    const item = byText('First')._id;
    for (const name of ['add_text_marker', 'update_text_marker', 'delete_text_marker']) {
      const res = await call(name, { itemId: item, cursorIndex: 2 ** 31, sentences: false });
      expect(res.statusCode, name).toBe(400);
      expect(res.json<Refusal>().error, name).toBe(
        'Invalid cursorIndex: Too big: expected number to be <=2147483647',
      );
    }
  });

  it('adds, updates and deletes block and sentence markers separately', async () => {
    const item = byText('First')._id;
    expect(
      (
        await call('add_text_marker', {
          itemId: item,
          title: 'B1',
          description: 'd',
          cursorIndex: 1,
          sentences: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('add_text_marker', {
          itemId: item,
          title: 'S1',
          cursorIndex: 1,
          sentences: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('add_text_marker', { itemId: item, cursorIndex: 1, sentences: true })).statusCode,
    ).toBe(409);
    const upd = await call('update_text_marker', {
      itemId: item,
      title: 'B1!',
      description: 'dd',
      cursorIndex: 1,
      sentences: false,
    });
    expect(upd.json().marker).toEqual({
      cursorIndex: 1,
      title: 'B1!',
      description: 'dd',
      sentences: false,
    });
    await reload();
    expect(byText('First').blockMarkers).toEqual([
      { cursorIndex: 1, title: 'B1!', description: 'dd' },
    ]);
    expect(byText('First').sentenceMarkers).toEqual([
      { cursorIndex: 1, title: 'S1', description: '' },
    ]);
    expect(
      (await call('delete_text_marker', { itemId: item, cursorIndex: 1, sentences: true }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('delete_text_marker', { itemId: item, cursorIndex: 1, sentences: true }))
        .statusCode,
    ).toBe(404);
    await reload();
    expect(byText('First').sentenceMarkers).toEqual([]);
    expect(byText('First').blockMarkers).toHaveLength(1);
  });

  it('takes the sentences mode from the board view when the call leaves it out', async () => {
    const item = byText('First')._id;
    await author.post('/api/display/update_multilistvs', {
      query: { userId: author.userId, multilistId },
      doc: { $set: { sentences: true } },
    });
    const res = await call('add_text_marker', { itemId: item, title: 'S4', cursorIndex: 4 });
    expect(res.json().marker.sentences).toBe(true);
    await author.post('/api/display/update_multilistvs', {
      query: { userId: author.userId, multilistId },
      doc: { $set: { sentences: false } },
    });
    const b = await call('add_text_marker', { itemId: item, title: 'B2', cursorIndex: 2 });
    expect(b.json().marker.sentences).toBe(false);
  });

  it('splits at sentence markers: each span from its sentence to the next marker', async () => {
    const item = byText('First')._id;
    await call('add_text_marker', { itemId: item, title: 'S1', cursorIndex: 1, sentences: true });
    const res = await call('split_at_text_markers', {
      itemId: item,
      title: 'Part',
      description: '',
      sentences: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((i: { text: string }) => i.text)).toEqual([
      'S1\n\nSecond one! Third?\n\nBlock two.',
      'S4\n\nBlock three is here. And more.',
    ]);
    await reload();
    const at = items().findIndex((i) => i._id === item);
    expect(items()[at + 1]!.text).toBe('S1\n\nSecond one! Third?\n\nBlock two.');
    expect(items()[at + 2]!.blocks.map((b) => b.text)).toEqual([
      'S4',
      'Block three is here. And more.',
    ]);
    expect(items()[at]!.text).toBe(TEXT);
  });

  it('splits at block markers, with the call’s title for markers without one', async () => {
    const item = byText('First')._id;
    await call('add_text_marker', { itemId: item, title: '', cursorIndex: 0, sentences: false });
    const res = await call('split_at_text_markers', {
      itemId: item,
      title: 'Part',
      description: 'Desc',
      sentences: false,
    });
    expect(res.json().items.map((i: { text: string }) => i.text)).toEqual([
      'Part\n\nDesc\n\nFirst sentence. Second one! Third?',
      'B1!\n\ndd\n\nBlock two.',
      'B2\n\nDesc\n\nBlock three is here. And more.',
    ]);
  });

  it('deletes all markers of one kind only', async () => {
    const item = byText('First')._id;
    const res = await call('delete_all_text_markers', { itemId: item, sentences: false });
    expect(res.json().deleted).toBe(3);
    await reload();
    expect(byText('First').blockMarkers).toEqual([]);
    expect(byText('First').sentenceMarkers.map((m) => m.cursorIndex)).toEqual([1, 4]);
    expect(
      (await call('split_at_text_markers', { itemId: item, sentences: false })).json<Refusal>()
        .error,
    ).toBe('There are no text markers to split at.');
  });
});

describe('splitting a private item', () => {
  it('makes pieces as private as it: its readers see none of them, its author all', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const listId = board.lists[0]!._id;
    const made = async (text: string) =>
      (await call('insert_item', { listId, text, isPrivate: true })).json<{ itemId: string }>()
        .itemId;
    const notes = await made('Answer key qzone.\n\nAnswer key qztwo.');
    for (const cursorIndex of [0, 1])
      await call('add_text_marker', { itemId: notes, title: '', cursorIndex, sentences: false });
    const clip = await made('/media/lecture.webm 0:00-0:30 ~ Exam walkthrough qzclip');
    for (const timecode of ['0:05', '0:10'])
      await call('add_media_marker', { itemId: clip, timecode });
    const split = [
      await call('split_at_text_markers', { itemId: notes, sentences: false }),
      await call('split_at_media_markers', { itemId: clip }),
    ];
    expect(split.map((r) => r.statusCode)).toEqual([200, 200]);
    const pieces = split.flatMap((r) => r.json<{ items: { itemId: string }[] }>().items);
    expect(pieces).toHaveLength(4);
    const loaded = async (a: Agent) =>
      (await a.post('/api/dbload/load_multilists', { addresses: ['/author/markers'] })).body;
    const theirs = await loaded(reader);
    for (const words of ['qzone', 'qztwo', 'qzclip']) expect(theirs).not.toContain(words);
    await reload();
    const shown = items().filter((i) => pieces.some((p) => p.itemId === i._id));
    expect(shown.map((i) => i.isPrivate)).toEqual([true, true, true, true]);
  });
});

describe('forms/update_block', () => {
  const videoBlock = () => byText('/media/lecture.webm').blocks[0]!;
  const update = (set: object, id = videoBlock()._id) =>
    call('update_block', { query: { _id: id }, doc: { $set: set } });

  it('sets the range by rewriting the media line', async () => {
    const res = await update({ range: { start: 3, end: 9 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().block).toMatchObject({ range: { start: 3, end: 9 } });
    await reload();
    expect(byText('/media/lecture.webm').text).toBe('/media/lecture.webm 0:03-0:09 ~ Lecture');
    await update({ range: { end: 10 } });
    await reload();
    expect(videoBlock().range).toMatchObject({ start: 3, end: 10 });
  });

  it('keeps auto-seek through later rewrites', async () => {
    await update({ autoSeek: true });
    await update({ range: { start: 4 } });
    await reload();
    expect(videoBlock()).toMatchObject({ autoSeek: true, range: { start: 4, end: 10 } });
  });

  it('sets the poster and the address, keeping the rest of the line', async () => {
    await update({ posterPath: '/media/lecture-poster.jpg' });
    await reload();
    expect(byText('/media/lecture.webm').text).toBe(
      '/media/lecture.webm 0:04-0:10 # /media/lecture-poster.jpg ~ Lecture',
    );
    expect(videoBlock().posterUrl).toBe('/media/lecture-poster.jpg');
    await update({ posterUrl: '/media/pattern.jpg', url: '/media/lecture2.webm' });
    await reload();
    const item = items().find((i) => i.text.startsWith('/media/lecture2.webm'))!;
    expect(item.text).toBe('/media/lecture2.webm 0:04-0:10 # /media/pattern.jpg ~ Lecture');
  });

  it('replaces the whole media line text', async () => {
    const block = items().find((i) => i.text.startsWith('/media/lecture2.webm'))!.blocks[0]!;
    const res = await update({ text: '/media/lecture.webm 1-2 ~ New' }, block._id);
    expect(res.statusCode, res.body).toBe(200);
    await reload();
    expect(byText('/media/lecture.webm 1-2').blocks[0]).toMatchObject({
      caption: 'New',
      range: { start: 1, end: 2 },
    });
  });

  it('refuses what is not a media change', async () => {
    const text = byText('First').blocks[0]!._id;
    expect((await update({ range: { start: 1 } }, text)).json<Refusal>().error).toBe(
      'This block is not a media line.',
    );
    expect((await update({ text: 'a\n\nb' })).json<Refusal>().error).toBe(
      'The new text must be a single block.',
    );
    expect((await update({ range: { start: 5, end: 2 } })).json<Refusal>().error).toBe(
      'The end of a range must come after its start.',
    );
    expect((await update({ color: 'red' })).statusCode).toBe(400);
  });
});
