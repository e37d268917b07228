/**
 * Where the browser fetches a block's file. An upload path in item text resolves to a storage
 * key (`alice/clip.mp4`, see core's resolveAddress); the server serves keys under /files/.
 * Addresses with a scheme or a leading '/' are used as written.
 */
export const FILES_PREFIX = '/files/';

export function isStorageKey(address: string): boolean {
  return address !== '' && !address.startsWith('/') && !/^[a-z][a-z0-9+.-]*:/i.test(address);
}

export function fileUrl(address: string | undefined): string | undefined {
  if (!address) return undefined;
  if (!isStorageKey(address)) return address;
  const cut = address.search(/[?#]/);
  const path = cut < 0 ? address : address.slice(0, cut);
  const rest = cut < 0 ? '' : address.slice(cut);
  return `${FILES_PREFIX}${path.split('/').map(encodeURIComponent).join('/')}${rest}`;
}

/** A block's own file: an upload is read from the store, anything else as written. */
export function srcOf(block: { url?: string; isUpload?: boolean }): string | undefined {
  return block.isUpload ? fileUrl(block.url) : block.url;
}
