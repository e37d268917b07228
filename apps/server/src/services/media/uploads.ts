/**
 * Uploads (spec section 7, Files and media): a presigned PUT into the uploader's own folder, then
 * a record of the stored file once its size and content have been checked.
 */
import { eq } from 'drizzle-orm';
import { isGuestUser, mediaKind, must, suffixOf, type UploadRecord } from '@listboard/core';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../lib/errors';
import { readStart, type FileStore, type SignedRequest } from '../../storage/file-store';
import { pdfWords } from '../../importers/pdf';
import { contentTypeForSuffix } from '../../storage/content-types';
import { checkContent, MAGIC_BYTES } from '../../storage/content-check';
import { baseName, isValidKey } from '../../storage/keys';
import { uploadMsg } from '../../media/messages';
import type { Transact } from '../admin/audit';
import type { UserRow } from '../accounts/users';
import { filesUrl } from './file-urls';

/** How long a presigned upload URL stays valid. */
export const UPLOAD_URL_SECONDS = 15 * 60;

export interface UploadLimits {
  maxBytes: number;
}

/** The folder a user's uploads go in: `{uploadsFolder}/{username}`, or `{username}`. */
export function uploadFolderOf(user: Pick<UserRow, 'username' | 'uploadsFolder'>): string {
  const folder = (user.uploadsFolder ?? '').replace(/^\/+|\/+$/g, '');
  return folder ? `${folder}/${user.username}` : user.username;
}

interface Checked {
  key: string;
  name: string;
  suffix: string;
  contentType: string;
  folder: string;
  /** Who uploads: the signed-in caller. */
  username: string;
}

function checkTarget(user: UserRow | null, bucketPath: string): Checked {
  if (!user || isGuestUser({ username: user.username, roles: user.roles }))
    throw unauthorized(uploadMsg.signInToUpload);
  const folder = uploadFolderOf(user);
  const given = bucketPath.trim().replace(/^\.\//, '');
  // A file name alone goes in the caller's own folder.
  const key = given.includes('/') ? given : `${folder}/${given}`;
  const name = baseName(key) || key;
  const suffix = suffixOf(key);
  const contentType = contentTypeForSuffix(suffix);
  if (!mediaKind(suffix) || !contentType) throw new HttpError(415, uploadMsg.unsupported(name));
  if (!isValidKey(key)) throw badRequest(uploadMsg.badPath(bucketPath));
  if (!key.startsWith(`${folder}/`)) throw forbidden(uploadMsg.notYourFolder(folder));
  return { key, name, suffix, contentType, folder, username: user.username };
}

/**
 * The first name free in the uploads beside `key`: `key` itself, else `stem-2.ext`, `stem-3.ext`
 * and so on, so that a new file never takes the place of one that boards show already.
 */
async function freeKey(db: Db, key: string): Promise<string> {
  const dot = key.lastIndexOf('.');
  const [stem, ext] = dot > key.lastIndexOf('/') ? [key.slice(0, dot), key.slice(dot)] : [key, ''];
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? key : `${stem}-${String(n)}${ext}`;
    const [taken] = await db
      .select({ at: uploads.fullpath })
      .from(uploads)
      .where(eq(uploads.fullpath, candidate));
    if (!taken) return candidate;
  }
}

/** A presigned PUT for one file of the caller's own folder. */
export async function presignUpload(
  db: Db,
  store: FileStore,
  limits: UploadLimits,
  user: UserRow | null,
  body: { bucketPath: string; fileType?: string; size?: number; fresh?: boolean },
): Promise<SignedRequest & { bucketPath: string; maxBytes: number }> {
  const asked = checkTarget(user, body.bucketPath);
  const t = body.fresh ? { ...asked, key: await freeKey(db, asked.key) } : asked;
  if (body.size !== undefined && body.size > limits.maxBytes)
    throw new HttpError(413, uploadMsg.tooLarge(t.name, limits.maxBytes));
  const signed = await store.presignPut(t.key, {
    contentType: t.contentType,
    maxBytes: limits.maxBytes,
    expiresIn: UPLOAD_URL_SECONDS,
  });
  return { ...signed, bucketPath: t.key, maxBytes: limits.maxBytes };
}

