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

/**
 * A web address as a person types it: one copied without its scheme ('example.org/page',
 * 'www.example.org:8080/a', '//cdn.example.org/x') gets https:// before it; anything else is given
 * back trimmed, for whoever reads it to accept or refuse ('localhost:3000' and 'mailto:a@b.org'
 * keep their own scheme; text with spaces or without a dotted host is not an address).
 */
export function withScheme(typed: string): string {
  const text = typed.trim();
  if (text.startsWith('//')) return `https:${text}`;
  const host = /^[^\s/?#:@]+\.[^\s/?#:@]*[^\s/?#:@.]/.exec(text)?.[0];
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  // A dotted host followed by ':' and digits is a host and its port, not a scheme.
  const hostAndPort = host !== undefined && /^:\d+(?:[/?#]|$)/.test(text.slice(host.length));
  if (hasScheme && !hostAndPort) return text;
  return host !== undefined && !/\s/.test(text) ? `https://${text}` : text;
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
