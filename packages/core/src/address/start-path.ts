import { ADMIN_USER, GUEST_USER, ROOT_BOARD, SEARCH_PAGE_MAX, SEARCH_PAGE_MIN } from '../constants';
import { joinQueryAndHash, splitUrl } from './url';
import { own } from '../own';

export interface StartContext {
  /** Signed-in user, or null before sign-in. */
  username: string | null;
  isAdmin: boolean;
  isGuest: boolean;
  rootBoard?: string;
  adminUser?: string;
}

/** The query parameter of a reader group's join link. */
export const JOIN_PARAM = 'join';

/** A reader group's join link: the board's own address, asking to join the group. */
export const joinLinkPath = (boardPath: string, group: string): string =>
  `${boardPath}?${JOIN_PARAM}=${encodeURIComponent(group)}`;

/**
 * Parameters that act once on arrival and must not stay in the address bar. Ours: `join`, a
 * reader group's join link (`/{owner}/{board}?join={group}`), which opens the board and offers to
 * join the group.
 */
const ONE_SHOT_PARAMS = [
  'resetPasswordToken',
  'verifyEmailToken',
  'verifyEmailStatus',
  JOIN_PARAM,
] as const;

const PAGES_OF_ADMIN: Readonly<Record<string, string>> = {
  privacy: 'privacy',
  terms: 'terms-of-use',
  'terms-of-use': 'terms-of-use',
};

/** The search results page to show: a whole number from 0 to 100; NaN gives the first page. */
export function clampPage(n: number): number {
  if (Number.isNaN(n)) return SEARCH_PAGE_MIN;
  return Math.min(SEARCH_PAGE_MAX, Math.max(SEARCH_PAGE_MIN, Math.trunc(n)));
}

export interface StartParams {
  resetPasswordToken: string | null;
  verifyEmailToken: string | null;
  verifyEmailStatus: string | null;
  /** The group a join link offers to join. */
  join: string | null;
  /** Search results page, already clamped; 0 when absent or unreadable. */
  page: number;
}

/** The query parameters the start page acts on. Blank values read as absent. */
export function readStartParams(url: string): StartParams {
  const params = new URLSearchParams(splitUrl(url).query ?? '');
  const read = (name: string) => params.get(name) || null;
  const page = read('page');
  return {
    resetPasswordToken: read('resetPasswordToken'),
    verifyEmailToken: read('verifyEmailToken'),
    verifyEmailStatus: read('verifyEmailStatus'),
    join: read(JOIN_PARAM)?.trim() || null,
    page: page === null ? SEARCH_PAGE_MIN : clampPage(Number(page)),
  };
}

/**
 * The address to open for a URL the app was started with (spec section 2, start-path rules).
 *
 * The query and hash are dropped whenever a one-shot parameter is present, even a blank one,
 * so that reloading the page cannot replay a token; read them first with readStartParams.
 */
export function resolveStartPath(url: string, ctx: StartContext): string {
  const rootBoard = ctx.rootBoard ?? ROOT_BOARD;
  const adminUser = ctx.adminUser ?? ADMIN_USER;
  const { path, query, hash } = splitUrl(url);
  const signedInUser = ctx.username && !ctx.isGuest ? ctx.username : null;

  const params = new URLSearchParams(query ?? '');
  const dropExtras = ONE_SHOT_PARAMS.some((name) => params.has(name));
  const extras = dropExtras ? '' : joinQueryAndHash(query, hash);

  const trimmed = path.replace(/\/+$/, '').replace(/^\/*/, '/');
  if (trimmed === '/') return `/${signedInUser ?? adminUser}/${rootBoard}${extras}`;

  const name = trimmed.slice(1);
  if (!name.includes('/')) {
    const adminPage = own(PAGES_OF_ADMIN, name);
    return `${adminPage ? `/${adminUser}/${adminPage}` : `/${name}/${rootBoard}`}${extras}`;
  }

  if (trimmed === `/${adminUser}/${rootBoard}` && signedInUser && !ctx.isAdmin) {
    return `/${signedInUser}/${rootBoard}${extras}`;
  }
  return `${trimmed}${extras}`;
}

/**
 * Where a sign-in leaves the browser (spec section 3: home, where enabled). From the site's front
 * board, or a guest's own, it goes home: '/' (the new account's own board). From anything else
 * (a board, a Discussion page or a note a mail or a classmate linked to) it stays, so the person
 * who signed in to write on it is still on it, now as themselves.
 */
export function afterSignInPath(
  here: string,
  ctx: { rootBoard?: string; adminUser?: string; guestUser?: string } = {},
): string {
  const rootBoard = ctx.rootBoard ?? ROOT_BOARD;
  const fronts = [ctx.adminUser ?? ADMIN_USER, ctx.guestUser ?? GUEST_USER].map(
    (user) => `/${user}/${rootBoard}`,
  );
  const path = splitUrl(here).path.replace(/\/+$/, '') || '/';
  return path === '/' || fronts.includes(path) ? '/' : here;
}
