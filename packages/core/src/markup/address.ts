/**
 * Media addresses: an http(s) URL, a site path starting with '/', or an upload path. An upload
 * path has no scheme and no leading '/'; it names a file the owner uploaded and resolves to
 * `{owner}/{file}`, or `{uploadsFolder}/{owner}/{file}` when the owner keeps an uploads folder.
 */
import type { MarkupContext } from './context';
import { stripQueryAndHash } from './suffix';
import { decodePart } from '../address/url';

export type AddressKind = 'url' | 'site' | 'upload';

export interface ResolvedAddress {
  kind: AddressKind;
  /** Where to fetch it: the address as written, or the resolved upload path (query and hash kept). */
  url: string;
  /** url without its query and hash. */
  fullpathnq: string;
  isUpload: boolean;
}

export function isHttpUrl(token: string): boolean {
  const lower = token.slice(0, 8).toLowerCase();
  const rest = lower.startsWith('https://') ? 8 : lower.startsWith('http://') ? 7 : -1;
  return rest > 0 && token.length > rest && !hasWhitespace(token);
}

function hasWhitespace(s: string): boolean {
  return /\s/.test(s);
}

// Characters that mark a token as markup of another kind (links, math, html, tables) or that a
// storage key should not hold.
const NOT_IN_UPLOAD_PATH = new Set('<>"\'`()[]{}|\\^:*');
const UPLOAD_PATH_START = /^[\p{L}\p{N}_]/u;

/**
 * Whether a token is an upload path. The query and hash are left aside first, so
 * `clip.mp4?v=2#t=1,2` counts. A leading './' is allowed. '..' and empty segments are refused:
 * the path becomes a storage key.
 */
export function isUploadPath(token: string): boolean {
  const path = stripQueryAndHash(token);
  const body = path.startsWith('./') ? path.slice(2) : path;
  if (!UPLOAD_PATH_START.test(body) || hasWhitespace(body)) return false;
  for (const c of body) if (NOT_IN_UPLOAD_PATH.has(c)) return false;
  for (const segment of body.split('/')) {
    if (segment === '' || segment === '..') return false;
  }
  return true;
}

function trimSlashes(p: string): string {
  let start = 0;
  let end = p.length;
  while (start < end && p[start] === '/') start++;
  while (end > start && p[end - 1] === '/') end--;
  return p.slice(start, end);
}

function joinPath(...parts: (string | undefined)[]): string {
  return parts
    .map((p) => trimSlashes(p ?? ''))
    .filter((p) => p.length > 0)
    .join('/');
}

/** Resolve a media address; null when the token is no address at all. */
export function resolveAddress(token: string, ctx: MarkupContext = {}): ResolvedAddress | null {
  if (isHttpUrl(token)) {
    return { kind: 'url', url: token, fullpathnq: stripQueryAndHash(token), isUpload: false };
  }
  if (token.startsWith('/') && !token.startsWith('//') && !hasWhitespace(token)) {
    return { kind: 'site', url: token, fullpathnq: stripQueryAndHash(token), isUpload: false };
  }
  if (!isUploadPath(token)) return null;
  const file = token.startsWith('./') ? token.slice(2) : token;
  const url = joinPath(ctx.uploadsFolder, ctx.owner, file);
  return { kind: 'upload', url, fullpathnq: stripQueryAndHash(url), isUpload: true };
}

/** The last path segment of an address, decoded where it can be. */
export function fileNameOf(address: string): string {
  const path = stripQueryAndHash(address);
  return decodePart(path.slice(path.lastIndexOf('/') + 1));
}
