/**
 * Search results in the address (spec section 2): the results board is the last board of a
 * chained link whose query holds the search, e.g.
 * `/author/plant-biology;guest/results?--searched--&searchStr=fox&by=text&page=2`.
 * The boards before it load as usual; the last one is asked of load_search.
 */
import {
  decodePart,
  SEARCHED_QUERY,
  SEARCH_PAGE_MAX,
  SEARCH_PAGE_MIN,
  clampPage,
  formatAddress,
  parseAddress,
} from '@listboard/core';

/** Title of the results board's place in the chain; the server names the board itself. */
export const RESULTS_SEGMENT = 'results';

const queryOf = (search: string) => (search.startsWith('?') ? search.slice(1) : search);

/** A custom code (`code=pending`), search arguments, or the `--searched--` marker. */
export function isSearchQuery(search: string): boolean {
  const query = queryOf(search);
  if (query === '') return false;
  const params = new URLSearchParams(query);
  return (
    params.has('code') ||
    params.has('searchStr') ||
    params.has('by') ||
    query.split('&').includes(SEARCHED_QUERY)
  );
}

export interface SplitAddress {
  /** The boards before the results, as a path; '' when the results stand alone. */
  chain: string;
  /** The address load_search runs, or null when the address holds no search. */
  results: string | null;
}

export function splitSearchAddress(pathname: string, search: string): SplitAddress {
  if (!isSearchQuery(search)) return { chain: pathname, results: null };
  const { segments } = parseAddress(pathname);
  const before = segments.slice(0, -1);
  return {
    chain: before.length ? formatAddress({ segments: before, query: null, hash: null }) : '',
    results: `${pathname}?${queryOf(search)}`,
  };
}

/**
 * The address of a new search from the page at pathname+search: the boards on screen (without
 * the results of an earlier search) and then the results, owned by the searcher.
 */
export function searchHref(
  pathname: string,
  search: string,
  username: string,
  params: URLSearchParams,
): string {
  const { chain } = splitSearchAddress(pathname, search);
  const segments = [...parseAddress(chain).segments, { owner: username, title: RESULTS_SEGMENT }];
  const args = params.toString();
  return formatAddress({
    segments,
    query: args ? `${SEARCHED_QUERY}&${args}` : SEARCHED_QUERY,
    hash: null,
  });
}

/** The search query with one argument set (or removed when value is null); the rest kept as is. */
export function withArg(search: string, name: string, value: string | null): string {
  const parts = queryOf(search)
    .split('&')
    .filter((p) => p !== '' && decodePart(p.split('=', 1)[0] ?? '') !== name);
  if (value !== null) parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The page of results the address asks for: 0 to 100. */
export function pageOf(search: string): number {
  const raw = new URLSearchParams(queryOf(search)).get('page');
  return raw === null || raw.trim() === '' ? SEARCH_PAGE_MIN : clampPage(Number(raw));
}

export type PageStep = { ok: true; search: string } | { ok: false; reason: 'first' | 'last' };

/** The query of the previous or next page; refused before page 0 and after page 100. */
export function stepPage(search: string, step: -1 | 1): PageStep {
  const page = pageOf(search);
  if (step < 0 && page <= SEARCH_PAGE_MIN) return { ok: false, reason: 'first' };
  if (step > 0 && page >= SEARCH_PAGE_MAX) return { ok: false, reason: 'last' };
  return { ok: true, search: withArg(search, 'page', String(page + step)) };
}

/** The address on screen (the router keeps window.location in step). */
export const here = () => ({ pathname: window.location.pathname, search: window.location.search });
