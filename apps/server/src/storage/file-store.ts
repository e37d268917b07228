/**
 * Where uploaded files, posters and other derived files live. Two drivers share this interface:
 * local disk under DATA_DIR (the app signs and serves its own URLs) and any S3-compatible bucket
 * (the browser talks to the bucket through presigned URLs).
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  modified?: Date;
}

/** A signed upload: the URL the browser PUTs the file to, with the headers it must send unchanged. */
export interface SignedRequest {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

export interface ServeHeaders {
  contentType: string;
  disposition: string;
}

/** Where ffmpeg can read an object, and the ffmpeg protocols that reading needs. */
export interface MediaSource {
  input: string;
  protocols: string;
}

export interface FileStore {
  readonly driver: 'local' | 's3';
  presignPut(
    key: string,
    opts: { contentType: string; maxBytes: number; expiresIn: number },
  ): Promise<SignedRequest>;
  presignGet(key: string, opts: ServeHeaders & { expiresIn: number }): Promise<string>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Bytes start..end (inclusive) or all; null when there is no such object. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  mediaSource(key: string): Promise<MediaSource>;
  /** Where the object is kept, for the upload record. */
  location(key: string): string;
}

/** The first `n` bytes of an object (fewer when it is shorter); null when it is missing. */
export async function readStart(store: FileStore, key: string, n: number): Promise<Buffer | null> {
  const head = await store.head(key);
  if (!head) return null;
  if (head.size === 0) return Buffer.alloc(0);
  const stream = await store.get(key, { start: 0, end: Math.min(n, head.size) - 1 });
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(b);
    total += b.length;
    if (total >= n) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, n);
}
