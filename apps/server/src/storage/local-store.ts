/**
 * The default store: files on local disk under `${DATA_DIR}/files`. The app plays the part of the
 * bucket: it hands out HMAC-signed, expiring URLs under /api/files/ and checks them when the
 * browser PUTs or GETs there (routes/files.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore, MediaSource, SignedRequest, StoredObject } from './file-store';
import { isValidKey, keyToUrlPath } from './keys';
import { signaturesMatch, type Signer } from './signing';

export const LOCAL_FILES_PREFIX = '/api/files/';

export class TooLargeError extends Error {}

export type Verdict =
  { ok: true; maxBytes?: number } | { ok: false; reason: 'expired' | 'invalid' };

const payload = (method: string, key: string, exp: string, max: string) =>
  `${method}\n${key}\n${exp}\n${max}`;

export class LocalFileStore implements FileStore {
  readonly driver = 'local' as const;
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly sign: Signer,
    private readonly now: () => number = Date.now,
  ) {
    this.root = path.resolve(dataDir, 'files');
  }

  /** The file's path; throws for a key that could leave the root. */
  pathOf(key: string): string {
    if (!isValidKey(key)) throw new Error(`bad storage key: ${key}`);
    const p = path.join(this.root, ...key.split('/'));
    if (!p.startsWith(this.root + path.sep)) throw new Error(`bad storage key: ${key}`);
    return p;
  }

  private signedUrl(method: 'PUT' | 'GET', key: string, expiresIn: number, max = '') {
    const exp = String(Math.floor(this.now() / 1000) + expiresIn);
    const q = new URLSearchParams({ exp });
    if (max) q.set('max', max);
    q.set('sig', this.sign(payload(method, key, exp, max)));
    // Relative, so it works behind any proxy or dev server that forwards /api to the app.
    return { url: `${LOCAL_FILES_PREFIX}${keyToUrlPath(key)}?${q.toString()}`, exp: Number(exp) };
  }

  presignPut(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresIn: number },
  ): Promise<SignedRequest> {
    this.pathOf(key);
    const { url, exp } = this.signedUrl('PUT', key, opts.expiresIn, String(opts.maxBytes));
    return Promise.resolve({
      url,
      method: 'PUT',
      headers: { 'Content-Type': opts.contentType },
      expiresAt: new Date(exp * 1000).toISOString(),
    });
  }

  presignGet(key: string, opts: { expiresIn: number }): Promise<string> {
    this.pathOf(key);
    return Promise.resolve(this.signedUrl('GET', key, opts.expiresIn).url);
  }

  /** Checks a signed URL's query for a method and key. */
  verify(method: 'PUT' | 'GET', key: string, query: Record<string, unknown>): Verdict {
    const { exp, sig, max } = query;
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp))
      return { ok: false, reason: 'invalid' };
    if (max !== undefined && (typeof max !== 'string' || !/^\d{1,15}$/.test(max)))
      return { ok: false, reason: 'invalid' };
    if (method === 'PUT' && max === undefined) return { ok: false, reason: 'invalid' };
    const expected = this.sign(payload(method, key, exp, max ?? ''));
    if (!signaturesMatch(sig, expected)) return { ok: false, reason: 'invalid' };
    if (Number(exp) * 1000 < this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, maxBytes: max === undefined ? undefined : Number(max) };
  }

  /**
   * Streams a body into the file, stopping with TooLargeError past maxBytes. The file appears
   * only when complete, so a reader never sees half an upload.
   */
  async write(key: string, body: Readable, maxBytes: number): Promise<number> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) done(new TooLargeError());
        else done(null, chunk);
      },
    });
    // The source is piped rather than put in the pipeline, so that on an oversized body the
    // request is only detached, not destroyed, and the caller can still answer 413.
    const written = pipeline(limit, fs.createWriteStream(temp, { mode: 0o644 }));
    const onSourceError = (err: Error) => limit.destroy(err);
    body.on('error', onSourceError);
    body.pipe(limit);
    try {
      await written;
      await fs.promises.rename(temp, file);
      return size;
    } catch (err) {
      body.unpipe(limit);
      body.pause();
      await fs.promises.rm(temp, { force: true });
      throw err;
    } finally {
      body.off('error', onSourceError);
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    await fs.promises.writeFile(temp, body, { mode: 0o644 });
    await fs.promises.rename(temp, file);
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const file = this.pathOf(key);
    const handle = await fs.promises.open(file, 'r').catch(() => null);
    if (!handle) return null;
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<StoredObject | null> {
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
    return stat?.isFile() ? { size: stat.size, modified: stat.mtime } : null;
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  mediaSource(key: string): Promise<MediaSource> {
    return Promise.resolve({ input: `file:${this.pathOf(key)}`, protocols: 'file' });
  }

  location(key: string): string {
    return `local:${key}`;
  }
}
