import { describe, expect, it } from 'vitest';
import type { PublicUser, Role } from '@listboard/core';
import { TOURS, autoTour, chooseTour, isIos18, tourPlaceOf, tourRoleOf } from './tours';

const person = (username: string, roles: Role[], toured: string[] = []): PublicUser => ({
  _id: `id-${username}`,
  username,
  email: null,
  roles,
  fullname: username,
  circle: null,
  groups: [],
  nodashboard: false,
  emailVerified: true,
  fields: { touredBoardCategs: toured },
});
const author = person('author', ['author']);
const reader = person('reader', ['reader']);
const demo = person('demo', ['demo', 'reader']);
const env = { ios18: false, webdriver: false };

describe('which tours exist', () => {
  it('has author home, profile, listings, discussion; reader home, profile; demo home, about', () => {
    expect(Object.keys(TOURS.author).sort()).toEqual(['discussion', 'home', 'listings', 'profile']);
    expect(Object.keys(TOURS.reader).sort()).toEqual(['home', 'profile']);
    expect(Object.keys(TOURS.demo).sort()).toEqual(['about', 'home']);
  });

  it('gives demo accounts the demo tours and the admin the author tours', () => {
    expect(tourRoleOf(demo)).toBe('demo');
    expect(tourRoleOf(person('admin', ['lbadmin', 'author']))).toBe('author');
    expect(tourRoleOf(reader)).toBe('reader');
    expect(tourRoleOf(person('guest', ['guest']))).toBeNull();
  });
});

describe('where a tour applies', () => {
  it('reads the page from the address', () => {
    expect(tourPlaceOf('/author/home', '')).toEqual({
      page: 'home',
      owner: 'author',
      title: 'home',
    });
    expect(tourPlaceOf('/author/home', '?code=myBoards&username=author').page).toBe('listings');
    expect(tourPlaceOf('/author/home', '?code=pending&username=author').page).toBe('discussion');
    expect(tourPlaceOf('/demo/home', '?code=about').page).toBe('about');
    expect(tourPlaceOf('/reader/home', '?code=profile').page).toBe('profile');
    expect(tourPlaceOf('/author/course', '')).toEqual({
      page: null,
      owner: 'author',
      title: 'course',
    });
  });

  it('starts the tour of the page for its owner', () => {
    const choice = chooseTour(author, tourPlaceOf('/author/home', ''), env);
    expect(choice).toMatchObject({ kind: 'start', category: 'author-home' });
  });

  it('has no tour for someone else’s board, nor for a page without one', () => {
    expect(chooseTour(reader, tourPlaceOf('/author/home', ''), env)).toEqual({
      kind: 'refuse',
      message: 'You (reader) have no tour for: author/home',
    });
    expect(chooseTour(author, tourPlaceOf('/author/course', ''), env)).toEqual({
      kind: 'refuse',
      message: 'You (author) have no tour for: author/course',
    });
    expect(chooseTour(reader, tourPlaceOf('/reader/home', '?code=myBoards'), env)).toMatchObject({
      kind: 'refuse',
      message: 'You (reader) have no tour for: reader/listings',
    });
  });

  it('is disabled on iOS 18', () => {
    expect(chooseTour(author, tourPlaceOf('/author/home', ''), { ios18: true })).toEqual({
      kind: 'refuse',
      message: 'Tour is disabled due to a bug in iOS 18',
    });
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1';
    expect(isIos18(iphone)).toBe(true);
    expect(isIos18(iphone.replace('18_1', '17_6'))).toBe(false);
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/18.0 Safari/605.1.15';
    expect(isIos18(ipad, 5)).toBe(true);
    expect(isIos18(ipad, 0)).toBe(false);
  });
});

describe('starting by itself', () => {
  const home = tourPlaceOf('/author/home', '');

  it('runs until the category has been toured once', () => {
    expect(autoTour(author, home, env)).toMatchObject({ category: 'author-home' });
    expect(autoTour(person('author', ['author'], ['author-home']), home, env)).toBeNull();
  });

  it('never under automated testing, never on iOS 18, never for someone else', () => {
    expect(autoTour(author, home, { ios18: false, webdriver: true })).toBeNull();
    expect(autoTour(author, home, { ios18: true, webdriver: false })).toBeNull();
    expect(autoTour(reader, home, env)).toBeNull();
  });
});
