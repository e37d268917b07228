/**
 * A part of an address decoded where it can be: a stray '%' (an address typed as "50%-off") is
 * kept as written instead of failing what reads it.
 */
export function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A URL or path cut into its path, its query (after '?') and its hash (after '#'). */
export interface UrlParts {
  path: string;
  /** null when there is no '?'; '' when the '?' has nothing after it. */
  query: string | null;
  /** null when there is no '#'; '' when the '#' has nothing after it. */
  hash: string | null;
}

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** Accepts a bare path or a whole URL; the scheme and host of a whole URL are dropped. */
export function splitUrl(url: string): UrlParts {
  let rest = url.replace(ORIGIN, '');
  let hash: string | null = null;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    hash = rest.slice(hashAt + 1);
    rest = rest.slice(0, hashAt);
  }
  let query: string | null = null;
  const queryAt = rest.indexOf('?');
  if (queryAt >= 0) {
    query = rest.slice(queryAt + 1);
    rest = rest.slice(0, queryAt);
  }
  return { path: rest, query, hash };
}

export function joinQueryAndHash(query: string | null, hash: string | null): string {
  return (query === null ? '' : `?${query}`) + (hash === null ? '' : `#${hash}`);
}
