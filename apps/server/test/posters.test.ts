/**
 * Poster frames with the local store: ffmpeg takes the frame at the range start of a generated
 * video (uploaded, or one of the app's own /media/ files), the PNG lands at
 * admin/posters/{name}-{startcode}-{random}.png, and the media line's poster part points at it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Multilist } from '@listboard/core';
import { Agent, createTestApp, type TestContext } from './harness';
import { makeVideo, tempDir } from './media/fixtures';
import { createFileStore } from '../src/storage';

let t: TestContext;
let author: Agent;
let board: Multilist;
let dataDir: string;
let video: Buffer;

const reload = async () =>
  (board = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/posters'] })
  ).json()[0]!);
const byText = (start: string): Item =>
  board.lists[0]!.items.find((i) => i.text.startsWith(start))!;

/** A poster's address: its name, its time and a part no one can guess. */
const posterAt = (name: string) =>
  new RegExp(`^/files/admin/posters/${name}-[A-Za-z0-9_-]{16}\\.png$`);
const fileOf = (posterPath: string) => `${dataDir}${posterPath}`;

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (b: Buffer) => [b.readUInt32BE(16), b.readUInt32BE(20)];

beforeAll(async () => {
  dataDir = tempDir('lb-posters-');
  video = makeVideo(dataDir, 'source.mp4');
  t = await createTestApp({ DATA_DIR: dataDir });
  author = new Agent(t.app);
  await author.signIn('author');
  const signed = (await author.post('/api/upload/s3', { bucketPath: 'author/clip.mp4' })).json();
  await t.app.inject({ method: 'PUT', url: signed.url, headers: signed.headers, payload: video });
  await author.post('/api/upload/record', { bucketPath: 'author/clip.mp4', size: video.length });
  const { multilistId } = (
    await author.post('/api/forms/insert_multilist', { titleText: 'Posters' })
  ).json();
  await author.post('/api/forms/insert_list', {
    multilistId,
    titleText: 'A',
    itemText: [
      'clip.mp4 0:01-0:02 ~ Clip',
      '/media/lecture.webm ~ Lecture',
      'Just words.',
      '/media/interview.ogg',
      'https://example.com/remote.mp4',
      'missing.mp4',
    ].join('\n\n'),
  });
  await reload();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('poster frames', () => {
  it('takes the frame at the range start of an uploaded video and writes it into the line', async () => {
    const item = byText('clip.mp4');
    const res = await author.post('/api/forms/set_poster_frame', { itemId: item._id });
    expect(res.statusCode, res.body).toBe(200);
    const { posterPath } = res.json();
    expect(posterPath).toMatch(posterAt('author_clip-0-01'));
    expect(res.json().posterUrl).toBe(posterPath);
    const png = await t.app.inject({ method: 'GET', url: posterPath });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(pngSize(png.rawPayload)).toEqual([320, 180]);
    await reload();
    const after = byText('clip.mp4');
    expect(after.text).toBe(`clip.mp4 0:01-0:02 # ${posterPath} ~ Clip`);
    expect(after.blocks[0]).toMatchObject({
      posterPath,
      posterUrl: posterPath,
      range: { start: 1, end: 2 },
    });
  });

  it('takes different frames at different times', async () => {
    const item = byText('clip.mp4');
    const first = byText('clip.mp4').blocks[0]!.posterPath!;
    const later = await author.post('/api/forms/set_poster_frame', { itemId: item._id, time: 2.5 });
    const posterPath = later.json().posterPath;
    expect(posterPath).toMatch(posterAt('author_clip-0-02-5'));
    const a = fs.readFileSync(fileOf(first));
    const b = fs.readFileSync(fileOf(posterPath));
    expect(a.equals(b)).toBe(false);
    await reload();
    // The poster part is replaced, not added again.
    expect(byText('clip.mp4').text).toBe(`clip.mp4 0:01-0:02 # ${posterPath} ~ Clip`);
  });

  it('upload_block_posters takes the named block’s poster at its range start', async () => {
    const block = byText('clip.mp4').blocks[0]!;
    const res = await author.post('/api/forms/upload_block_posters', { block });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().block!.posterUrl).toMatch(posterAt('author_clip-0-01'));
  });

  it('takes frames from the app’s own /media/ files', async () => {
    const res = await author.post('/api/forms/set_poster_frame', {
      itemId: byText('/media/lecture.webm')._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().posterPath).toMatch(posterAt('media_lecture-0'));
    expect(fs.existsSync(fileOf(res.json().posterPath))).toBe(true);
  });

  it('says so for an item without media, and for audio', async () => {
    const words = await author.post('/api/forms/set_poster_frame', { itemId: byText('Just')._id });
    expect(words.statusCode).toBe(400);
    expect(words.json().error).toBe('This is not a media item, so cannot set poster frame!');
    const audio = await author.post('/api/forms/set_poster_frame', {
      itemId: byText('/media/interview.ogg')._id,
    });
    expect(audio.json().error).toBe('Only a video has frames to take a poster from.');
  });

  it('refuses remote addresses unless their host is allowed, and missing files', async () => {
    const remote = await author.post('/api/forms/set_poster_frame', {
      itemId: byText('https://example.com')._id,
    });
    expect(remote.statusCode).toBe(400);
    expect(remote.json().error).toBe(
      "Poster frames are taken only from uploaded files and the app's own media, not from other sites.",
    );
    const missing = await author.post('/api/forms/set_poster_frame', {
      itemId: byText('missing.mp4')._id,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('says when there is no frame at that time', async () => {
    const res = await author.post('/api/forms/set_poster_frame', {
      itemId: byText('clip.mp4')._id,
      time: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('No frame could be taken at 1:40: is the time inside the video?');
  });

  it('takes no frame of someone else’s upload named in one’s own item, and says no more than for a missing file', async () => {
    // The author's, shown nowhere.
    await createFileStore(t.config).put('author/unshown.mp4', video, 'video/mp4');
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const own = (
      await reader.post('/api/forms/insert_multilist', { titleText: 'Borrowed frames' })
    ).json();
    await reader.post('/api/forms/insert_list', {
      multilistId: own.multilistId,
      titleText: 'Mine',
      itemText: '/files/author/unshown.mp4 ~ Not mine\n\n/files/author/no-such.mp4 ~ Nothing',
    });
    const [mine] = (
      await reader.post('/api/dbload/load_multilists', {
        addresses: [`/reader/${own.ptitle}`],
      })
    ).json<Multilist[]>();
    const [named, missing] = mine!.lists[0]!.items;
    const posters = () => fs.readdirSync(`${dataDir}/files/admin/posters`).length;
    const before = posters();
    const taken = await reader.post('/api/forms/set_poster_frame', { itemId: named!._id });
    const none = await reader.post('/api/forms/set_poster_frame', { itemId: missing!._id });
    expect(taken.statusCode).toBe(404);
    expect(taken.json().error).toBe('Not found: /files/author/unshown.mp4');
    expect(none.json().error).toBe('Not found: /files/author/no-such.mp4');
    expect(posters()).toBe(before);
  });

  it('is for those who may edit the board', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const res = await reader.post('/api/forms/set_poster_frame', {
      itemId: byText('clip.mp4')._id,
    });
    expect(res.statusCode).toBe(403);
  });
});
