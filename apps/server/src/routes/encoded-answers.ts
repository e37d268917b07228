/**
 * Board answers compressed once per answer, not once per request. Equal fingerprints name equal
 * answers (services/boards/load.ts), so a class loading one board shares one brotli or gzip
 * copy of it; compressing a 2,000-item board again for every reader would cost each request
 * more than building it. Bounded by total size (each compressed copy, and the text kept for a
 * best copy until it is made), least recently used first out.
 *
 * The first copy is made fast (brotli quality 5), as a reader waits for it. An answer asked for
 * often (UPGRADE_AFTER times) that is still asked for UPGRADE_AGE_MS after it was first made is
 * compressed again in the background at the highest setting, as a static file is at build time,
 * and later readers get those smaller bytes. (A board edited live has a new answer every few
 * seconds, each read by the whole class at once: none of those lives long enough to be worth
 * it.) A best copy costs seconds of CPU and tens of megabytes for a 2,000-item board, so one is
 * made at a time: an answer that comes due while another's is being made waits for its next
 * reader.
 */
import zlib from 'node:zlib';
import { promisify } from 'node:util';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller answers are left to the compression plugin, which skips what is not worth it. */
export const ENCODE_FROM_CHARS = 1024;
const KEPT_BYTES = 32 * 1024 * 1024;
export const UPGRADE_AFTER = 8;
export const UPGRADE_AGE_MS = 5000;

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
  hits: number;
  /** When the first copy was asked for (Date.now()). */
  made: number;
  /** The text, until the best copy is made (then it is let go). */
  text: string | null;
}
const kept = new Map<string, Kept>();
let keptBytes = 0;

function encode(text: string, encoding: Encoding, best: boolean): Promise<Buffer> {
  const input = Buffer.from(text);
  return encoding === 'br'
    ? brotli(input, {
        params: {
          // Fast, as the compression plugin does for other answers (about a sixth of the size),
          // or the smallest, for an answer many readers get.
          [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
          // A 1 MiB window: a board's repeats are near each other, so the best copy of a
          // 2,000-item board is as small as with the default 4 MiB, and takes 9 MB less to make.
          [zlib.constants.BROTLI_PARAM_LGWIN]: 20,
        },
      })
    : gzip(input, { level: best ? 9 : 6 });
}

/** Counts bytes kept, and lets the least recently used go while over the bound. */
function account(entry: Kept, bytes: number) {
  keptBytes += bytes - entry.bytes;
  entry.bytes = bytes;
  for (const [k, v] of kept) {
    if (keptBytes <= KEPT_BYTES) break;
    kept.delete(k);
    keptBytes -= v.bytes;
  }
}

/** A best copy is being made (one at a time). */
let upgrading = false;

function upgrade(key: string, entry: Kept, encoding: Encoding) {
  const text = entry.text;
  if (text === null || upgrading) return;
  upgrading = true;
  encode(text, encoding, true)
    .then(
      (best) => {
        if (kept.get(key) !== entry) return;
        entry.text = null;
        entry.body = Promise.resolve(best);
        account(entry, best.length);
      },
      // The fast copy stays, and so does the text: a later reader may try again.
      () => undefined,
    )
    .finally(() => {
      upgrading = false;
    });
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
    if (++hit.hits >= UPGRADE_AFTER && Date.now() - hit.made >= UPGRADE_AGE_MS)
      upgrade(key, hit, encoding);
    return hit.body;
  }
  const entry: Kept = {
    body: encode(text, encoding, false),
    bytes: 0,
    hits: 1,
    made: Date.now(),
    text,
  };
  kept.set(key, entry);
  entry.body.then(
    (b) => {
      // The text is kept for the best copy until it is made, and counts until then.
      if (kept.get(key) === entry && entry.bytes === 0)
        account(entry, b.length + (entry.text?.length ?? 0));
    },
    () => {
      if (kept.get(key) === entry) kept.delete(key);
    },
  );
  return entry.body;
}

/** How an answer is kept now: for tests of the upgrade. */
export function keptCopy(fingerprint: string, encoding: Encoding): Promise<Buffer> | undefined {
  return kept.get(`${encoding}:${fingerprint}`)?.body;
}
