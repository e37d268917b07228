/**
 * The named pages of spec section 2 that are not boards: each lives at
 * /{user}/home?code={page}, beside the Listings and Discussion searches on the same address.
 */
import { parseAddress } from '@listboard/core';

export const PAGE_IDS = ['profile', 'about', 'contents', 'users', 'activity', 'accounts'] as const;
export type PageId = (typeof PAGE_IDS)[number];

export const PAGE_TITLES: Record<PageId, string> = {
  profile: 'Profile',
  about: 'About',
  contents: 'Contents',
  users: 'Users',
  activity: 'Activity',
  accounts: 'All users',
};

/** Whose named page an address shows: the owner it names, else the viewer's own. */
export const pageOwner = (path: string, viewer: string | undefined): string =>
  parseAddress(path).segments[0]?.owner ?? viewer ?? '';

/** A named page's title: a profile not the viewer's own says whose it is. */
export const namedPageTitle = (page: PageId, owner: string, viewer: string | undefined): string =>
  page === 'profile' && owner !== viewer ? `Profile of ${owner}` : PAGE_TITLES[page];

/** The named page an address's query asks for, if any. */
export function namedPageOf(search: string): PageId | null {
  const code = new URLSearchParams(search).get('code');
  return (PAGE_IDS as readonly string[]).includes(code ?? '') ? (code as PageId) : null;
}

export const pageHref = (username: string, page: PageId) => `/${username}/home?code=${page}`;
