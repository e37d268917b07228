/**
 * Rewriting parts of a media line (core's parseMediaLine reads them) while keeping the rest as
 * the author wrote it: the item text stays the one source of truth for posters and addresses.
 */
import {
  must,
  normalizeText,
  parseMediaLine,
  regexLiteral,
  setMediaLineRange,
  type MediaLine,
} from '@listboard/core';
import { badRequest } from '../lib/errors';

/** The `start-end` token shape core's media lines take after the address. */
const RANGE_TOKEN = /^[\d:.]+-[\d:.]+$/;

function splitFirstLine(blockText: string) {
  const t = normalizeText(blockText);
  const nl = t.indexOf('\n');
  return { first: nl < 0 ? t : t.slice(0, nl), rest: nl < 0 ? '' : t.slice(nl) };
}

export function mediaLineOf(blockText: string): MediaLine | null {
  return parseMediaLine(splitFirstLine(blockText).first);
}

/** Sets or replaces the ' # poster' part. */
export function setMediaLinePoster(blockText: string, poster: string): string {
  const { first, rest } = splitFirstLine(blockText);
  const media = parseMediaLine(first);
  if (!media) throw badRequest('This block is not a media line.');
  let line: string;
  if (media.posterPath !== undefined) {
    const escaped = regexLiteral(media.posterPath);
    line = first.replace(
      new RegExp(`(\\s#\\s+)${escaped}(?=\\s|$)`),
      (_m, lead: string) => lead + poster,
    );
  } else {
    // Right after the address and its range token, before any caption or alt text.
    const m = must(/^(\s*\S+)(\s+(\S+))?/.exec(first), 'the address of the media line');
    const keep = m[3] !== undefined && RANGE_TOKEN.test(m[3]) ? m[0] : must(m[1], 'the address');
    line = `${keep} # ${poster}${first.slice(keep.length)}`;
  }
  if (parseMediaLine(line)?.posterPath !== poster) throw new Error('poster not rewritten');
  return line + rest;
}

/** Replaces the address, keeping the range (token or fragment) and every other part. */
export function setMediaLineAddress(blockText: string, address: string): string {
  const { first, rest } = splitFirstLine(blockText);
  const media = parseMediaLine(first);
  if (!media) throw badRequest('This block is not a media line.');
  const lead = first.length - first.trimStart().length;
  const body = first.slice(lead);
  const sp = body.search(/\s/);
  let line = first.slice(0, lead) + address + (sp < 0 ? '' : body.slice(sp));
  if (media.range) line = setMediaLineRange(line, media.range.start, media.range.end);
  if (!parseMediaLine(line)) throw new Error('address not rewritten');
  return line + rest;
}
