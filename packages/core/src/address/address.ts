import { decodePart as decode, joinQueryAndHash, splitUrl } from './url';

/** One board of a chained address. */
export interface Segment {
  owner: string;
  title: string;
}

/** A board address: the chained boards, the optional ?query and the optional #anchor. */
export interface Address {
  segments: Segment[];
  /** Raw query text without the '?', e.g. '--searched--'; null when absent. */
  query: string | null;
  /** Raw anchor text without the '#'; null when absent. */
  hash: string | null;
}

/**
 * Cache key of a board. Owners are usernames, which cannot contain '/', so the key is
 * unambiguous and reads like the address itself.
 */
export function boardKey(owner: string, title: string): string {
  return `${owner}/${title}`;
}

/**
 * Reads `/{owner}/{title};{title};{owner2}/{title2}?query#anchor`. Never throws: a segment
 * that cannot be read (no owner to inherit, too many '/', blank parts) is skipped, so garbage
 * gives an address with no segments. Path parts are percent-decoded; query and hash are kept raw.
 */
export function parseAddress(path: string): Address {
  const { path: chain, query, hash } = splitUrl(typeof path === 'string' ? path : '');
  const segments: Segment[] = [];
  let owner: string | null = null;
  for (const raw of chain.split(';')) {
    const parts = raw
      .split('/')
      .filter((p) => p.length > 0)
      .map(decode);
    if (parts.some((p) => p.trim() === '')) continue;
    const [first, second, ...more] = parts;
    if (first === undefined || more.length > 0) continue;
    if (second !== undefined) {
      owner = first;
      segments.push({ owner, title: second });
    } else if (owner !== null) {
      segments.push({ owner, title: first });
    }
  }
  return { segments, query, hash };
}

/** Writes an address in canonical form: an owner equal to the previous one is left out. */
export function formatAddress(address: Address): string {
  const chain = address.segments
    .map((s, i) => {
      const title = encodeURIComponent(s.title);
      const previous = address.segments[i - 1];
      return previous && previous.owner === s.owner
        ? title
        : `${encodeURIComponent(s.owner)}/${title}`;
    })
    .join(';');
  return `/${chain}${joinQueryAndHash(address.query, address.hash)}`;
}
