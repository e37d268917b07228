/**
 * The help board (the user guide, owned by the admin user) toggles with back navigation: the
 * help button opens it beside the boards on screen; pressing it again, like going back, returns
 * to where the reader was.
 */
import { formatAddress, parseAddress } from '@listboard/core';

export const HELP_TITLE = 'help';

const isHelp = (s: { owner: string; title: string }, adminUser: string) =>
  s.owner === adminUser && s.title === HELP_TITLE;

export function showsHelp(pathname: string, adminUser: string): boolean {
  return parseAddress(pathname).segments.some((s) => isHelp(s, adminUser));
}

/**
 * Where the help button leads from here: the boards on screen with the help board chained on,
 * or the help board alone from a named page or a search.
 */
export function helpAddress(pathname: string, search: string, adminUser: string): string {
  const { segments } = parseAddress(pathname);
  if (search || segments.length === 0) return `/${adminUser}/${HELP_TITLE}`;
  return formatAddress({
    segments: [...segments, { owner: adminUser, title: HELP_TITLE }],
    query: null,
    hash: null,
  });
}

/** The address without the help board; null when nothing else was on screen. */
export function withoutHelp(pathname: string, adminUser: string): string | null {
  const rest = parseAddress(pathname).segments.filter((s) => !isHelp(s, adminUser));
  return rest.length ? formatAddress({ segments: rest, query: null, hash: null }) : null;
}

/** The help address this tab last opened with the button, so pressing it again can go back. */
let opened: string | null = null;

export interface HelpNav {
  navigate(to: string): void;
  back(): void;
}

export function toggleHelp(nav: HelpNav, adminUser: string, here = window.location): void {
  const { pathname, search } = here;
  if (showsHelp(pathname, adminUser)) {
    if (opened === `${pathname}${search}`) {
      opened = null;
      nav.back();
    } else {
      nav.navigate(withoutHelp(pathname, adminUser) ?? '/');
    }
    return;
  }
  const to = helpAddress(pathname, search, adminUser);
  opened = to;
  nav.navigate(to);
}
