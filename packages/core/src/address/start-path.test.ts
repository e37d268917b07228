import { describe, expect, it } from 'vitest';
import {
  afterSignInPath,
  clampPage,
  joinLinkPath,
  readStartParams,
  resolveStartPath,
  type StartContext,
} from './start-path';

const nobody: StartContext = { username: null, isAdmin: false, isGuest: false };
const guest: StartContext = { username: 'guest', isAdmin: false, isGuest: true };
const bob: StartContext = { username: 'bob', isAdmin: false, isGuest: false };
const admin: StartContext = { username: 'admin', isAdmin: true, isGuest: false };
const otherAdmin: StartContext = { username: 'root', isAdmin: true, isGuest: false };

describe('resolveStartPath', () => {
  it("sends '/' to the signed-in user's root board", () => {
    expect(resolveStartPath('/', bob)).toBe('/bob/home');
  });

  it("sends '/' to the admin user's root board for a guest or before sign-in", () => {
    expect(resolveStartPath('/', guest)).toBe('/admin/home');
    expect(resolveStartPath('/', nobody)).toBe('/admin/home');
    expect(resolveStartPath('', nobody)).toBe('/admin/home');
  });

  it("sends '/{name}' to that user's root board", () => {
    expect(resolveStartPath('/ann', bob)).toBe('/ann/home');
    expect(resolveStartPath('/ann/', guest)).toBe('/ann/home');
  });

  it("sends '/privacy' to the admin's privacy board", () => {
    expect(resolveStartPath('/privacy', bob)).toBe('/admin/privacy');
  });

  it("sends '/terms' and '/terms-of-use' to the admin's terms board", () => {
    expect(resolveStartPath('/terms', guest)).toBe('/admin/terms-of-use');
    expect(resolveStartPath('/terms-of-use/', bob)).toBe('/admin/terms-of-use');
  });

  it('keeps a longer path with the trailing slash removed', () => {
    expect(resolveStartPath('/ann/recipes', bob)).toBe('/ann/recipes');
    expect(resolveStartPath('/ann/recipes/', bob)).toBe('/ann/recipes');
    expect(resolveStartPath('/ann/home;recipes//', bob)).toBe('/ann/home;recipes');
  });

  it("sends a plain signed-in user from '/admin/home' to their own root board", () => {
    expect(resolveStartPath('/admin/home', bob)).toBe('/bob/home');
    expect(resolveStartPath('/admin/home/', bob)).toBe('/bob/home');
  });

  it("leaves '/admin/home' alone for an admin, a guest and before sign-in", () => {
    expect(resolveStartPath('/admin/home', admin)).toBe('/admin/home');
    expect(resolveStartPath('/admin/home', otherAdmin)).toBe('/admin/home');
    expect(resolveStartPath('/admin/home', guest)).toBe('/admin/home');
    expect(resolveStartPath('/admin/home', nobody)).toBe('/admin/home');
  });

  it('redirects only the bare admin root board, not a chain starting with it', () => {
    expect(resolveStartPath('/admin/home;about', bob)).toBe('/admin/home;about');
  });

  it('keeps the query and hash', () => {
    expect(resolveStartPath('/ann/home;results?--searched--#top', bob)).toBe(
      '/ann/home;results?--searched--#top',
    );
    expect(resolveStartPath('/?page=3#x', bob)).toBe('/bob/home?page=3#x');
    expect(resolveStartPath('/ann?q', bob)).toBe('/ann/home?q');
    expect(resolveStartPath('/admin/home/#intro', bob)).toBe('/bob/home#intro');
  });

  it.each(['resetPasswordToken=abc', 'verifyEmailToken=abc', 'verifyEmailStatus=success'])(
    'drops query and hash when %s is present',
    (param) => {
      expect(resolveStartPath(`/?${param}#x`, nobody)).toBe('/admin/home');
      expect(resolveStartPath(`/ann/notes?page=2&${param}#x`, bob)).toBe('/ann/notes');
    },
  );

  it('drops them for a blank one-shot parameter too', () => {
    expect(resolveStartPath('/bob/home?resetPasswordToken=', bob)).toBe('/bob/home');
  });

  it('uses the configured root board and admin user', () => {
    const ctx = { ...bob, rootBoard: 'start', adminUser: 'site' };
    expect(resolveStartPath('/', ctx)).toBe('/bob/start');
    expect(resolveStartPath('/', { ...nobody, rootBoard: 'start', adminUser: 'site' })).toBe(
      '/site/start',
    );
    expect(resolveStartPath('/ann', ctx)).toBe('/ann/start');
    expect(resolveStartPath('/privacy', ctx)).toBe('/site/privacy');
    expect(resolveStartPath('/site/start', ctx)).toBe('/bob/start');
    expect(resolveStartPath('/admin/home', ctx)).toBe('/admin/home');
  });

  it('accepts a whole URL', () => {
    expect(resolveStartPath('https://listboard.example/terms?x=1', bob)).toBe(
      '/admin/terms-of-use?x=1',
    );
  });

  it('does not treat inherited object keys as admin pages', () => {
    expect(resolveStartPath('/constructor', bob)).toBe('/constructor/home');
  });
});

