/**
 * Actions that belong to the site rather than to one board: the admin tools and the users
 * board. Same shape as the board rule table, so the server checks and the web hides controls
 * from one place.
 */
import { ADMIN_USER } from '../constants';
import { isGuestUser, isSiteAdmin, roleFor, type PolicyBoard, type PolicyUser } from './roles';

export const SITE_ACTIONS = [
  /** Read the audit log of writes. */
  'activity',
  /** See every account; change roles and fields; add and deregister users. */
  'manageUsers',
  /** See who is signed in now (the users board). */
  'usersOnline',
  /** Register and remove LTI platforms; rotate the tool's signing key. */
  'manageLti',
] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];

/** Who may take each site action: the site admin only, or anyone signed in (not the guest). */
export const SITE_RULES: Readonly<Record<SiteAction, 'admin' | 'signedIn'>> = {
  activity: 'admin',
  manageUsers: 'admin',
  usersOnline: 'signedIn',
  manageLti: 'admin',
};

export function canSite(user: PolicyUser | null, action: SiteAction): boolean {
  return SITE_RULES[action] === 'admin' ? isSiteAdmin(user) : !isGuestUser(user);
}

/**
 * Whose listings (Discussion, my notes, the notes on their boards) a user may open, and follow
 * live: their own; a site admin, anyone's. The guest has none.
 */
export function mayListFor(user: PolicyUser | null, owner: string): boolean {
  if (!user || isGuestUser(user)) return false;
  return user.username === owner || isSiteAdmin(user);
}

/** The role link items of a dashboard (spec section 2, named pages). */
export type DashboardLink =
  'profile' | 'listings' | 'discussion' | 'help' | 'home' | 'about' | 'contents';

export const ROLE_DASHBOARD_LINKS: readonly DashboardLink[] = [
  'profile',
  'listings',
  'discussion',
  'help',
  'home',
];
export const DEMO_DASHBOARD_LINKS: readonly DashboardLink[] = ['about', 'contents', 'help', 'home'];

/**
 * Dashboard links by role: author, contributor and reader get profile, listings, discussion,
 * help and home; demo users get about, contents, help and home; a board owned by the admin user
 * gets none. The spec names no links for editors or guests, so they get none.
 */
export function dashboardLinks(
  user: PolicyUser | null,
  board: PolicyBoard,
  adminUser: string = ADMIN_USER,
): readonly DashboardLink[] {
  if (board.owner === adminUser || user === null || isGuestUser(user)) return [];
  if (user.roles.includes('demo')) return DEMO_DASHBOARD_LINKS;
  const role = roleFor(user, board);
  return role === 'author' || role === 'contributor' || role === 'reader'
    ? ROLE_DASHBOARD_LINKS
    : [];
}
