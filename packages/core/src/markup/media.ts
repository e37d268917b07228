/**
 * Media lines (spec section 5, "Media block text"):
 *
 *   address [start-end] [ # poster] [ ~ caption] [ : alt text [ | Title]]
 *
 * - address: an http(s) URL, a site path '/…', or an upload path (see address.ts); a `#t=`
 *   fragment on it is a range too (see range.ts);
 * - ' # ' poster: an address of the same kinds, resolved the same way;
 * - ' ~ ' caption: free text; 'default' means the file name of the address;
 * - ' : ' alt text, optionally followed by ' | ' and a title. The title is stored as titleText,
 *   lower-cased with each run of punctuation and spaces turned into one hyphen.
 *
 * A marker is '#', '~' or ':' with whitespace on both sides. The parts may come in any order,
 * each once; a part's text runs to the next marker not used yet, so a caption written after the
 * alt text may hold ' : '. Any other text after the address means the line is not a media line.
 */
import type { BlockRange } from '../model';
import { fileNameOf, resolveAddress, type ResolvedAddress } from './address';
import type { MarkupContext } from './context';
import { parseFragmentRange, parseRangeToken, isRangeToken, rangeUrl } from './range';
import { mediaKind, suffixOf, type MediaKind } from './suffix';

export interface MediaLine {
  /** The address as written. */
  address: string;
  resolved: ResolvedAddress;
  suffix: string;
  kind: MediaKind | undefined;
  range?: BlockRange;
  /** The poster address as written. */
  posterPath?: string;
  posterUrl?: string;
  caption?: string;
  altText?: string;
  titleText?: string;
  /** Whether anything but the address was written: a range, poster, caption or alt text. */
  hasOptions: boolean;
}

type Marker = '#' | '~' | ':';

function isSpace(c: string | undefined): boolean {
  return c === undefined || c === ' ' || c === '\t';
}

function isMarker(c: string | undefined): c is Marker {
  return c === '#' || c === '~' || c === ':';
}

/** Lower case, each run of anything but letters and digits made one hyphen, none at the ends. */
export function titleToSlug(title: string): string {
  const dashed = title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-');
  let start = 0;
  let end = dashed.length;
  while (start < end && dashed[start] === '-') start++;
  while (end > start && dashed[end - 1] === '-') end--;
  return dashed.slice(start, end);
}

/** Split the options after the address into marker parts; null when other text is present. */
function splitParts(rest: string): Map<Marker, string> | null {
  const positions: number[] = [];
  for (let p = 0; p < rest.length; p++) {
    if (isMarker(rest[p]) && isSpace(rest[p - 1]) && isSpace(rest[p + 1]) && p > 0) {
      positions.push(p);
    }
  }
  const parts = new Map<Marker, string>();
  if (positions.length === 0) return rest.trim() === '' ? parts : null;
  if (rest.slice(0, positions[0]).trim() !== '') return null;
  let current: Marker | null = null;
  let from = 0;
  for (const p of positions) {
    const marker = rest[p] as Marker;
    if (current !== null && (marker === current || parts.has(marker))) continue;
    if (current !== null) parts.set(current, rest.slice(from, p).trim());
    current = marker;
    from = p + 1;
  }
  if (current !== null) parts.set(current, rest.slice(from).trim());
  return parts;
}

function nextToken(s: string): { token: string; rest: string } {
  const t = s.trimStart();
  let end = 0;
  while (end < t.length && !isSpace(t[end])) end++;
  return { token: t.slice(0, end), rest: ' ' + t.slice(end) };
}

/** Parse one line as a media line; null when it is not one. */
export function parseMediaLine(line: string, ctx: MarkupContext = {}): MediaLine | null {
  const { token: address, rest: afterAddress } = nextToken(line.replace(/\t/g, ' '));
  if (address === '') return null;
  const resolved = resolveAddress(address, ctx);
  if (!resolved) return null;

  let rest = afterAddress;
  let range = parseFragmentRange(address) ?? undefined;
  let hasOptions = range !== undefined;
  const second = nextToken(rest);
  if (isRangeToken(second.token)) {
    range = parseRangeToken(second.token) ?? undefined;
    rest = second.rest;
    hasOptions = true;
  }

  const parts = splitParts(rest);
  if (!parts) return null;
  if (parts.size > 0) hasOptions = true;

  const suffix = suffixOf(address);
  const media: MediaLine = { address, resolved, suffix, kind: mediaKind(suffix), hasOptions };

  if (range) {
    media.range = {
      ...range,
      url: rangeUrl(resolved.url, range),
      posterCode: range.startCode === '' ? '0' : range.startCode.replace(/[:.]/g, '-'),
    };
  }

  const poster = parts.get('#');
  if (poster !== undefined) {
    const posterAddress = /\s/.test(poster) ? null : resolveAddress(poster, ctx);
    if (!posterAddress) return null;
    media.posterPath = poster;
    media.posterUrl = posterAddress.url;
  }

  const caption = parts.get('~');
  if (caption) media.caption = caption === 'default' ? fileNameOf(address) : caption;

  const alt = parts.get(':');
  if (alt) {
    const bar = alt.indexOf(' | ');
    const altText = (bar < 0 ? alt : alt.slice(0, bar)).trim();
    const title = bar < 0 ? '' : alt.slice(bar + 3).trim();
    if (altText) media.altText = altText;
    if (title) media.titleText = titleToSlug(title);
  }
  return media;
}
