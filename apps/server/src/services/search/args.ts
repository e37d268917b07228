/**
 * Search arguments (spec section 3) read from the query of a board address, e.g.
 * `/{user}/home;{title}?searchStr=video&by=text&bucket=week&page=0`, and checked with the spec's
 * messages. The encoding is documented once, in SEARCH_QUERY_DOC, which the OpenAPI description
 * of load_search shows.
 */
import {
  DEFAULT_SEARCH_BUCKET,
  DEFAULT_SEARCH_USERS,
  SEARCHED_QUERY,
  SEARCH_BUCKETS,
  SEARCH_TYPES,
  SORT_CRITERIA,
  TIME_ZONES,
  clampPage,
  searchWindow,
  validateSearchArgs,
  zoneOf,
  type SearchArgs,
} from '@listboard/core';
import { badRequest } from '../../lib/errors';

export type { SearchArgs };

/** The date window a search is limited to, in ms; stop excluded, null when open. */
export interface DateWindow {
  start: number;
  stop: number | null;
}

export const SEARCH_QUERY_DOC = [
  'General search: the address query holds the search arguments, URL-encoded, e.g. ',
  '`/{user}/home;{title}?searchStr=video%20notes&by=text&users=me&bucket=week&page=0`. A query with',
  '`searchStr` or `by` is a general search (guests too; saving needs an account); one with `code`',
  'a custom search.',
  '',
  '- `searchStr`: the text, label, tag or date range to look for. Text search is PostgreSQL full text:',
  '  words must all match, `"a phrase"` matches words in order, `word*` matches a prefix, `-word` excludes,',
  '  `a or b` matches either; words match as typed, without stemming; hits are ranked by relevance.',
  '  `by=date` takes `A--B` (B may be left out) in any of the date formats of spec section 5, and',
  '  matches items created from the start of A to the end of B.',
  `- \`by\`: ${SEARCH_TYPES.join(', ')} (default text). label = annotation labels (the @label links);`,
  '  tags = item labels `name` or `name:value` (the !tag links; a blank tags search finds every labelled',
  '  item); author/coauthor/contributor find boards of the chosen users whose title matches searchStr (if any).',
  `- \`users\`: ${DEFAULT_SEARCH_USERS} (default), all, or comma-separated usernames: whose items (or boards) to search.`,
  '- `circle`: only users of this circle.',
  '- `start`, `stop`: a date window on any search (same formats); with by=date and no searchStr they give the range.',
  `- \`zone\`: ${TIME_ZONES.join(', ')} (default eastern), for dates and day/week/month buckets.`,
  `- \`bucket\`: ${SEARCH_BUCKETS.join(', ')} (default ${DEFAULT_SEARCH_BUCKET}): one results list per bucket.`,
  `- \`sort\`: ${SORT_CRITERIA.join(', ')} (default: relevance for text, else newest first). ` +
    'User Field 1 is the value of an item’s first label (a board’s alternative title).',
  '- `ascend`: true or false; default A to Z for names, newest first for dates and relevance.',
  '- `items`, `replies`, `annos`, `notes`: each true by default; false leaves that kind of item out.',
  '- `mode`: links (default) or collect; `collect=true` is the same as mode=collect.',
  '- `save`: true stores the results (up to the first 1,000) as a board owned by the caller; the same',
  '  search saved twice gives the same board. Results only the caller may see become private items.',
  '- `title`: title of the results board and of a saved search (default `Search: {searchStr}`).',
  '- `page`: 0 to 100, 50 hits a page.',
  'Booleans are true, false, 1, 0, or the bare name for true. `?' +
    SEARCHED_QUERY +
    '` may precede the arguments.',
].join('\n');

const TRUE = new Set(['', 'true', '1', 'yes', 'on']);
const FALSE = new Set(['false', '0', 'no', 'off']);

function bool(params: URLSearchParams, name: string): boolean | null {
  const v = params.get(name);
  if (v === null) return null;
  const t = v.trim().toLowerCase();
  if (TRUE.has(t)) return true;
  if (FALSE.has(t)) return false;
  throw badRequest(`Invalid search argument ${name}: ${v}`);
}

function oneOf<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
  what: string,
): T {
  const v = params.get(name);
  if (v === null || v.trim() === '') return fallback;
  const found = allowed.find((a) => a.toLowerCase() === v.trim().toLowerCase());
  if (!found) throw badRequest(`Unknown ${what}: ${v}`);
  return found;
}

/** True when the query asks for a general search rather than a custom code. */
export function isGeneralSearch(params: URLSearchParams): boolean {
  return params.has('searchStr') || params.has('by');
}

export function readSearchArgs(params: URLSearchParams): SearchArgs {
  const usersText = (params.get('users') ?? '').trim();
  const users: SearchArgs['users'] =
    usersText === '' || usersText.toLowerCase() === 'me'
      ? 'me'
      : usersText.toLowerCase() === 'all'
        ? 'all'
        : usersText
            .split(',')
            .map((u) => u.trim())
            .filter(Boolean);
  const mode = oneOf(params, 'mode', ['links', 'collect'] as const, 'links', 'search mode');
  const sortText = params.get('sort');
  return {
    searchStr: params.get('searchStr') ?? '',
    by: oneOf(params, 'by', SEARCH_TYPES, 'text', 'search type'),
    users,
    start: (params.get('start') ?? '').trim(),
    stop: (params.get('stop') ?? '').trim(),
    collect: bool(params, 'collect') ?? mode === 'collect',
    save: bool(params, 'save') ?? false,
    bucket: oneOf(params, 'bucket', SEARCH_BUCKETS, DEFAULT_SEARCH_BUCKET, 'search bucket'),
    ascend: bool(params, 'ascend'),
    circle: params.get('circle')?.trim() || null,
    items: bool(params, 'items') ?? true,
    replies: bool(params, 'replies') ?? true,
    annos: bool(params, 'annos') ?? true,
    notes: bool(params, 'notes') ?? true,
    sort:
      sortText === null || sortText.trim() === ''
        ? null
        : oneOf(params, 'sort', SORT_CRITERIA, SORT_CRITERIA[0], 'sort'),
    zone: zoneOf(params.get('zone')),
    page: clampPage(Number(params.get('page') ?? 0)),
    title: params.get('title')?.trim() || null,
  };
}

/**
 * Checks the arguments with core's validators and the full date grammar; throws a 400 with the
 * spec's message. Returns the date window the search is limited to, if any.
 */
export function checkSearchArgs(args: SearchArgs): DateWindow | null {
  const problem = validateSearchArgs(args);
  if (problem) throw badRequest(problem);
  return searchWindow(args);
}
