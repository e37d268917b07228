import { describe, expect, it } from 'vitest';
import { SITE_ACTIONS, canSite, dashboardLinks, mayListFor } from './site';
import type { PolicyBoard, PolicyUser } from './roles';

const user = (username: string, ...roles: string[]): PolicyUser => ({ username, roles });
const admin = user('admin', 'lbadmin', 'author');
const reader = user('rita', 'reader');
const guest = user('guest', 'guest');

describe('canSite', () => {
  it('keeps activity and user management to the site admin', () => {
    for (const who of [reader, user('olive', 'author'), user('dana', 'demo'), guest, null]) {
      expect(canSite(who, 'activity')).toBe(false);
      expect(canSite(who, 'manageUsers')).toBe(false);
    }
    for (const action of SITE_ACTIONS) expect(canSite(admin, action)).toBe(true);
  });

  it('shows the users board to anyone signed in, never to the shared guest account', () => {
    expect(canSite(reader, 'usersOnline')).toBe(true);
    expect(canSite(guest, 'usersOnline')).toBe(false);
    expect(canSite(user('guest', 'lbadmin'), 'usersOnline')).toBe(false);
    expect(canSite(null, 'usersOnline')).toBe(false);
  });
});

describe('mayListFor', () => {
  it('opens one’s own listings to oneself and anyone’s to the site admin, none to the guest', () => {
    expect(mayListFor(reader, 'rita')).toBe(true);
    expect(mayListFor(reader, 'olive')).toBe(false);
    expect(mayListFor(admin, 'olive')).toBe(true);
    expect(mayListFor(guest, 'guest')).toBe(false);
    expect(mayListFor(null, 'olive')).toBe(false);
  });
});

describe('dashboardLinks', () => {
  const home: PolicyBoard = {
    owner: 'olive',
    contributors: ['carl'],
    members: [{ username: 'eddie', privileges: ['edit'] }],
  };
  const roleLinks = ['profile', 'listings', 'discussion', 'help', 'home'];

  it('gives author, contributor and reader the role links', () => {
    expect(dashboardLinks(user('olive', 'author'), home)).toEqual(roleLinks);
    expect(dashboardLinks(user('carl', 'reader'), home)).toEqual(roleLinks);
    expect(dashboardLinks(reader, home)).toEqual(roleLinks);
  });

  it('gives demo users about, contents, help and home, on their board or another', () => {
    const demo = user('dana', 'demo', 'reader');
    expect(dashboardLinks(demo, home)).toEqual(['about', 'contents', 'help', 'home']);
    expect(dashboardLinks(demo, { owner: 'dana' })).toEqual(['about', 'contents', 'help', 'home']);
  });

  it('gives a board owned by the admin user no role link items', () => {
    expect(dashboardLinks(admin, { owner: 'admin' })).toEqual([]);
    expect(dashboardLinks(reader, { owner: 'admin' })).toEqual([]);
    expect(dashboardLinks(reader, { owner: 'root' }, 'root')).toEqual([]);
  });

  it('gives guests and editors none', () => {
    expect(dashboardLinks(guest, home)).toEqual([]);
    expect(dashboardLinks(null, home)).toEqual([]);
    expect(dashboardLinks(user('eddie', 'reader'), home)).toEqual([]);
  });
});
