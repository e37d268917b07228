/**
 * Thumbnails: which pages the screenshot service refuses (no loopback, private, link-local or
 * unlisted hosts), a real 1280x960 screenshot in Chromium of a page this test serves on an
 * allow-listed host (cached in the store, its unlisted subresources and redirects never
 * reached), and text-file thumbnails made with sharp.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestContext, type Refusal, ifStarted } from './harness';
import { tempDir } from './media/fixtures';
import { signPage, verifyPage, type ThumbnailDeps } from '../src/services/media/thumbnails';
import { parseHostPolicy } from '../src/media/host-policy';

interface Served {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

async function serve(handler: (path: string, res: http.ServerResponse) => void): Promise<Served> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req.url ?? '', res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

let secret: Served;
let site: Served;
let open: TestContext;
let listed: TestContext;
let dir: string;
let openDir: string;

beforeAll(async () => {
  dir = tempDir('lb-thumbs-');
  // Stands for something inside the network: it must never be reached.
  secret = await serve((_p, res) => res.end('secret'));
  const secretPort = new URL(secret.url).port;
  site = await serve((p, res) => {
    if (p === '/redirect') {
      res.writeHead(302, { location: `http://localhost:${secretPort}/page` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><body style="margin:0;background:#ff8800">
      <h1 style="font:48px sans-serif;margin:40px">A page to picture</h1>
      <img src="http://localhost:${secretPort}/pixel.png" alt="">
      <script>fetch('http://localhost:${secretPort}/from-script').catch(() => {});</script>
      </body></html>`);
  });
  openDir = tempDir('lb-thumbs-open-');
  open = await createTestApp({ DATA_DIR: openDir });
  listed = await createTestApp({ DATA_DIR: dir, THUMBNAIL_HOSTS: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await ifStarted(open)?.close();
  await ifStarted(listed)?.close();
  await ifStarted(site)?.close();
  await ifStarted(secret)?.close();
  for (const d of [dir, ifStarted(openDir)]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

async function signedIn(t: TestContext, who = 'author') {
  const a = new Agent(t.app);
  await a.signIn(who);
  return a;
}

describe('page thumbnails: what is refused', () => {
  it('refuses loopback, private, link-local and local names by default, and other schemes', async () => {
    const a = await signedIn(open);
    const refused: [string, string][] = [
      [`${site.url}/`, 'Thumbnails are not taken of pages on 127.0.0.1.'],
      ['http://localhost:3000/', 'Thumbnails are not taken of pages on localhost.'],
      ['http://10.1.2.3/admin', 'Thumbnails are not taken of pages on 10.1.2.3.'],
      ['http://192.168.0.1/', 'Thumbnails are not taken of pages on 192.168.0.1.'],
      [
        'http://169.254.169.254/latest/meta-data/',
        'Thumbnails are not taken of pages on 169.254.169.254.',
      ],
      ['http://[::1]:8080/', 'Thumbnails are not taken of pages on [::1].'],
      ['http://[::ffff:127.0.0.1]/', 'Thumbnails are not taken of pages on [::ffff:7f00:1].'],
      ['http://printer/', 'Thumbnails are not taken of pages on printer.'],
      ['file:///etc/passwd', 'Only http and https pages have thumbnails.'],
      ['ftp://example.org/x', 'Only http and https pages have thumbnails.'],
      ['https://user:pw@example.org/', 'Addresses with a user name or password are refused.'],
    ];
    for (const [url, error] of refused) {
      const res = await a.post('/api/thumbnails/sign', { url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error, url).toBe(error);
    }
    const ok = await a.post('/api/thumbnails/sign', { url: 'https://example.org/article' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().url).toMatch(
      /^\/api\/thumbnails\/page\?u=https%3A%2F%2Fexample\.org%2Farticle&d=0&exp=\d+&sig=[\w-]+$/,
    );
  });

  it('refuses hosts outside the list when the list has no *', async () => {
    const a = await signedIn(listed);
    const res = await a.post('/api/thumbnails/sign', { url: 'https://example.org/' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Thumbnails are not taken of pages on example.org.');
  });

  it('needs a session to sign, and a valid signature to read', async () => {
    const anonymous = new Agent(listed.app);
    expect((await anonymous.post('/api/thumbnails/sign', { url: `${site.url}/` })).statusCode).toBe(
      401,
    );
    const a = await signedIn(listed);
    const url: string = (await a.post('/api/thumbnails/sign', { url: `${site.url}/` })).json().url;
    const tampered = url.replace('d=0', 'd=1');
    expect((await anonymous.get(tampered)).statusCode).toBe(403);
    expect((await anonymous.get(url.replace(/sig=.*/, 'sig=abc'))).statusCode).toBe(403);
    expect((await anonymous.get('/api/thumbnails/page?u=http://127.0.0.1/')).statusCode).toBe(403);
  });

  it('refuses an expired link', () => {
    const deps: ThumbnailDeps = {
      store: null as never,
      shooter: null as never,
      policy: parseHostPolicy('*'),
      sign: (p) => `s${p.length}`,
      now: () => Date.UTC(2026, 0, 1),
    };
    const url = new URL(signPage(deps, 'https://example.org/', true), 'http://x');
    const query = Object.fromEntries(url.searchParams);
    expect(verifyPage(deps, query)).toEqual({ url: 'https://example.org/', delay: true });
    expect(() => verifyPage({ ...deps, now: () => Date.UTC(2026, 0, 3) }, query)).toThrow(
      'This thumbnail link has expired.',
    );
  });
});

