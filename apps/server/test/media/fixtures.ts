/** Small real media files for the media tests, made by ffmpeg (Debian package) on the spot. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FFMPEG = '/usr/bin/ffmpeg';

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A 3-second 320x180 test-pattern video (mp4 unless the name says otherwise). */
export function makeVideo(dir: string, name = 'clip.mp4'): Buffer {
  const file = path.join(dir, name);
  execFileSync(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=10:duration=3',
      '-pix_fmt',
      'yuv420p',
      file,
    ],
    { timeout: 60_000 },
  );
  return fs.readFileSync(file);
}

export function makePng(dir: string): Buffer {
  const file = path.join(dir, 'dot.png');
  execFileSync(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=8x8',
      '-frames:v',
      '1',
      file,
    ],
    { timeout: 60_000 },
  );
  return fs.readFileSync(file);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The start of a Windows executable. */
export const EXE_BYTES = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200, 1)]);
