/**
 * Does a stored file's content fit its suffix? Binary formats are told by their first bytes
 * (magic numbers); text formats must be valid UTF-8 all through. A file that fails is refused,
 * so a renamed executable or page cannot pass as a picture.
 */
import type { Readable } from 'node:stream';
import { own } from '@listboard/core';

/** How many leading bytes the binary checks look at. */
export const MAGIC_BYTES = 4096;

type Check = (b: Buffer) => boolean;

const at = (b: Buffer, offset: number, s: string | number[]) => {
  const bytes = typeof s === 'string' ? Buffer.from(s, 'latin1') : Buffer.from(s);
  return (
    b.length >= offset + bytes.length && b.subarray(offset, offset + bytes.length).equals(bytes)
  );
};

const riff =
  (form: string): Check =>
  (b) =>
    at(b, 0, 'RIFF') && at(b, 8, form);

/** ISO base media (mp4, mov, m4a, heic, avif): a box named 'ftyp' first; brands optional. */
function isoBrands(b: Buffer): string[] | null {
  if (!at(b, 4, 'ftyp')) return null;
  const size = Math.min(b.readUInt32BE(0), b.length);
  const brands: string[] = [];
  for (let p = 8; p + 4 <= size; p += 4) {
    if (p === 12) continue; // minor version
    brands.push(b.subarray(p, p + 4).toString('latin1'));
  }
  return brands;
}
const iso =
  (...wanted: string[]): Check =>
  (b) => {
    const brands = isoBrands(b);
    return brands !== null && (wanted.length === 0 || brands.some((x) => wanted.includes(x)));
  };
/** Old QuickTime files may start with other atoms than 'ftyp'. */
const quicktime: Check = (b) =>
  iso()(b) || ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((a) => at(b, 4, a));

const id3: Check = (b) => at(b, 0, 'ID3');
const mpegAudioFrame: Check = (b) => b.length > 1 && b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0;
const adtsFrame: Check = (b) => b.length > 1 && b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0;
const mpegProgram: Check = (b) => at(b, 0, [0, 0, 1, 0xba]) || at(b, 0, [0, 0, 1, 0xb3]);
const ebml: Check = (b) => at(b, 0, [0x1a, 0x45, 0xdf, 0xa3]);
const ogg: Check = (b) => at(b, 0, 'OggS');
const jpeg: Check = (b) => at(b, 0, [0xff, 0xd8, 0xff]);
const png: Check = (b) => at(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const any =
  (...checks: Check[]): Check =>
  (b) =>
    checks.some((c) => c(b));

const BINARY: Record<string, Check> = {
  jpg: jpeg,
  jpeg: jpeg,
  jfif: jpeg,
  png,
  apng: png,
  gif: (b) => at(b, 0, 'GIF87a') || at(b, 0, 'GIF89a'),
  webp: riff('WEBP'),
  avif: iso('avif', 'avis'),
  bmp: (b) => at(b, 0, 'BM'),
  tif: (b) => at(b, 0, 'II*\0') || at(b, 0, 'MM\0*'),
  tiff: (b) => at(b, 0, 'II*\0') || at(b, 0, 'MM\0*'),
  heic: iso('heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'),
  heif: iso('heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'),
  mp4: iso(),
  m4a: iso(),
  mov: quicktime,
  webm: ebml,
  weba: ebml,
  ogv: ogg,
  ogg,
  oga: ogg,
  flv: (b) => at(b, 0, 'FLV'),
  avi: riff('AVI '),
  wmv: (b) => at(b, 0, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]),
  mpeg: mpegProgram,
  mpg: mpegProgram,
  mp2: any(mpegProgram, mpegAudioFrame, id3),
  mp3: any(id3, mpegAudioFrame),
  wav: riff('WAVE'),
  au: (b) => at(b, 0, '.snd'),
  aif: (b) => at(b, 0, 'FORM') && (at(b, 8, 'AIFF') || at(b, 8, 'AIFC')),
  aiff: (b) => at(b, 0, 'FORM') && (at(b, 8, 'AIFF') || at(b, 8, 'AIFC')),
  flac: any((b) => at(b, 0, 'fLaC'), id3),
  adts: any(adtsFrame, id3),
  // The header may follow a little junk; readers accept it within the first kilobyte.
  pdf: (b) => b.subarray(0, 1024).includes('%PDF-'),
};

const TEXT = new Set(['txt', 'text', 'js', 'css', 'canvas', 'svg']);

export type ContentVerdict = { ok: true } | { ok: false; reason: string };

/** Whether the whole stream is UTF-8 without NUL characters. */
export async function isUtf8Text(stream: Readable): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      if (b.includes(0)) return false;
      decoder.decode(b, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  } finally {
    stream.destroy();
  }
}

/**
 * Checks an object of the given suffix. `head` is its first MAGIC_BYTES bytes; `whole` opens the
 * whole object, for the text checks.
 */
export async function checkContent(
  suffix: string,
  head: Buffer,
  whole: () => Promise<Readable | null>,
): Promise<ContentVerdict> {
  if (TEXT.has(suffix)) {
    const stream = await whole();
    if (!stream || !(await isUtf8Text(stream)))
      return { ok: false, reason: 'it is not UTF-8 text' };
    if (suffix === 'svg' && !/<svg[\s>]/i.test(head.toString('utf8')))
      return { ok: false, reason: 'it has no <svg> element' };
    return { ok: true };
  }
  const check = own(BINARY, suffix);
  if (!check) return { ok: false, reason: 'this type is not supported' };
  return check(head) ? { ok: true } : { ok: false, reason: `its content is not ${suffix}` };
}

/** Suffixes this module can check; every supported upload suffix must be among them. */
export const CHECKED_SUFFIXES = [...Object.keys(BINARY), ...TEXT];
