/**
 * The upload flow of spec section 7: for each file, POST /api/upload/s3 for a presigned URL, PUT
 * the file there (XMLHttpRequest, for upload progress), then store the upload record. Only files
 * with a supported suffix are sent; the others are skipped with a message.
 */
import { mediaKind, suffixOf, uploadMsg, type MediaKind, type UploadRecord } from '@listboard/core';
import { callApi, messageOr } from '../api/client';
import { useUploadProgress } from './progress';

export type { UploadRecord };

export interface UploadResult {
  records: UploadRecord[];
  /** One message per file left out for its suffix. */
  skipped: string[];
  /** Set when the batch stopped: nothing after the failed file was sent. */
  error: string | null;
}

/**
 * A file name as a storage key segment: letters, digits, '.', '_' and '-' only, as the server
 * accepts; spaces and anything else become hyphens.
 */
export function storageName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '');
  return cleaned || 'file';
}

/** What a form of these kinds takes, in words. */
const KIND_WORDS: Record<MediaKind, string> = {
  image: 'pictures',
  heic: 'pictures',
  video: 'video',
  audio: 'audio',
  document: 'documents',
  other: 'files',
};
const takes = (kinds: readonly MediaKind[]) =>
  [...new Set(kinds.map((k) => KIND_WORDS[k]))].join(' or ');

/** The files a form may send, by kind; undefined kinds mean any supported file. */
export function splitSupported(
  files: readonly File[],
  kinds?: readonly MediaKind[],
): { supported: File[]; skipped: string[] } {
  const supported: File[] = [];
  const skipped: string[] = [];
  for (const f of files) {
    const kind = mediaKind(suffixOf(f.name));
    if (kind && (!kinds || kinds.includes(kind))) supported.push(f);
    else if (kind && kinds) skipped.push(uploadMsg.wrongKind(f.name, takes(kinds)));
    else skipped.push(uploadMsg.unsupported(f.name));
  }
  return { supported, skipped };
}

/** PUT with progress; resolves with the status, or 0 when the connection failed or it stopped. */
export function putFile(
  url: string,
  file: Blob,
  headers: Record<string, string>,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: '' });
    xhr.onabort = () => resolve({ status: 0, body: '' });
    if (signal?.aborted) resolve({ status: 0, body: '' });
    else xhr.send(file);
  });
}

function serverWords(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : null;
  } catch {
    return null;
  }
}

/**
 * Sends the files one after another, showing their progress as one bar from 0 to 100. The bar's
 * Cancel, or the signal (the form's, closed before it is done), stops the batch: nothing after
 * is sent, and the result is an error.
 */
export async function uploadFiles(
  files: readonly File[],
  kinds?: readonly MediaKind[],
  signal?: AbortSignal,
): Promise<UploadResult> {
  const progress = useUploadProgress.getState();
  if (files.length === 0) return { records: [], skipped: [], error: uploadMsg.noFiles };
  const { supported, skipped } = splitSupported(files, kinds);
  const [first] = supported;
  if (!first) return { records: [], skipped, error: skipped.join(' ') };

  const total = supported.reduce((n, f) => n + f.size, 0) || 1;
  let done = 0;
  const records: UploadRecord[] = [];
  const stopping = new AbortController();
  signal?.addEventListener('abort', () => stopping.abort(), { once: true });
  const cancelled = () => stopping.signal.aborted;
  progress.start(first.name, () => stopping.abort());
  // A failure while cancelling (the PUT it stopped) is the cancel.
  const stop = (error: string): UploadResult => {
    const said = cancelled() ? uploadMsg.cancelled : error;
    progress.fail(said);
    return { records, skipped, error: said };
  };
  for (const file of supported) {
    if (cancelled()) return stop(uploadMsg.cancelled);
    progress.set((done / total) * 100, file.name);
    const signing = await callApi('/api/upload/s3', {
      bucketPath: storageName(file.name),
      fileType: file.type,
      size: file.size,
      // Beside a file of the same name, never in its place: boards may show that one.
      fresh: true,
    });
    if (!signing.ok) return stop(messageOr(signing.error, uploadMsg.signedUrlMissing(file.name)));
    const signed = signing.value;
    if (!signed.url) return stop(uploadMsg.signedUrlMissing(file.name));
    const put = await putFile(
      signed.url,
      file,
      signed.headers,
      (loaded) =>
        useUploadProgress.getState().set(((done + Math.min(loaded, file.size)) / total) * 100),
      stopping.signal,
    );
    if (cancelled()) return stop(uploadMsg.cancelled);
    if (put.status < 200 || put.status >= 300) {
      const why = serverWords(put.body);
      return stop(
        uploadMsg.putFailed(file.name, why ? `${put.status}: ${why}` : put.status || 'no answer'),
      );
    }
    const recorded = await callApi('/api/upload/record', {
      bucketPath: signed.bucketPath,
      fileType: file.type,
      size: file.size,
    });
    if (!recorded.ok)
      return stop(messageOr(recorded.error, uploadMsg.putFailed(file.name, 'not recorded')));
    records.push(recorded.value);
    done += file.size;
    if (cancelled()) return stop(uploadMsg.cancelled);
    useUploadProgress.getState().set((done / total) * 100);
  }
  progress.finish(uploadMsg.uploaded(records.length));
  return { records, skipped, error: null };
}

/**
 * How item text names an upload: the bare file name when it sits in the board owner's own
 * folder (core resolves it to `{owner}/{file}`), else its /files/ address.
 */
export function referenceOf(record: UploadRecord, boardOwner: string): string {
  return record.folderpath === boardOwner ? record.filepath : record.url;
}

/** Spec section 5: text trimmed, then merged with the media references, blank lines between. */
export function mergeText(text: string, references: readonly string[]): string {
  return [text.trim(), ...references.map((r) => r.trim())].filter((p) => p !== '').join('\n\n');
}

/**
 * Files uploaded as the text of one new item (spec section 5: uploads first, then the insert):
 * `text` with each file's reference after it (and `caption`, if any). Files left out for their
 * suffix are told to `skipped`; an upload that stopped (or was cancelled, `signal`) is an error.
 */
export async function uploadedItemText(
  files: readonly File[],
  opts: {
    boardOwner: string;
    text?: string;
    caption?: string;
    kinds?: readonly MediaKind[];
    signal?: AbortSignal;
    skipped: (message: string) => void;
  },
): Promise<{ text: string } | { error: string }> {
  const uploaded = await uploadFiles(files, opts.kinds, opts.signal);
  if (uploaded.error) return { error: uploaded.error };
  // Cancelled as the last file ended: nothing goes on the board.
  if (opts.signal?.aborted) return { error: uploadMsg.cancelled };
  if (uploaded.skipped.length > 0) opts.skipped(uploaded.skipped.join(' '));
  const refs = uploaded.records.map(
    (r) => `${referenceOf(r, opts.boardOwner)}${opts.caption ? ` ~ ${opts.caption}` : ''}`,
  );
  return { text: mergeText(opts.text ?? '', refs) };
}
