/**
 * The S3 driver against s3rver, an S3-compatible server from npm started here: the whole upload
 * flow of the app with STORAGE=s3, serving through presigned GETs (types, disposition, byte
 * ranges) and poster frames read from the bucket by ffmpeg. s3rver accepts presigned requests
 * without checking their signatures, so the signature contract itself is tested against the
 * SigV4-checking server of s3-store.test.ts.
 */
import fs from 'node:fs';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext, ifStarted } from './harness';
import { EXE_BYTES, makeVideo, tempDir } from './media/fixtures';

const BUCKET = 'listboard-test';
let server: S3rver;
let endpoint: string;
let dir: string;
let video: Buffer;
let t: TestContext;
let author: Agent;

beforeAll(async () => {
  dir = tempDir('lb-s3rver-');
  video = makeVideo(dir);
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: `${dir}/bucket`,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    STORAGE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    // s3rver's built-in credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    UPLOAD_MAX_BYTES: '200000',
  });
  author = new Agent(t.app);
  await author.signIn('author');
}, 60_000);
afterAll(async () => {
  await ifStarted(t)?.close();
  await ifStarted(server)?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function upload(bucketPath: string, body: Buffer) {
  const signed = (await author.post('/api/upload/s3', { bucketPath, fileType: '' })).json();
  expect(signed.url.startsWith(`${endpoint}/${BUCKET}/`)).toBe(true);
  const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body });
  expect(put.status).toBe(200);
  return author.post('/api/upload/record', { bucketPath, fileType: '', size: body.length });
}

const served = async (key: string, headers: Record<string, string> = {}) => {
  // Read as the uploader: an upload that no item shows yet is theirs alone.
  const res = await author.get(`/files/${key}`);
  expect(res.statusCode).toBe(302);
  return fetch(String(res.headers.location), { headers });
};

describe('the app with STORAGE=s3 on s3rver', () => {
  it('uploads through the presigned URL and records the checked file', async () => {
    const res = await upload('author/lecture.mp4', video);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fullpath: 'author/lecture.mp4',
      size: video.length,
      type: 'video/mp4',
      location: `s3://${BUCKET}/author/lecture.mp4`,
    });
  });

  it('deletes a stored file whose content does not match its suffix', async () => {
    const res = await upload('author/fake.mp4', EXE_BYTES);
    expect(res.statusCode).toBe(415);
    expect((await served('author/fake.mp4')).status).toBe(404);
  });

  it('serves through presigned GETs with the app’s headers, and byte ranges', async () => {
    const whole = await served('author/lecture.mp4');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toMatch(/^inline; filename="lecture.mp4"/);
    expect(Buffer.from(await whole.arrayBuffer()).equals(video)).toBe(true);
    const part = await served('author/lecture.mp4', { range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(4, 12))).toBe(true);
  });

  it('takes a poster frame from the video in the bucket', async () => {
    const { multilistId } = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Bucket posters' })
    ).json();
    await author.post('/api/forms/insert_list', {
      multilistId,
      titleText: 'A',
      itemText: 'lecture.mp4 0:01-0:02 ~ Lecture',
    });
    const board = (
      await author.post('/api/dbload/load_multilists', { addresses: ['/author/bucket-posters'] })
    ).json()[0]!;
    const res = await author.post('/api/forms/set_poster_frame', {
      itemId: board.lists[0]!.items[0]!._id,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Its name, its time and a part no one can guess.
    const posterPath = res.json().posterPath;
    expect(posterPath).toMatch(/^\/files\/admin\/posters\/author_lecture-0-01-[\w-]{16}\.png$/);
    const png = await served(posterPath.slice('/files/'.length));
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });
});
