/**
 * Media ranges. Two ways to write one, both kept in the block text as typed:
 *
 * - a token after the address, `start-end`, each side a time code (`video.mp4 1:05-1:30`):
 *   start 65, end 90, startCode '1:05', endCode '1:30';
 * - a W3C media fragment on the address, `#t=start,end` (`video.mp4#t=65,90`), where either side
 *   may be left out (`#t=10`, `#t=,20`) and an `npt:` prefix is allowed.
 *
 * A missing start is 0 with startCode ''; a missing end is -1 with endCode '' (play to the end).
 * The token form wins when both are given. A range whose end is not after its start is dropped.
 */
import type { BlockRange } from '../model';
import { parseTimecode } from './timecode';

function makeRange(startCode: string, endCode: string): BlockRange | null {
  const start = startCode === '' ? 0 : parseTimecode(startCode);
  const end = endCode === '' ? -1 : parseTimecode(endCode);
  if (start === null || end === null) return null;
  if (end !== -1 && end <= start) return null;
  if (startCode === '' && endCode === '') return null;
  return { start, end, startCode, endCode };
}

/** Whether a token has the `start-end` shape (digits, ':' and '.' on both sides of one '-'). */
export function isRangeToken(token: string): boolean {
  const dash = token.indexOf('-');
  if (dash <= 0 || dash === token.length - 1 || token.indexOf('-', dash + 1) >= 0) return false;
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c !== '-' && c !== ':' && c !== '.' && !(c !== undefined && c >= '0' && c <= '9')) {
      return false;
    }
  }
  return true;
}

/** The range of a `start-end` token; null when the shape fits but the times do not. */
export function parseRangeToken(token: string): BlockRange | null {
  if (!isRangeToken(token)) return null;
  const dash = token.indexOf('-');
  return makeRange(token.slice(0, dash), token.slice(dash + 1));
}

/** The range of a `#t=` media fragment in an address, if it has one. */
export function parseFragmentRange(address: string): BlockRange | null {
  const hash = address.indexOf('#');
  if (hash < 0) return null;
  for (const param of address.slice(hash + 1).split('&')) {
    if (!param.startsWith('t=')) continue;
    let value = param.slice(2);
    if (value.startsWith('npt:')) value = value.slice(4);
    const comma = value.indexOf(',');
    const startCode = comma < 0 ? value : value.slice(0, comma);
    const endCode = comma < 0 ? '' : value.slice(comma + 1);
    return makeRange(startCode, endCode);
  }
  return null;
}

/** The address with its `#t=` fragment set to the range, for players that honour it. */
export function rangeUrl(address: string, range: BlockRange): string {
  const hash = address.indexOf('#');
  const base = hash < 0 ? address : address.slice(0, hash);
  return `${base}#t=${range.start}${range.end >= 0 ? `,${range.end}` : ''}`;
}
