/**
 * One video frame as PNG, by the ffmpeg program (Debian package). The input's container format
 * is forced and its protocols limited, so a file posing as a video cannot make ffmpeg read a
 * playlist of other files or addresses.
 */
import { spawn } from 'node:child_process';
import { own } from '@listboard/core';

export class FrameError extends Error {
  constructor(
    readonly kind: 'no-frame' | 'failed' | 'missing',
    readonly detail: string,
  ) {
    super(`ffmpeg ${kind}: ${detail}`);
  }
}

/** ffmpeg's demuxer for each video suffix of core's table. */
const DEMUXERS: Record<string, string> = {
  mp4: 'mov',
  mov: 'mov',
  webm: 'matroska',
  ogv: 'ogg',
  flv: 'flv',
  avi: 'avi',
  wmv: 'asf',
  mpeg: 'mpeg',
  mpg: 'mpeg',
  mp2: 'mpeg',
};

export function demuxerFor(suffix: string): string | undefined {
  return own(DEMUXERS, suffix.toLowerCase());
}

export interface FrameRequest {
  ffmpeg: string;
  input: string;
  protocols: string;
  format: string;
  /** Seconds from the start. */
  at: number;
  timeoutMs?: number;
  maxBytes?: number;
}

export function extractFrame(r: FrameRequest): Promise<Buffer> {
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-protocol_whitelist',
    r.protocols,
    '-f',
    r.format,
    '-ss',
    String(Math.max(0, r.at)),
    '-i',
    r.input,
    '-frames:v',
    '1',
    '-an',
    '-f',
    'image2pipe',
    '-c:v',
    'png',
    'pipe:1',
  ];
  const maxBytes = r.maxBytes ?? 32 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn(r.ffmpeg, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: r.timeoutMs ?? 30_000,
      killSignal: 'SIGKILL',
    });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > maxBytes) child.kill('SIGKILL');
      else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString()).slice(-2000);
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(new FrameError(e.code === 'ENOENT' ? 'missing' : 'failed', e.message)),
    );
    child.on('close', (code, signal) => {
      if (code === 0 && size > 0 && size <= maxBytes) resolve(Buffer.concat(out));
      else if (code === 0) reject(new FrameError('no-frame', err.trim()));
      else reject(new FrameError('failed', signal ? `killed by ${signal}` : err.trim()));
    });
  });
}
