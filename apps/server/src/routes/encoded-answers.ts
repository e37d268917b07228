/**
 * Board answers compressed once per answer, not once per request. Equal fingerprints name equal
 * answers (services/boards/load.ts), so a class loading one board shares one brotli or gzip
 * copy of it; compressing a 2,000-item board again for every reader would cost each request
 * more than building it. Bounded by total compressed size, least recently used first out.
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers are left to the compression plugin, which skips what is not worth it. */
export const ENCODE_FROM_CHARS = 1024;
const KEPT_BYTES = 32 * 1024 * 1024;

/** br when the client takes it, else gzip, else nothing; a q of 0 refuses. */
export function preferredEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const taken = new Set<string>();
  for (const part of accept.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    if (q && Number(q[1]) === 0) continue;
    taken.add(name.trim());
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return null;
}

interface Kept {
  body: Promise<Buffer>;
  bytes: number;
}
const kept = new Map<string, Kept>();
let keptBytes = 0;

function encode(text: string, encoding: Encoding): Promise<Buffer> {
  const input = Buffer.from(text);
  return encoding === 'br'
    ? brotli(input, {
        params: {
          // As the compression plugin does for other answers: about a sixth of the size, fast.
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      })
    : gzip(input, { level: 6 });
}

/** The answer named `fingerprint`, compressed: made by the first request that asks. */
export function encodedAnswer(
  fingerprint: string,
  text: string,
  encoding: Encoding,
): Promise<Buffer> {
  const key = `${encoding}:${fingerprint}`;
  const hit = kept.get(key);
  if (hit) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.body;
  }
  const entry: Kept = { body: encode(text, encoding), bytes: 0 };
  kept.set(key, entry);
  entry.body.then(
    (b) => {
      if (kept.get(key) !== entry) return;
      entry.bytes = b.length;
      keptBytes += b.length;
      for (const [k, v] of kept) {
        if (keptBytes <= KEPT_BYTES) break;
        kept.delete(k);
        keptBytes -= v.bytes;
      }
    },
    () => {
      if (kept.get(key) === entry) kept.delete(key);
    },
  );
  return entry.body;
}
