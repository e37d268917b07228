/**
 * File-store failures that are the disk's, not the request's: the store is full, or it cannot
 * be written at all (read-only, permissions). They become clear answers, so an upload ends with
 * a message instead of a progress bar that never moves again.
 */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

export const STORE_FULL = 'The file store is full, so the file was not stored.';
export const STORE_UNWRITABLE =
  'The file store cannot be written to right now, so the file was not stored.';

export function storageFailure(err: unknown): { status: number; message: string } | null {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  if (typeof code !== 'string') return null;
  if (FULL.has(code)) return { status: 507, message: STORE_FULL };
  if (UNWRITABLE.has(code)) return { status: 503, message: STORE_UNWRITABLE };
  return null;
}
