/**
 * A local file store on a disk that fills up, then turns read-only: uploads end with a clear
 * error (which the browser shows under its progress bar), leave no half-written file, and work
 * again once there is room. The disk is a real 64 KiB tmpfs, so the errors are the kernel's own;
 * mounting needs root, which the test machines have.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_FULL, STORE_UNWRITABLE } from '../src/lib/storage-errors';
import { Agent, createTestApp, type TestContext, type Refusal, ifStarted } from './harness';

let t: TestContext;
let author: Agent;
let dataDir: string;
let files: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-full-'));
  files = path.join(dataDir, 'files');
  fs.mkdirSync(files);
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', files]);
  t = await createTestApp({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'a-test-session-secret-0123456789',
  });
  author = new Agent(t.app);
  await author.signIn('author');
});
afterAll(async () => {
  await ifStarted(t)?.close();
  try {
    execFileSync('umount', [files]);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

/** A real PNG header followed by filler, so only the size matters. */
const png = (bytes: number) => {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  return Buffer.concat([head, Buffer.alloc(bytes - head.length, 7)]);
};

async function put(name: string, body: Buffer) {
  const signed = (
    await author.post('/api/upload/s3', { bucketPath: `author/${name}`, fileType: 'image/png' })
  ).json();
  return t.app.inject({ method: 'PUT', url: signed.url, headers: signed.headers, payload: body });
}

const leftovers = () =>
  fs.readdirSync(path.join(files, 'author')).filter((f) => f.endsWith('.part'));

describe('a local file store on a full or read-only disk', () => {
  it('answers 507 with a clear message when the disk is full, and keeps nothing half-written', async () => {
    const res = await put('too-big.png', png(200 * 1024));
    expect(res.statusCode).toBe(507);
    expect(res.json<Refusal>().error).toBe(STORE_FULL);
    expect(fs.existsSync(path.join(files, 'author/too-big.png'))).toBe(false);
    expect(leftovers()).toEqual([]);
    // Room is still there for a small file.
    expect((await put('small.png', png(4 * 1024))).statusCode).toBe(200);
  });

  it('answers 503 with a clear message when the disk is read-only, and works again after', async () => {
    execFileSync('mount', ['-o', 'remount,ro', files]);
    try {
      const res = await put('later.png', png(4 * 1024));
      expect(res.statusCode).toBe(503);
      expect(res.json<Refusal>().error).toBe(STORE_UNWRITABLE);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', files]);
    }
    expect((await put('later.png', png(4 * 1024))).statusCode).toBe(200);
  });
});
