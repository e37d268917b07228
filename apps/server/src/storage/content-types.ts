/**
 * What a stored file is served as. The type comes from the file's suffix only, never from what
 * the uploader claimed, and nothing that a browser would run as a page in the app's origin is
 * served inline: HTML, XML and SVG go out as attachments, scripts and styles as plain text.
 */
import { own, suffixOf } from '@listboard/core';
import { baseName } from './keys';

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  apng: 'image/apng',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  flv: 'video/x-flv',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  mp2: 'video/mpeg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  au: 'audio/basic',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  flac: 'audio/flac',
  adts: 'audio/aac',
  weba: 'audio/webm',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  // Served as text so an uploaded script or style can never be loaded as one from this origin.
  js: 'text/plain; charset=utf-8',
  css: 'text/plain; charset=utf-8',
  canvas: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
};

/** Types a browser renders as a document that can run script: never inline. */
const ACTIVE = new Set(['image/svg+xml', 'text/html', 'application/xhtml+xml', 'text/xml']);
const ACTIVE_SUFFIXES = new Set(['html', 'htm', 'xhtml', 'xht', 'xml', 'svg', 'svgz', 'shtml']);

/** The type an upload of this suffix is stored and served as; undefined when unsupported. */
export function contentTypeForSuffix(suffix: string): string | undefined {
  return own(TYPES, suffix.toLowerCase());
}

function quoteFilename(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Content-Type and Content-Disposition for serving the object at `key`. */
export function serveHeaders(key: string): { contentType: string; disposition: string } {
  const suffix = suffixOf(key);
  const known = contentTypeForSuffix(suffix);
  const contentType = known ?? 'application/octet-stream';
  const inline = known !== undefined && !ACTIVE.has(contentType) && !ACTIVE_SUFFIXES.has(suffix);
  return {
    contentType,
    disposition: `${inline ? 'inline' : 'attachment'}; ${quoteFilename(baseName(key))}`,
  };
}
