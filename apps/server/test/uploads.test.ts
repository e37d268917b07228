/**
 * Uploads with the local store: the presigned PUT contract (signature, expiry, size limit), the
 * upload record's checks (size, magic numbers, UTF-8 text, own folder, supported suffixes) and
 * how stored files are served (safe types, disposition, nosniff, byte ranges).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext, type Refusal } from './harness';
import { LocalFileStore } from '../src/storage/local-store';
import { createSigner } from '../src/storage/signing';
import { createFileStore } from '../src/storage';
import { EXE_BYTES, makePng, makeVideo, tempDir } from './media/fixtures';

const LIMIT = 200_000;
let t: TestContext;
let author: Agent;
let dataDir: string;
let video: Buffer;
let png: Buffer;

beforeAll(async () => {
  dataDir = tempDir('lb-uploads-');
  video = makeVideo(dataDir);
  png = makePng(dataDir);
  t = await createTestApp({
    DATA_DIR: dataDir,
    UPLOAD_MAX_BYTES: String(LIMIT),
    SESSION_SECRET: 'a-test-session-secret-0123456789',
  });
  author = new Agent(t.app);
  await author.signIn('author');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Files are read as their uploader: an upload no item shows yet is served to them alone. */
const asUploader = (opts: {
  method: 'GET' | 'HEAD';
  url: string;
  headers?: Record<string, string>;
}) => t.app.inject({ ...opts, headers: { ...opts.headers, cookie: author.cookie! } });

const presign = (bucketPath: string, extra: object = {}) =>
  author.post('/api/upload/s3', { bucketPath, fileType: '', ...extra });

async function put(
  signed: { url: string; headers: Record<string, string> },
  body: Buffer | Readable,
) {
  return t.app.inject({ method: 'PUT', url: signed.url, headers: signed.headers, payload: body });
}

/** The whole flow the browser goes through: presign, PUT, record. */
async function upload(bucketPath: string, body: Buffer) {
  const signed = (await presign(bucketPath)).json();
  const res = await put(signed, body);
  expect(res.statusCode, res.body).toBe(200);
  return author.post('/api/upload/record', { bucketPath, fileType: '', size: body.length });
}