describe('page thumbnails: a real screenshot', () => {
  it('pictures an allow-listed page at 1280x960, once, without reaching unlisted hosts', async () => {
    const a = await signedIn(listed);
    const signed: string = (await a.post('/api/thumbnails/sign', { url: `${site.url}/` })).json()
      .url;
    const reader = new Agent(listed.app);
    const res = await reader.get(signed);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(/^\/files\/admin\/thumbnails\/pages\/[0-9a-f]{40}\.png$/);
    const png = await reader.get(res.headers.location as string);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const image = sharp(png.rawPayload);
    expect(await image.metadata()).toMatchObject({ width: 1280, height: 960, format: 'png' });
    // The page's orange, low on the page under the heading.
    const { data, info } = await image
      .extract({ left: 600, top: 900, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)], JSON.stringify(info)).toEqual([0xff, 0x88, 0x00]);
    const pageHits = () => site.hits.filter((h) => h === '/').length;
    expect(pageHits()).toBe(1);
    expect(secret.hits).toEqual([]);

    // Cached: a second reader gets the same picture without the page being opened again.
    const again = await new Agent(listed.app).get(signed);
    expect(again.headers.location).toBe(res.headers.location);
    expect(pageHits()).toBe(1);
  }, 60_000);

  it('does not follow a redirect to an unlisted host', async () => {
    const a = await signedIn(listed);
    const signed: string = (
      await a.post('/api/thumbnails/sign', { url: `${site.url}/redirect` })
    ).json().url;
    const res = await new Agent(listed.app).get(signed);
    expect(res.statusCode).toBe(403);
    expect(res.json<Refusal>().error).toBe('The page is refused by the thumbnail policy.');
    expect(secret.hits).toEqual([]);
  }, 60_000);
});

describe('text thumbnails', () => {
  it('draws the first lines of a stored text file with sharp', async () => {
    const a = await signedIn(listed);
    const text = Buffer.from('Reading list\n\n1. Orwell, Politics and the English Language\n');
    const signedPut = (await a.post('/api/upload/s3', { bucketPath: 'reading.txt' })).json();
    const put = await listed.app.inject({
      method: 'PUT',
      url: signedPut.url,
      headers: signedPut.headers,
      payload: text,
    });
    expect(put.statusCode).toBe(200);
    const rec = await a.post('/api/upload/record', {
      bucketPath: 'author/reading.txt',
      size: text.length,
    });
    expect(rec.statusCode, rec.body).toBe(200);

    // The thumbnail shows the file's first lines: no one else may have it while no item shows it.
    expect(
      (await new Agent(listed.app).get('/api/thumbnails/text/author/reading.txt')).statusCode,
    ).toBe(404);
    const res = await a.get('/api/thumbnails/text/author/reading.txt');
    expect(res.statusCode, res.body).toBe(302);
    const png = await a.get(res.headers.location as string);
    expect(
      (await listed.app.inject({ method: 'GET', url: res.headers.location as string })).statusCode,
    ).toBe(404);
    expect(png.headers['content-type']).toBe('image/png');
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 360]);
    // Some dark text was drawn on the white page.
    const { data } = await sharp(png.rawPayload).greyscale().raw().toBuffer({
      resolveWithObject: true,
    });
    expect(data.reduce((m, v) => Math.min(m, v), 255)).toBeLessThan(100);

    expect(
      (await new Agent(listed.app).get('/api/thumbnails/text/author/none.txt')).statusCode,
    ).toBe(404);
    expect((await new Agent(listed.app).get('/api/thumbnails/text/author/x.png')).statusCode).toBe(
      404,
    );
  });
});
