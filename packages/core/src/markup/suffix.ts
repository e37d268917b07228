/**
 * File suffix tables of spec section 5. Block types and upload checks all read these, so a
 * suffix is added in one place only.
 */

export const IMAGE_SUFFIXES = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'tif',
  'tiff',
  'webp',
  'jfif',
  'avif',
  'apng',
  'bmp',
] as const;
/** Known, but kept apart from images: most browsers cannot show them. */
export const HEIC_SUFFIXES = ['heic', 'heif'] as const;
export const VIDEO_SUFFIXES = [
  'mov',
  'mp4',
  'ogv',
  'webm',
  'flv',
  'avi',
  'wmv',
  'mpeg',
  'mpg',
  'mp2',
] as const;
export const AUDIO_SUFFIXES = [
  'mp3',
  'm4a',
  'au',
  'aif',
  'aiff',
  'wav',
  'ogg',
  'oga',
  'flac',
  'adts',
  'weba',
] as const;
export const DOCUMENT_SUFFIXES = ['pdf', 'txt', 'text'] as const;
export const OTHER_SUFFIXES = ['canvas', 'svg', 'js', 'css'] as const;

export const MAX_SUFFIX_LENGTH = 6;

export type MediaKind = 'image' | 'heic' | 'video' | 'audio' | 'document' | 'other';

const KIND_BY_SUFFIX: ReadonlyMap<string, MediaKind> = new Map<string, MediaKind>([
  ...IMAGE_SUFFIXES.map((s) => [s, 'image'] as const),
  ...HEIC_SUFFIXES.map((s) => [s, 'heic'] as const),
  ...VIDEO_SUFFIXES.map((s) => [s, 'video'] as const),
  ...AUDIO_SUFFIXES.map((s) => [s, 'audio'] as const),
  ...DOCUMENT_SUFFIXES.map((s) => [s, 'document'] as const),
  ...OTHER_SUFFIXES.map((s) => [s, 'other'] as const),
]);

/** The kind of file a suffix names, or undefined when the suffix is unknown. Case-insensitive. */
export function mediaKind(suffix: string): MediaKind | undefined {
  return KIND_BY_SUFFIX.get(suffix.toLowerCase());
}

export function isKnownSuffix(suffix: string): boolean {
  return KIND_BY_SUFFIX.has(suffix.toLowerCase());
}

/** The address without its query and hash, which never take part in suffix detection. */
export function stripQueryAndHash(address: string): string {
  let end = address.length;
  const hash = address.indexOf('#');
  if (hash >= 0) end = hash;
  const query = address.indexOf('?');
  if (query >= 0 && query < end) end = query;
  return address.slice(0, end);
}

function isSuffixChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

/**
 * The lower-case suffix of an address ('' when there is none). Query and hash are ignored; for
 * a URL only the path counts, so `https://example.com` has no suffix. Longer than
 * MAX_SUFFIX_LENGTH, or holding anything but letters and digits, means no suffix.
 */
export function suffixOf(address: string): string {
  let path = stripQueryAndHash(address);
  const scheme = path.indexOf('://');
  if (scheme >= 0) {
    const slash = path.indexOf('/', scheme + 3);
    path = slash >= 0 ? path.slice(slash) : '';
  }
  const lastSlash = path.lastIndexOf('/');
  const name = path.slice(lastSlash + 1);
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  const suffix = name.slice(dot + 1);
  if (suffix.length === 0 || suffix.length > MAX_SUFFIX_LENGTH) return '';
  for (let i = 0; i < suffix.length; i++) {
    if (!isSuffixChar(suffix.charCodeAt(i))) return '';
  }
  return suffix.toLowerCase();
}
