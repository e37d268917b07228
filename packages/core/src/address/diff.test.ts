import { describe, expect, it } from 'vitest';
import { parseAddress } from './address';
import { diffAddresses } from './diff';

const diff = (from: string, to: string, force = false) =>
  diffAddresses(parseAddress(from), parseAddress(to), { force });

describe('diffAddresses', () => {
  it('identical: keeps everything and loads nothing', () => {
    expect(diff('/bob/home;a;b', '/bob/home;a;b')).toEqual({
      relation: 'identical',
      keep: 3,
      load: [],
    });
  });

  it('identical: ignores a changed anchor', () => {
    expect(diff('/bob/home;a#one', '/bob/home;a#two').relation).toBe('identical');
  });

  it('identical: two empty addresses', () => {
    expect(diff('/', '/')).toEqual({ relation: 'identical', keep: 0, load: [] });
  });

  it('prefix: loads only the boards the new address adds', () => {
    expect(diff('/bob/home', '/bob/home;a;ann/b')).toEqual({
      relation: 'prefix',
      keep: 1,
      load: [
        { owner: 'bob', title: 'a' },
        { owner: 'ann', title: 'b' },
      ],
    });
  });

  it('prefix: closing the last boards keeps the rest and loads nothing', () => {
    expect(diff('/bob/home;a;b', '/bob/home')).toEqual({ relation: 'prefix', keep: 1, load: [] });
  });

  it('common-prefix: keeps the shared head and loads the new tail', () => {
    expect(diff('/bob/home;a;b', '/bob/home;c;b')).toEqual({
      relation: 'common-prefix',
      keep: 1,
      load: [
        { owner: 'bob', title: 'c' },
        { owner: 'bob', title: 'b' },
      ],
    });
  });

  it('common-prefix: the same title under another owner is another board', () => {
    expect(diff('/bob/home;a', '/bob/home;ann/a')).toMatchObject({
      relation: 'common-prefix',
      keep: 1,
    });
  });

  it('intersection: shares a board but not the first one', () => {
    expect(diff('/bob/home;a', '/ann/home;bob/a')).toEqual({
      relation: 'intersection',
      keep: 0,
      load: [
        { owner: 'ann', title: 'home' },
        { owner: 'bob', title: 'a' },
      ],
    });
    expect(diff('/bob/a;b', '/bob/b;a').relation).toBe('intersection');
  });

  it('disjoint: nothing in common', () => {
    expect(diff('/bob/home;a', '/ann/home;b')).toEqual({
      relation: 'disjoint',
      keep: 0,
      load: [
        { owner: 'ann', title: 'home' },
        { owner: 'ann', title: 'b' },
      ],
    });
  });

  it('disjoint: from nothing or to nothing', () => {
    expect(diff('/', '/bob/home')).toMatchObject({ relation: 'disjoint', keep: 0 });
    expect(diff('/bob/home', '/')).toEqual({ relation: 'disjoint', keep: 0, load: [] });
  });

  it('treats a changed query as a change of the last board', () => {
    expect(diff('/admin/home;results?a', '/admin/home;results?b')).toEqual({
      relation: 'common-prefix',
      keep: 1,
      load: [{ owner: 'admin', title: 'results' }],
    });
    expect(diff('/admin/home;results', '/admin/home;results?--searched--')).toMatchObject({
      relation: 'common-prefix',
      keep: 1,
    });
  });

  it('moves the query with the last board', () => {
    // home was showing results for ?x; now a plain home precedes the results board.
    expect(diff('/admin/home?x', '/admin/home;results?x')).toEqual({
      relation: 'intersection',
      keep: 0,
      load: [
        { owner: 'admin', title: 'home' },
        { owner: 'admin', title: 'results' },
      ],
    });
    expect(diff('/admin/home', '/admin/home;results?--searched--')).toMatchObject({
      relation: 'prefix',
      keep: 1,
    });
  });

  it('force: reloads every board but still reports the relation', () => {
    expect(diff('/bob/home;a', '/bob/home;a', true)).toEqual({
      relation: 'identical',
      keep: 0,
      load: [
        { owner: 'bob', title: 'home' },
        { owner: 'bob', title: 'a' },
      ],
    });
    expect(diff('/bob/home', '/bob/home;a', true)).toMatchObject({ relation: 'prefix', keep: 0 });
  });
});
