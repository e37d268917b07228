import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_SUFFIXES,
  DOCUMENT_SUFFIXES,
  HEIC_SUFFIXES,
  IMAGE_SUFFIXES,
  OTHER_SUFFIXES,
  VIDEO_SUFFIXES,
} from '@listboard/core';
import { CHECKED_SUFFIXES, checkContent } from './content-check';
import { contentTypeForSuffix, serveHeaders } from './content-types';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );
const none = () => Promise.resolve(null);
const check = (suffix: string, head: Buffer) =>
  checkContent(suffix, head, () => Promise.resolve(Readable.from([head])));

const ALL = [
  ...IMAGE_SUFFIXES,
  ...HEIC_SUFFIXES,
  ...VIDEO_SUFFIXES,
  ...AUDIO_SUFFIXES,
  ...DOCUMENT_SUFFIXES,
  ...OTHER_SUFFIXES,
];

describe('content checks', () => {
  it('cover every suffix core supports, each with a served type', () => {
    expect(ALL.filter((s) => !CHECKED_SUFFIXES.includes(s))).toEqual([]);
    expect(ALL.filter((s) => !contentTypeForSuffix(s))).toEqual([]);
  });

  it('know no suffix named after what every object inherits', async () => {
    for (const suffix of ['constructor', '__proto__', 'toString', 'valueOf']) {
      expect(contentTypeForSuffix(suffix), suffix).toBeUndefined();
      expect(await check(suffix, bytes('x')), suffix).toEqual({
        ok: false,
        reason: 'this type is not supported',
      });
    }
  });

  it('accept real signatures', async () => {
    const cases: [string, Buffer][] = [
      ['jpg', bytes([0xff, 0xd8, 0xff, 0xe0])],
      ['png', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a])],
      ['gif', bytes('GIF89a')],
      ['webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
      ['avif', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf')],
      ['mp4', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0], 'isomiso2')],
      ['mov', bytes([0, 0, 0, 8], 'wide')],
      ['webm', bytes([0x1a, 0x45, 0xdf, 0xa3])],
      ['ogg', bytes('OggS')],
      ['mp3', bytes('ID3', [3, 0])],
      ['mp3', bytes([0xff, 0xfb, 0x90])],
      ['wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
      ['flac', bytes('fLaC')],
      ['pdf', bytes('%PDF-1.7\n')],
      ['wmv', bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])],
      ['mpg', bytes([0, 0, 1, 0xba])],
      ['txt', Buffer.from('plain ünïcode text\n')],
      ['svg', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')],
    ];
    for (const [suffix, head] of cases)
      expect(await check(suffix, head), suffix).toEqual({ ok: true });
  });

  it('refuse mismatches, executables and binary text', async () => {
    const exe = bytes('MZ', [0x90, 0, 3, 0]);
    for (const suffix of ['jpg', 'png', 'mp4', 'webm', 'mp3', 'pdf', 'wav'])
      expect((await check(suffix, exe)).ok, suffix).toBe(false);
    expect((await check('png', bytes([0xff, 0xd8, 0xff]))).ok).toBe(false);
    expect((await check('txt', bytes('ab', [0], 'cd'))).ok).toBe(false);
    expect((await check('txt', bytes([0xc3, 0x28]))).ok).toBe(false);
    expect((await check('svg', Buffer.from('<html><script>1</script></html>'))).ok).toBe(false);
    expect((await checkContent('exe', exe, none)).ok).toBe(false);
  });
});

describe('served headers', () => {
  it('put nothing that runs as a page inline', () => {
    expect(serveHeaders('a/x.mp4')).toEqual({
      contentType: 'video/mp4',
      disposition: `inline; filename="x.mp4"; filename*=UTF-8''x.mp4`,
    });
    expect(serveHeaders('a/x.svg').disposition).toMatch(/^attachment/);
    expect(serveHeaders('a/x.html')).toMatchObject({ contentType: 'application/octet-stream' });
    expect(serveHeaders('a/x.html').disposition).toMatch(/^attachment/);
    expect(serveHeaders('a/x.js').contentType).toBe('text/plain; charset=utf-8');
    expect(serveHeaders('a/ünï "q".png').disposition).toBe(
      `inline; filename="_n_ _q_.png"; filename*=UTF-8''%C3%BCn%C3%AF%20%22q%22.png`,
    );
  });
});