describe('presigned upload URLs (local store)', () => {
  it('signs a PUT into the caller’s own folder and records the checked file', async () => {
    const res = await presign('author/clip.mp4', { fileType: 'video/mp4' });
    expect(res.statusCode).toBe(200);
    const signed = res.json();
    expect(signed).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'video/mp4' },
      bucketPath: 'author/clip.mp4',
      maxBytes: LIMIT,
    });
    expect(signed.url).toMatch(/^\/api\/files\/author\/clip\.mp4\?exp=\d+&max=200000&sig=/);
    expect((await put(signed, video)).statusCode).toBe(200);
    const rec = await author.post('/api/upload/record', {
      bucketPath: 'author/clip.mp4',
      fileType: 'video/mp4',
      size: video.length,
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json()).toMatchObject({
      folderpath: 'author',
      filepath: 'clip.mp4',
      filename: 'clip.mp4',
      username: 'author',
      fullpath: 'author/clip.mp4',
      type: 'video/mp4',
      size: video.length,
      url: '/files/author/clip.mp4',
      uploadApp: 'listboard',
      location: 'local:author/clip.mp4',
    });
    expect(Date.parse(rec.json().createdAt)).not.toBeNaN();
    expect(fs.readFileSync(path.join(dataDir, 'files/author/clip.mp4')).equals(video)).toBe(true);
  });

  it('refuses a tampered signature, key or size limit', async () => {
    const signed = (await presign('author/a.png')).json();
    const tampered = [
      signed.url.replace(/sig=[^&]+/, 'sig=AAAA'),
      signed.url.replace('author/a.png', 'author/b.png'),
      signed.url.replace('max=200000', 'max=900000'),
      signed.url.replace(/exp=(\d+)/, (_: string, e: string) => `exp=${Number(e) + 3600}`),
      signed.url.split('?')[0]!,
    ];
    for (const url of tampered) {
      const res = await put({ url, headers: signed.headers }, png);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<Refusal>().error).toBe('This file link is not valid.');
    }
    expect(fs.existsSync(path.join(dataDir, 'files/author/b.png'))).toBe(false);
  });

  it('refuses an expired signature', async () => {
    // The same key the app uses, with a clock an hour behind: a genuine but expired URL.
    const old = new LocalFileStore(
      dataDir,
      createSigner({ sessionSecret: t.config.SESSION_SECRET, dataDir }),
      () => Date.now() - 3600_000,
    );
    const signed = await old.presignPut('author/late.png', {
      contentType: 'image/png',
      maxBytes: LIMIT,
      expiresIn: 60,
    });
    const res = await put(signed, png);
    expect(res.statusCode).toBe(403);
    expect(res.json<Refusal>().error).toBe('This file link has expired.');
    const fresh = new LocalFileStore(
      dataDir,
      createSigner({ sessionSecret: t.config.SESSION_SECRET, dataDir }),
    );
    expect(
      (
        await put(
          await fresh.presignPut('author/late.png', {
            contentType: 'image/png',
            maxBytes: LIMIT,
            expiresIn: 60,
          }),
          png,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a PUT beyond the size limit, declared or streamed', async () => {
    const big = Buffer.alloc(LIMIT + 1, 7);
    const signed = (await presign('author/big.txt')).json();
    const declared = await put(signed, big);
    expect(declared.statusCode).toBe(413);
    expect(declared.json<Refusal>().error).toBe(
      'big.txt is larger than the upload limit of 195.3 KB.',
    );
    const streamed = await put(
      signed,
      Readable.from([big.subarray(0, 150_000), big.subarray(150_000)]),
    );
    expect(streamed.statusCode).toBe(413);
    expect(fs.existsSync(path.join(dataDir, 'files/author/big.txt'))).toBe(false);
    expect(
      fs.readdirSync(path.join(dataDir, 'files/author')).filter((f) => f.endsWith('.part')),
    ).toEqual([]);
  });

  it('answers 413 over a real connection when a streamed body passes the limit', async () => {
    const signed = (await presign('author/stream.txt')).json();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const chunk = new Uint8Array(64 * 1024).fill(97);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent > LIMIT * 2) {
          c.close();
          return;
        }
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    const res = await fetch(address + signed.url, {
      method: 'PUT',
      headers: signed.headers,
      body,
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(fs.existsSync(path.join(dataDir, 'files/author/stream.txt'))).toBe(false);
  });

  it('refuses a size over the limit already when asked for the URL', async () => {
    const res = await presign('author/huge.mp4', { size: LIMIT + 1 });
    expect(res.statusCode).toBe(413);
  });

  it('skips unsupported suffixes with a message', async () => {
    // The last are names every object inherits, which are no suffix either.
    for (const name of [
      'setup.exe',
      'page.html',
      'noext',
      'a.constructor',
      'a.__proto__',
      'a.toString',
    ]) {
      const res = await presign(`author/${name}`);
      expect(res.statusCode, name).toBe(415);
      expect(res.json().error).toBe(
        `${name} was skipped: only files with a supported extension can be uploaded.`,
      );
    }
  });

  it('keeps uploads in the caller’s own folder, with plain names', async () => {
    expect((await presign('demo/x.png')).statusCode).toBe(403);
    expect((await presign('demo/x.png')).json().error).toBe(
      'Uploads go in your own folder: author/…',
    );
    for (const bad of [
      'author/../demo/x.png',
      'author//x.png',
      'author/.hidden.png',
      'author/a b.png',
      '/author/x.png',
    ])
      expect((await presign(bad)).statusCode, bad).toBe(400);
  });

  it('puts a file name given alone into the caller’s own folder', async () => {
    const res = await presign('clip.mp4');
    expect(res.statusCode).toBe(200);
    expect(res.json().bucketPath).toBe('author/clip.mp4');
    expect((await presign('.clip.mp4')).statusCode).toBe(400);
  });

  it('refuses guests and visitors without a session', async () => {
    const guest = new Agent(t.app);
    expect((await guest.post('/api/upload/s3', { bucketPath: 'guest/x.png' })).statusCode).toBe(
      401,
    );
    await guest.signInGuest();
    const res = await guest.post('/api/upload/s3', { bucketPath: 'guest/x.png' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Please sign in to upload files.');
    expect(
      (await guest.post('/api/upload/record', { bucketPath: 'guest/x.png', size: 1 })).statusCode,
    ).toBe(401);
  });

  it('puts uploads under the uploads folder when the user keeps one', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const { users } = await import('../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(users)
      .set({ uploadsFolder: 'shared' })
      .where(eq(users.username, 'demo'));
    expect((await demo.post('/api/upload/s3', { bucketPath: 'demo/x.png' })).statusCode).toBe(403);
    expect(
      (await demo.post('/api/upload/s3', { bucketPath: 'shared/demo/x.png' })).statusCode,
    ).toBe(200);
    expect((await demo.post('/api/upload/s3', { bucketPath: 'x.png' })).json().bucketPath).toBe(
      'shared/demo/x.png',
    );
  });
});

describe('upload record checks', () => {
  it('refuses a file whose first bytes do not match its suffix, and deletes it', async () => {
    const res = await upload('author/fake.png', EXE_BYTES);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('fake.png was refused: its content is not png.');
    expect(fs.existsSync(path.join(dataDir, 'files/author/fake.png'))).toBe(false);
    expect((await asUploader({ method: 'GET', url: '/files/author/fake.png' })).statusCode).toBe(
      404,
    );
  });

  it('accepts matching magic numbers: png, mp4', async () => {
    expect((await upload('author/dot.png', png)).statusCode).toBe(200);
    expect((await upload('author/again.mp4', video)).statusCode).toBe(200);
  });

  it('refuses text that is not UTF-8', async () => {
    const res = await upload('author/notes.txt', Buffer.from([0x68, 0x69, 0xff, 0xfe, 0x0a]));
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('notes.txt was refused: it is not UTF-8 text.');
    expect((await upload('author/ok.txt', Buffer.from('héllo, wörld\n'))).statusCode).toBe(200);
  });

  it('needs the object to be there, with the size the browser sent', async () => {
    const missing = await author.post('/api/upload/record', {
      bucketPath: 'author/none.png',
      size: 5,
    });
    expect(missing.statusCode).toBe(404);
    const signed = (await presign('author/short.png')).json();
    await put(signed, png);
    const res = await author.post('/api/upload/record', {
      bucketPath: 'author/short.png',
      size: png.length + 10,
    });
    expect(res.statusCode).toBe(400);
  });

  it('one record per path: uploading again updates it', async () => {
    const first = (await upload('author/twice.png', png)).json();
    const bigger = Buffer.concat([png, Buffer.alloc(10)]);
    const second = (await upload('author/twice.png', bigger)).json();
    expect(second._id).toBe(first._id);
    expect(second.size).toBe(bigger.length);
  });

  it('puts a fresh upload beside a file of the same name, never in its place', async () => {
    const first = (await upload('author/diagram.png', png)).json();
    const other = Buffer.concat([png, Buffer.alloc(20)]);
    const signed = (await presign('diagram.png', { fresh: true })).json();
    expect(signed.bucketPath).toBe('author/diagram-2.png');
    expect((await put(signed, other)).statusCode).toBe(200);
    const second = (
      await author.post('/api/upload/record', {
        bucketPath: signed.bucketPath,
        fileType: '',
        size: other.length,
      })
    ).json();
    expect(second._id).not.toBe(first._id);
    expect(second.url).toBe('/files/author/diagram-2.png');
    // The first file is still what its address serves.
    const served = await asUploader({ method: 'GET', url: '/files/author/diagram.png' });
    expect(served.rawPayload.length).toBe(png.length);
    // And a third goes beside both.
    expect((await presign('author/diagram.png', { fresh: true })).json().bucketPath).toBe(
      'author/diagram-3.png',
    );
  });
});

describe('serving stored files', () => {
  it('serves a video inline with its type, nosniff and byte ranges', async () => {
    const res = await asUploader({ method: 'GET', url: '/files/author/clip.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="clip.mp4"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(video)).toBe(true);

    const part = await asUploader({
      method: 'GET',
      url: '/files/author/clip.mp4',
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(10, 20))).toBe(true);
    const tail = await asUploader({
      method: 'GET',
      url: '/files/author/clip.mp4',
      headers: { range: 'bytes=-5' },
    });
    expect(tail.rawPayload.equals(video.subarray(video.length - 5))).toBe(true);
    const bad = await asUploader({
      method: 'GET',
      url: '/files/author/clip.mp4',
      headers: { range: `bytes=${video.length}-` },
    });
    expect(bad.statusCode).toBe(416);

    const head = await asUploader({ method: 'HEAD', url: '/files/author/clip.mp4' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(video.length));
    const again = await asUploader({
      method: 'GET',
      url: '/files/author/clip.mp4',
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves an upload to those who can see an item showing it, and answers 404 to the rest', async () => {
    const store = createFileStore(t.config);
    await store.put('author/secret.png', png, 'image/png');
    await store.put('author/shared.png', png, 'image/png');
    const board = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Pictures', listed: true })
    ).json();
    const list = (
      await author.post('/api/forms/insert_list', {
        multilistId: board.multilistId,
        titleText: 'Week 1',
        itemText: 'shared.png',
      })
    ).json();
    const listId = list.listId;
    const privately = await author.post('/api/forms/insert_item', {
      listId,
      text: 'secret.png',
      isPrivate: true,
    });
    expect(privately.statusCode).toBe(200);
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    // The author's private item is theirs alone, and so is the picture it shows …
    expect((await get('/files/author/secret.png', author.cookie!)).statusCode).toBe(200);
    const hidden = await get('/files/author/secret.png', reader.cookie!);
    const missing = await get('/files/author/no-such.png', reader.cookie!);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body.replace('no-such.png', 'secret.png'));
    expect((await get('/files/author/secret.png')).statusCode).toBe(404);
    // … while a public item's picture goes to everyone, signed in or not.
    expect((await get('/files/author/shared.png', reader.cookie!)).statusCode).toBe(200);
    expect((await get('/files/author/shared.png')).statusCode).toBe(200);
  });

  it('never serves a private upload to one who names its address or path on a board of their own', async () => {
    const store = createFileStore(t.config);
    await store.put('author/diary.png', png, 'image/png');
    await store.put('author/poster.png', png, 'image/png');
    const board = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Open House', listed: true })
    ).json();
    const list = (
      await author.post('/api/forms/insert_list', {
        multilistId: board.multilistId,
        titleText: 'Hall',
        itemText: 'poster.png',
      })
    ).json();
    await author.post('/api/forms/insert_item', {
      listId: list.listId,
      text: 'diary.png',
      isPrivate: true,
    });
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect((await get('/files/author/diary.png', reader.cookie!)).statusCode).toBe(404);

    // Its address on the reader's own board, a public one: still the author's alone.
    const own = (
      await reader.post('/api/forms/insert_multilist', { titleText: 'Borrowed', listed: true })
    ).json();
    await reader.post('/api/forms/insert_list', {
      multilistId: own.multilistId,
      titleText: 'Mine',
      itemText: '/files/author/diary.png\n\n![a diary](/files/author/diary.png)',
    });
    expect((await get('/files/author/diary.png', reader.cookie!)).statusCode).toBe(404);
    expect((await get('/files/author/diary.png')).statusCode).toBe(404);

    // A copy of the author's board keeps its items' owner, against whom a path is read: the
    // reader's copy, edited to name the private file by its path, shows it to no one either.
    const copy = (
      await reader.post('/api/forms/duplicate_multilist', { multilistId: board.multilistId })
    ).json();
    const firstItem = async (who: Agent, address: string) => {
      const [b] = (await who.post('/api/dbload/load_multilists', { addresses: [address] })).json<
        { lists: { items: { _id: string; text: string }[] }[] }[]
      >();
      return b!.lists[0]!.items[0]!;
    };
    const item = await firstItem(reader, `/reader/${copy.ptitle}`);
    expect(item.text).toBe('poster.png');
    const edited = await reader.post('/api/forms/edit_item', {
      itemId: item._id,
      text: 'diary.png',
    });
    expect(edited.statusCode).toBe(200);
    expect((await get('/files/author/diary.png', reader.cookie!)).statusCode).toBe(404);
    expect((await get('/files/author/diary.png')).statusCode).toBe(404);
    expect((await get('/files/author/diary.png', author.cookie!)).statusCode).toBe(200);

    // What the author shows, the copy shows too, and an edit of the author's item keeps it shown.
    expect((await get('/files/author/poster.png')).statusCode).toBe(200);
    const hall = await firstItem(author, `/author/${board.ptitle}`);
    await author.post('/api/forms/edit_item', {
      itemId: hall._id,
      text: 'Come in!\n\nposter.png',
    });
    expect((await get('/files/author/poster.png')).statusCode).toBe(200);
  });

  it('keeps a file a coauthor named but could not read unshown, when the owner edits their words', async () => {
    const store = createFileStore(t.config);
    await store.put('author/plans.png', png, 'image/png');
    const board = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Staff Room', listed: true })
    ).json();
    const list = (
      await author.post('/api/forms/insert_list', {
        multilistId: board.multilistId,
        titleText: 'Notices',
      })
    ).json();
    await author.post('/api/forms/add_coauthor', {
      title: board.ptitle,
      owner: 'author',
      username: 'demo',
    });
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    // On the owner's board a path is read against the owner's folder: the owner's file.
    const made = await demo.post('/api/forms/insert_item', {
      listId: list.listId,
      text: 'Look at thsi\n\nplans.png',
    });
    expect((await get('/files/author/plans.png', demo.cookie!)).statusCode).toBe(404);
    // The owner fixes a typo in the coauthor's words: the picture they named stays unshown.
    const fixed = await author.post('/api/forms/edit_item', {
      itemId: made.json().itemId,
      text: 'Look at this\n\nplans.png',
    });
    expect(fixed.statusCode).toBe(200);
    expect((await get('/files/author/plans.png', demo.cookie!)).statusCode).toBe(404);
    expect((await get('/files/author/plans.png')).statusCode).toBe(404);
    // Named anew by the owner, it is shown.
    await author.post('/api/forms/insert_item', { listId: list.listId, text: 'plans.png' });
    expect((await get('/files/author/plans.png', demo.cookie!)).statusCode).toBe(200);
  });

  it('serves stored HTML and SVG as attachments in a sandbox, never as pages', async () => {
    const store = createFileStore(t.config);
    await store.put('author/page.html', Buffer.from('<script>alert(1)</script>'), 'text/html');
    const html = await asUploader({ method: 'GET', url: '/files/author/page.html' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).not.toMatch(/html/);
    expect(html.headers['content-disposition']).toMatch(/^attachment; filename="page.html"/);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['content-security-policy']).toMatch(/sandbox/);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await upload('author/pic.svg', svg)).statusCode).toBe(200);
    const res = await asUploader({ method: 'GET', url: '/files/author/pic.svg' });
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);

    await store.put('author/tool.js', Buffer.from('alert(1)'), 'text/javascript');
    const js = await asUploader({ method: 'GET', url: '/files/author/tool.js' });
    expect(js.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers 404 for missing files and keys that are not plain paths', async () => {
    expect((await asUploader({ method: 'GET', url: '/files/author/none.mp4' })).statusCode).toBe(
      404,
    );
    expect(
      (await asUploader({ method: 'GET', url: '/files/author/..%2F..%2Fpgdata' })).statusCode,
    ).toBe(404);
    expect(
      (await asUploader({ method: 'GET', url: '/files/../file-signing.secret' })).statusCode,
    ).toBe(404);
  });

  it('signs GET URLs too', async () => {
    const store = createFileStore(t.config);
    const url = await store.presignGet('author/dot.png', {
      expiresIn: 60,
      contentType: 'image/png',
      disposition: 'inline',
    });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/sig=.*/, 'sig=x') })).statusCode,
    ).toBe(403);
  });

  it('lets the page load files from its own origin (CSP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/media-src 'self'/);
    expect(csp).toMatch(/connect-src 'self'/);
  });
});

describe('the signing secret', () => {
  it('is kept in DATA_DIR when no SESSION_SECRET is set', async () => {
    const dir = tempDir('lb-secret-');
    const a = new LocalFileStore(dir, createSigner({ dataDir: dir }));
    const b = new LocalFileStore(dir, createSigner({ dataDir: dir }));
    const url = await a.presignGet('author/x.png', { expiresIn: 60 });
    expect(fs.statSync(path.join(dir, 'file-signing.secret')).mode & 0o777).toBe(0o600);
    const q = Object.fromEntries(new URL(url, 'http://x').searchParams);
    expect(b.verify('GET', 'author/x.png', q)).toEqual({ ok: true, maxBytes: undefined });
    expect(b.verify('PUT', 'author/x.png', q).ok).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
