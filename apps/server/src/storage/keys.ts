/**
 * Storage keys. A key is also a path on disk and part of URLs, and users choose most of it, so
 * only plain segments are allowed: letters, digits, '.', '_' and '-', none starting with a dot.
 * Those are also the paths item text can name (core's isUploadPath accepts them all).
 */
import { isUploadPath } from '@listboard/core';

const SEGMENT = /^[\p{L}\p{N}_-][\p{L}\p{N}._-]*$/u;
export const MAX_KEY_LENGTH = 1024;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  if (!key.split('/').every((s) => SEGMENT.test(s))) return false;
  return isUploadPath(key);
}

/** The key's path in a URL, each segment percent-encoded. */
export function keyToUrlPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

export function baseName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export function folderOf(key: string): string {
  const slash = key.lastIndexOf('/');
  return slash < 0 ? '' : key.slice(0, slash);
}
