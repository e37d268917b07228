import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadMsg } from '@listboard/core';
import { mergeText, referenceOf, storageName, uploadFiles, type UploadRecord } from './upload';
import { useUploadProgress } from './progress';
import { sentBody } from '../test/server';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the fake file store does with each PUT. */
let putAnswer: { status: number; body: string } = { status: 200, body: '' };
let puts: { url: string; headers: Record<string, string>; size: number }[] = [];
let signedUrl: string | undefined = '/api/files/author/x?sig=1';
let calls: { path: string; body: Record<string, unknown> }[] = [];
let percents: number[] = [];
let unsubscribe = () => {};

class FakeXhr {
  upload: { onprogress: ((e: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(file: Blob) {
    puts.push({ url: this.url, headers: this.headers, size: file.size });
    // Two progress events, then the answer.
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: Math.floor(file.size / 2) });
      this.upload.onprogress?.({ loaded: file.size });
      this.status = putAnswer.status;
      this.responseText = putAnswer.body;
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  putAnswer = { status: 200, body: '' };
  puts = [];
  calls = [];
  percents = [];
  signedUrl = '/api/files/author/x?sig=1';
  useUploadProgress.getState().clear();
  unsubscribe = useUploadProgress.subscribe((s) => void percents.push(s.percent));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const body = (sentBody(init) ?? {}) as { bucketPath?: string; size?: number };
      calls.push({ path: input, body });
      if (input === '/api/upload/s3')
        return Promise.resolve(
          json(200, {
            url: signedUrl,
            method: 'PUT',
            headers: { 'Content-Type': 'video/mp4' },
            bucketPath: `author/${body.bucketPath ?? ''}`,
          }),
        );
      if (input === '/api/upload/record') {
        const key = body.bucketPath ?? '';
        return Promise.resolve(
          json(200, {
            folderpath: 'author',
            filepath: key.slice('author/'.length),
            fullpath: key,
            url: `/files/${key}`,
            size: body.size,
          }),
        );
      }
      return Promise.resolve(json(404, { error: 'no' }));
    }),
  );
});
afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);

describe('uploading files', () => {
  it('refuses an empty list', async () => {
    const res = await uploadFiles([]);
    expect(res.error).toBe(uploadMsg.noFiles);
    expect(calls).toHaveLength(0);
  });

  it('asks for a signed URL, PUTs with its headers, records, and shows 0..100 on the way', async () => {
    const res = await uploadFiles([file('My clip (1).mp4', 2000)]);
    expect(res.error).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/upload/s3', '/api/upload/record']);
    // A fresh file, beside one of the same name rather than in its place.
    expect(calls[0]!.body).toMatchObject({ bucketPath: 'My-clip-1-.mp4', size: 2000, fresh: true });
    expect(puts).toEqual([
      { url: '/api/files/author/x?sig=1', headers: { 'Content-Type': 'video/mp4' }, size: 2000 },
    ]);
    expect(calls[1]!.body).toMatchObject({ bucketPath: 'author/My-clip-1-.mp4', size: 2000 });
    expect(res.records.map((r) => r.fullpath)).toEqual(['author/My-clip-1-.mp4']);
    expect(percents).toContain(50);
    expect(percents.at(-1)).toBe(100);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(useUploadProgress.getState().phase).toBe('done');
  });

  it('skips files of unsupported suffixes with a message and sends the rest', async () => {
    const res = await uploadFiles([file('setup.exe'), file('song.mp3')]);
    expect(res.skipped).toEqual([uploadMsg.unsupported('setup.exe')]);
    expect(res.records).toHaveLength(1);
    expect(puts).toHaveLength(1);
  });

  it('sends nothing when every file is unsupported, and says why', async () => {
    const res = await uploadFiles([file('setup.exe')]);
    expect(res.error).toBe(uploadMsg.unsupported('setup.exe'));
    expect(calls).toHaveLength(0);
  });

  it('raises an upload error when no signed URL comes back', async () => {
    signedUrl = undefined;
    const res = await uploadFiles([file('a.png')]);
    expect(res.error).toBe(uploadMsg.signedUrlMissing('a.png'));
    expect(puts).toHaveLength(0);
    expect(useUploadProgress.getState().phase).toBe('failed');
  });

  it('raises an upload error when the PUT is not OK, with the store’s words', async () => {
    putAnswer = { status: 413, body: JSON.stringify({ error: 'a.png is too big.' }) };
    const res = await uploadFiles([file('a.png'), file('b.png')]);
    expect(res.error).toBe(uploadMsg.putFailed('a.png', '413: a.png is too big.'));
    expect(puts).toHaveLength(1);
    expect(calls.some((c) => c.path === '/api/upload/record')).toBe(false);
    expect(useUploadProgress.getState()).toMatchObject({ phase: 'failed', label: res.error });
  });
});

describe('item text with uploads', () => {
  it('trims the text and adds each reference after a blank line', () => {
    expect(mergeText('  Week 1 \n', ['clip.mp4', 'notes.pdf'])).toBe(
      'Week 1\n\nclip.mp4\n\nnotes.pdf',
    );
    expect(mergeText('   ', ['clip.mp4'])).toBe('clip.mp4');
  });

  it('names an upload in the board owner’s folder by its file name, others by address', () => {
    const rec = { folderpath: 'author', filepath: 'clip.mp4', url: '/files/author/clip.mp4' };
    expect(referenceOf(rec as UploadRecord, 'author')).toBe('clip.mp4');
    expect(referenceOf(rec as UploadRecord, 'demo')).toBe('/files/author/clip.mp4');
  });

  it('makes storage-safe names', () => {
    expect(storageName('Été à Paris.JPG')).toBe('Été-à-Paris.JPG');
    expect(storageName('.hidden.png')).toBe('hidden.png');
  });
});
