/**
 * The public address of a stored file: `/files/{key}`. Item text names an upload by its path in
 * the owner's folder (`clip.mp4` on alice's board is key `alice/clip.mp4`, see core's
 * resolveAddress); the web shows it from `/files/alice/clip.mp4`. Derived files such as poster
 * frames are written into item text with this address directly.
 */
import { keyToUrlPath } from '../../storage/keys';

export const FILES_PREFIX = '/files/';

export function filesUrl(key: string): string {
  return `${FILES_PREFIX}${keyToUrlPath(key)}`;
}

/** The storage key of a `/files/...` address, or null when it is no such address. */
export function keyOfFilesUrl(address: string): string | null {
  if (!address.startsWith(FILES_PREFIX)) return null;
  const path = address.slice(FILES_PREFIX.length).split(/[?#]/, 1)[0] ?? '';
  try {
    return path.split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
}
