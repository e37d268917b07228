/**
 * What goes over the wire: JSON answers brotli- or gzip-compressed when the client takes them;
 * the built app's files sent as the brotli or gzip copy the build wrote; media and the live
 * stream left as they are.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  UPGRADE_AFTER,
  UPGRADE_AGE_MS,
  encodedAnswer,
  keptCopy,
  preferredEncoding,
} from '../src/routes/encoded-answers';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let dist: string;
const script = 'console.log("listboard");\n'.repeat(400);

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Listboard</title>${'<!-- pad -->'.repeat(200)}`,
  );
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  execFileSync(process.execPath, [path.resolve('apps/web/scripts/precompress.mjs'), dist]);
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Moves the clock the kept answers read (Date.now) on by `ms`. */
let shift = 0;
const realNow = Date.now.bind(Date);
function later(ms: number) {
  shift += ms;
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + shift);
}
afterEach(() => {
  vi.restoreAllMocks();
  shift = 0;
});

/** Items of words picked at random from a few, as a board's are. */
function boardLike(seed: number): string {
  let x = seed;
  const pick = () => (x = (x * 1103515245 + 12345) & 0x7fffffff) % 12;
  const words = 'source frame evidence quote headline claim reader note week prompt text link';
  const word = () => words.split(' ')[pick()];
  return JSON.stringify(
    Array.from({ length: 2000 }, (_, i) => ({
      _id: `item-${seed}-${i}`,
      text: Array.from({ length: 20 }, word).join(' '),
    })),
  );
}

describe('compression', () => {
  it('sends a board as brotli or gzip when asked, and plain JSON otherwise', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const ask = (encoding?: string) =>
      author.post(
        '/api/dbload/load_multilists',
        { addresses: ['/author/course'] },
        encoding ? { 'accept-encoding': encoding } : {},
      );
    const plain = await ask();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await ask('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    const unpacked = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(JSON.parse(unpacked)).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends the built app’s files as the copies the build compressed', async () => {
    const js = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.rawPayload).toEqual(fs.readFileSync(path.join(dist, 'assets', 'app-abc123.js.br')));
    expect(zlib.brotliDecompressSync(js.rawPayload).toString('utf8')).toBe(script);
    const page = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString('utf8')).toContain('<title>Listboard</title>');
  });

  it('compresses a board answer once for every reader who gets the same answer', async () => {
    const readers = await Promise.all(
      ['reader', 'reader'].map(async (name) => {
        const a = new Agent(t.app);
        await a.signIn(name);
        return a;
      }),
    );
    const answers = await Promise.all(
      readers.map((a) =>
        a.post(
          '/api/dbload/load_multilists',
          { addresses: ['/author/course'] },
          { 'accept-encoding': 'gzip, br;q=0' },
        ),
      ),
    );
    // br refused with q=0: gzip it is, the same bytes under the same tag for both.
    for (const a of answers) expect(a.headers['content-encoding']).toBe('gzip');
    expect(answers[0]!.headers.etag).toBe(answers[1]!.headers.etag);
    expect(answers[0]!.rawPayload).toEqual(answers[1]!.rawPayload);
    expect(answers[0]!.headers.vary).toContain('Accept-Encoding');
    // Asked together, one compression is made and shared.
    const text = JSON.stringify({ words: 'the same answer '.repeat(200) });
    const first = encodedAnswer('same-answer', text, 'br');
    expect(encodedAnswer('same-answer', text, 'br')).toBe(first);
    expect(zlib.brotliDecompressSync(await first).toString('utf8')).toBe(text);
  });

  it('sends an answer many readers get in a smaller copy, made once in the background', async () => {
    const text = boardLike(7);
    const fast = await encodedAnswer('often-read', text, 'br');
    for (let i = 1; i < UPGRADE_AFTER; i++) await encodedAnswer('often-read', text, 'br');
    // Read often but new (a board edited live has a new answer every few seconds): no best copy.
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 50));
      expect(await encodedAnswer('often-read', text, 'br')).toBe(fast);
    }
    // Still read once it has lived UPGRADE_AGE_MS: its best copy is made.
    later(UPGRADE_AGE_MS);
    await encodedAnswer('often-read', text, 'br');
    let best = fast;
    for (let i = 0; i < 500 && best === fast; i++) {
      await new Promise((r) => setTimeout(r, 20));
      best = (await keptCopy('often-read', 'br')) ?? fast;
    }
    expect(best.length).toBeLessThan(fast.length);
    expect(zlib.brotliDecompressSync(best).toString('utf8')).toBe(text);
    await expect(encodedAnswer('often-read', text, 'br')).resolves.toBe(best);
  });

  it('makes one best copy at a time: an answer read often meanwhile gets its own on a later read', async () => {
    const [one, two] = [boardLike(1), boardLike(2)];
    const fastOne = await encodedAnswer('one-at-a-time-1', one, 'br');
    const fastTwo = await encodedAnswer('one-at-a-time-2', two, 'br');
    // Both come due together: the first one's best copy is being made.
    later(UPGRADE_AGE_MS);
    for (let i = 1; i < UPGRADE_AFTER; i++) {
      await encodedAnswer('one-at-a-time-1', one, 'br');
      await encodedAnswer('one-at-a-time-2', two, 'br');
    }
    expect(await keptCopy('one-at-a-time-2', 'br')).toBe(fastTwo);
    const settled = async (key: string, fast: Buffer, text: string) => {
      for (let i = 0; i < 500; i++) {
        const now = (await keptCopy(key, 'br')) ?? fast;
        if (now !== fast) return now;
        await new Promise((r) => setTimeout(r, 20));
        // A reader asking again starts the copy once the one before is done.
        await encodedAnswer(key, text, 'br');
      }
      return fast;
    };
    const bestOne = await settled('one-at-a-time-1', fastOne, one);
    const bestTwo = await settled('one-at-a-time-2', fastTwo, two);
    expect(bestOne.length).toBeLessThan(fastOne.length);
    expect(bestTwo.length).toBeLessThan(fastTwo.length);
    expect(zlib.brotliDecompressSync(bestTwo).toString('utf8')).toBe(two);
  });

  it('counts the text it keeps for a best copy in its bound', async () => {
    // Ten answers of 4 million characters each, which compress to almost nothing: 40 MB of text
    // kept for best copies is over the bound, so the oldest goes.
    for (let n = 0; n < 10; n++)
      await encodedAnswer(`large-text-${n}`, `${n}`.repeat(4_000_000), 'br');
    expect(keptCopy('large-text-0', 'br')).toBeUndefined();
    expect(keptCopy('large-text-9', 'br')).toBeDefined();
  });

  it('reads what a client takes from Accept-Encoding', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