/** The columns of a record the client is told of: never the PDF's words. */
const RECORD = {
  id: uploads.id,
  folderpath: uploads.folderpath,
  filepath: uploads.filepath,
  filename: uploads.filename,
  username: uploads.username,
  fullpath: uploads.fullpath,
  createdAt: uploads.createdAt,
  type: uploads.type,
  size: uploads.size,
  url: uploads.url,
  uploadApp: uploads.uploadApp,
  location: uploads.location,
};

function toRecord(row: {
  [K in keyof typeof RECORD]: (typeof uploads.$inferSelect)[K];
}): UploadRecord {
  return {
    _id: row.id,
    folderpath: row.folderpath,
    filepath: row.filepath,
    filename: row.filename,
    username: row.username,
    fullpath: row.fullpath,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    size: row.size,
    url: row.url,
    uploadApp: row.uploadApp,
    location: row.location,
  };
}

/** The largest PDF whose words are read for search when it is recorded: 30 MiB. */
const PDF_WORDS_FILE_MAX = 30 * 1024 * 1024;

/** The words of a stored PDF of this size, for search; none for one too large or gone. */
export async function storedPdfWords(
  store: FileStore,
  key: string,
  size: number,
): Promise<string | null> {
  const bytes = size <= PDF_WORDS_FILE_MAX ? await readStart(store, key, size) : null;
  return bytes ? pdfWords(bytes) : null;
}

/**
 * Records a finished upload after checking what was stored: present, the size the browser sent,
 * within the limit, and content that fits the suffix. A file that fails the size or content
 * check is deleted, with any earlier record of that path. A PDF's words are kept with its record
 * (importers/pdf.ts `pdfWords`), which an item showing it is then found by in search.
 */
export async function recordUpload(
  db: Db,
  store: FileStore,
  limits: UploadLimits,
  user: UserRow | null,
  body: { bucketPath: string; fileType?: string; size: number },
  /** The transaction the record is written in (the call's, with its audit row). */
  transact: Transact,
): Promise<UploadRecord> {
  const t = checkTarget(user, body.bucketPath);
  const head = await store.head(t.key);
  if (!head) throw notFound(uploadMsg.notUploaded(t.name));
  const refuse = async (err: HttpError) => {
    await store.delete(t.key);
    await db.delete(uploads).where(eq(uploads.fullpath, t.key));
    return err;
  };
  if (head.size > limits.maxBytes)
    throw await refuse(new HttpError(413, uploadMsg.tooLarge(t.name, limits.maxBytes)));
  if (head.size !== body.size)
    throw badRequest(uploadMsg.sizeMismatch(t.name, head.size, body.size));
  const first = (await readStart(store, t.key, MAGIC_BYTES)) ?? Buffer.alloc(0);
  const verdict = await checkContent(t.suffix, first, () => store.get(t.key));
  if (!verdict.ok)
    throw await refuse(new HttpError(415, uploadMsg.badContent(t.name, verdict.reason)));
  // A PDF's words, for search (read here, before the record's transaction opens).
  const words = t.suffix === 'pdf' ? await storedPdfWords(store, t.key, head.size) : null;

  const values = {
    folderpath: t.folder,
    filepath: t.key.slice(t.folder.length + 1),
    filename: t.name,
    username: t.username,
    fullpath: t.key,
    createdAt: new Date(),
    type: t.contentType,
    size: head.size,
    url: filesUrl(t.key),
    uploadApp: 'listboard',
    location: store.location(t.key),
    words,
  };
  const [row] = await transact((tx) =>
    tx
      .insert(uploads)
      .values(values)
      .onConflictDoUpdate({ target: uploads.fullpath, set: values })
      .returning(RECORD),
  );
  return toRecord(must(row, 'the upload record'));
}