describe('clampPage', () => {
  it.each([
    [0, 0],
    [7, 7],
    [100, 100],
    [101, 100],
    [-1, 0],
    [2.9, 2],
    [NaN, 0],
    [Infinity, 100],
    [-Infinity, 0],
  ])('%d -> %d', (n, expected) => {
    expect(clampPage(n)).toBe(expected);
  });
});

describe('readStartParams', () => {
  it('reads the tokens, the status and the page', () => {
    expect(
      readStartParams(
        '/?resetPasswordToken=r1&verifyEmailToken=v%2B2&verifyEmailStatus=error_expired&page=4',
      ),
    ).toEqual({
      resetPasswordToken: 'r1',
      verifyEmailToken: 'v+2',
      verifyEmailStatus: 'error_expired',
      join: null,
      page: 4,
    });
  });

  it('gives nulls and page 0 when nothing is there', () => {
    expect(readStartParams('/bob/home#page=3')).toEqual({
      resetPasswordToken: null,
      verifyEmailToken: null,
      verifyEmailStatus: null,
      join: null,
      page: 0,
    });
  });

  it('reads the group of a join link, which the address then leaves out', () => {
    const link = joinLinkPath('/author/course', 'Tuesday Seminar & co');
    expect(link).toBe('/author/course?join=Tuesday%20Seminar%20%26%20co');
    expect(readStartParams(link).join).toBe('Tuesday Seminar & co');
    expect(readStartParams('/author/course?join=%20%20').join).toBeNull();
    expect(resolveStartPath(`${link}#week-2`, bob)).toBe('/author/course');
  });

  it('reads blank values as absent', () => {
    expect(readStartParams('/?resetPasswordToken=&page=').resetPasswordToken).toBeNull();
    expect(readStartParams('/?page=').page).toBe(0);
  });

  it('clamps the page', () => {
    expect(readStartParams('/?page=250').page).toBe(100);
    expect(readStartParams('/?page=-3').page).toBe(0);
    expect(readStartParams('/?page=abc').page).toBe(0);
  });
});

describe('afterSignInPath', () => {
  it('goes home from the front board, a guest’s own board or the bare site', () => {
    for (const here of ['/', '/admin/home', '/admin/home/', '/guest/home', '/admin/home?page=2']) {
      expect(afterSignInPath(here), here).toBe('/');
    }
    expect(afterSignInPath('/site/start', { adminUser: 'site', rootBoard: 'start' })).toBe('/');
  });

  it('stays on a board, a page or a note someone followed a link to', () => {
    for (const here of [
      '/author/course',
      '/author/course;week-2',
      '/author/home?code=pending&username=author#note-1',
      '/admin/privacy',
      '/ann/home',
    ]) {
      expect(afterSignInPath(here), here).toBe(here);
    }
  });
});
