/**
 * Where an internal link leads under the display mode (spec section 4): append (the default)
 * opens the linked board beside the boards shown, as the next board of the chain;
 * replace_global shows the link's address alone. A link that is itself a chain, or carries a
 * query (search results), is taken as written in both modes.
 */
import {
  formatAddress,
  parseAddress,
  pathTitle,
  type DisplayMode,
  type Segment,
} from '@listboard/core';

const key = (s: Segment) => `${s.owner}/${pathTitle(s.title)}`;

export function linkDestination(current: string, target: string, mode: DisplayMode): string {
  if (mode === 'replace_global') return target;
  const cur = parseAddress(current);
  const to = parseAddress(target);
  const board = to.segments[0];
  if (!board || to.segments.length !== 1 || to.query || cur.query || cur.segments.length === 0)
    return target;
  // A board already in the chain is not loaded twice: the address stays, with the link's anchor.
  const segments = cur.segments.some((s) => key(s) === key(board))
    ? cur.segments
    : [...cur.segments, board];
  return formatAddress({ segments, query: null, hash: to.hash });
}
