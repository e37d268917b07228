/**
 * The S3 driver's signature contract. s3rver (the S3-compatible server of s3rver.test.ts) accepts
 * presigned requests without checking them, so these tests run the driver against a small server
 * started in the test (media/mini-s3.ts) that checks AWS Signature V4 on every request: the
 * presigned PUT contract a browser follows, the app's upload flow with STORAGE=s3, and serving
 * through presigned GETs whose response headers the app fixes.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext } from './harness';
import { S3FileStore } from '../src/storage/s3-store';
import { startMiniS3, type MiniS3 } from './media/mini-s3';
import { EXE_BYTES, makeVideo, tempDir } from './media/fixtures';

let s3: MiniS3;
let store: S3FileStore;
let dir: string;
let video: Buffer;

beforeAll(async () => {
  dir = tempDir('lb-s3-');
  video = makeVideo(dir);
  s3 = await startMiniS3();
  store = new S3FileStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  });
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('S3 store: presigned PUT contract', () => {
  it('signs a path-style PUT with the content type among the signed headers', async () => {
    const signed = await store.presignPut('author/clip.mp4', {
      contentType: 'video/mp4',
      maxBytes: 1000,
      expiresIn: 900,
    });
    const url = new URL(signed.url);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/author/clip.mp4`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^TESTKEYID\/\d{8}\/us-east-1\/s3\/aws4_request$/,
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    expect(signed.headers).toEqual({ 'Content-Type': 'video/mp4' });

    const res = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: video });
    expect(res.status).toBe(200);
    expect(s3.objects.get('author/clip.mp4')?.body.equals(video)).toBe(true);
    expect(s3.objects.get('author/clip.mp4')?.contentType).toBe('video/mp4');
  });

  it('is refused with another content type, another key or a tampered signature', async () => {
    const signed = await store.presignPut('author/a.png', {
      contentType: 'image/png',
      maxBytes: 1000,
      expiresIn: 900,
    });
    const tries = [
      fetch(signed.url, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: 'x' }),
      fetch(signed.url.replace('author/a.png', 'author/b.png'), {
        method: 'PUT',
        headers: signed.headers,
        body: 'x',
      }),
      fetch(signed.url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'), {
        method: 'PUT',
        headers: signed.headers,
        body: 'x',
      }),
      fetch(signed.url, { method: 'GET' }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(403);
    expect(s3.objects.has('author/a.png')).toBe(false);
    expect(s3.objects.has('author/b.png')).toBe(false);
  });

  it('is refused once expired', async () => {
    const signed = await store.presignPut('author/late.png', {
      contentType: 'image/png',
      maxBytes: 1000,
      expiresIn: 1,
    });
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: 'x' });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/expired/);
  });

  it('reads, ranges, heads and deletes through the SDK', async () => {
    await store.put('author/t.txt', Buffer.from('hello world'), 'text/plain');
    expect(await store.head('author/t.txt')).toMatchObject({ size: 11 });
    const part = await store.get('author/t.txt', { start: 6, end: 10 });
    const chunks: Buffer[] = [];
    for await (const c of part!) chunks.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(chunks).toString()).toBe('world');
    await store.delete('author/t.txt');
    expect(await store.head('author/t.txt')).toBeNull();
    expect(await store.get('author/t.txt')).toBeNull();
  });
});

describe('the app with STORAGE=s3', () => {
  let t: TestContext;
  let author: Agent;
  beforeAll(async () => {
    t = await createTestApp({
      STORAGE: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      UPLOAD_MAX_BYTES: '200000',
    });
    author = new Agent(t.app);
    await author.signIn('author');
  });
  afterAll(async () => t.close());

  async function upload(bucketPath: string, body: Buffer) {
    const signed = (await author.post('/api/upload/s3', { bucketPath, fileType: '' })).json();
    expect(signed.url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body });
    expect(put.status).toBe(200);
    return author.post('/api/upload/record', { bucketPath, fileType: '', size: body.length });
  }

  it('uploads with the presigned URL, then records the checked file', async () => {
    const res = await upload('author/movie.mp4', video);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      fullpath: 'author/movie.mp4',
      url: '/files/author/movie.mp4',
      type: 'video/mp4',
      location: `s3://${s3.bucket}/author/movie.mp4`,
    });
  });

  it('refuses and deletes a file whose content does not match, or that is too big', async () => {
    const res = await upload('author/fake.mp4', EXE_BYTES);
    expect(res.statusCode).toBe(415);
    expect(s3.objects.has('author/fake.mp4')).toBe(false);
    // A presigned PUT cannot cap the size, so the record step does.
    const big = Buffer.concat([Buffer.from('x'), Buffer.alloc(200_000, 0x61)]);
    const tooBig = await upload('author/big.txt', big);
    expect(tooBig.statusCode).toBe(413);
    expect(s3.objects.has('author/big.txt')).toBe(false);
  });

  it('serves /files/{key} by a redirect to a presigned GET with safe headers', async () => {
    const res = await author.get('/files/author/movie.mp4');
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/author/movie.mp4?`)).toBe(true);
    const got = await fetch(location);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('video/mp4');
    expect(got.headers.get('content-disposition')).toMatch(/^inline; filename="movie.mp4"/);
    expect(Buffer.from(await got.arrayBuffer()).equals(video)).toBe(true);

    s3.objects.set('author/page.html', {
      body: Buffer.from('<script>1</script>'),
      contentType: 'text/html',
    });
    const page = await fetch(
      String((await author.get('/files/author/page.html')).headers.location),
    );
    expect(page.headers.get('content-type')).toBe('application/octet-stream');
    expect(page.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('answers HEAD itself, since a presigned GET does not sign HEAD', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: '/files/author/movie.mp4',
      headers: { cookie: author.cookie! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe(String(video.length));
    expect(
      (
        await t.app.inject({
          method: 'HEAD',
          url: '/files/author/none.pdf',
          headers: { cookie: author.cookie! },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('has no local signed-URL routes', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/files/author/x.png?exp=1&max=1&sig=x' }))
        .statusCode,
    ).toBe(404);
  });

  it('lets the page reach the bucket (CSP)', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
        'content-security-policy'
      ],
    );
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${s3.endpoint}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.endpoint}`));
  });

  it('takes a poster frame from a video in the bucket', async () => {
    const { multilistId } = (
      await author.post('/api/forms/insert_multilist', { titleText: 'S3 posters' })
    ).json();
    await author.post('/api/forms/insert_list', {
      multilistId,
      titleText: 'A',
      itemText: 'movie.mp4 0:01-0:02 ~ Movie',
    });
    const board = (
      await author.post('/api/dbload/load_multilists', { addresses: ['/author/s3-posters'] })
    ).json()[0]!;
    const item = board.lists[0]!.items[0]!;
    const res = await author.post('/api/forms/set_poster_frame', { itemId: item._id });
    expect(res.statusCode, res.body).toBe(200);
    // Its name, its time and a part no one can guess.
    const posterPath = res.json().posterPath;
    expect(posterPath).toMatch(/^\/files\/admin\/posters\/author_movie-0-01-[\w-]{16}\.png$/);
    const png = s3.objects.get(posterPath.slice('/files/'.length));
    expect(png?.body.subarray(1, 4).toString()).toBe('PNG');
    expect(png?.contentType).toBe('image/png');
  });
});
