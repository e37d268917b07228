import { formatTimecode } from './timecode';
import { isRangeToken } from './range';

/**
 * Rewrites the range of a media block's first line as a `start-end` token right after the
 * address, replacing a range token or `#t=` fragment already there. The rest of the line (poster,
 * caption, alt text) and any further lines are kept as written. An end of -1 means "to the end".
 */
export function setMediaLineRange(blockText: string, start: number, end: number): string {
  const nl = blockText.indexOf('\n');
  const first = nl < 0 ? blockText : blockText.slice(0, nl);
  const rest = nl < 0 ? '' : blockText.slice(nl);
  const lead = first.length - first.trimStart().length;
  const body = first.trimStart();
  const sp = body.search(/\s/);
  let address = sp < 0 ? body : body.slice(0, sp);
  let tail = sp < 0 ? '' : body.slice(sp);
  const hash = address.indexOf('#');
  if (hash >= 0) {
    const params = address
      .slice(hash + 1)
      .split('&')
      .filter((p) => !p.startsWith('t='));
    address = address.slice(0, hash) + (params.length ? `#${params.join('&')}` : '');
  }
  const next = tail.trimStart().split(/\s/, 1)[0] ?? '';
  if (next && isRangeToken(next)) tail = tail.trimStart().slice(next.length);
  const from = Math.max(0, start);
  // A token needs both ends; an open end is written as a media fragment instead.
  const ranged =
    end < 0
      ? `${address}${address.includes('#') ? '&' : '#'}t=${from}`
      : `${address} ${formatTimecode(from)}-${formatTimecode(end)}`;
  return `${first.slice(0, lead)}${ranged}${tail}${rest}`;
}
