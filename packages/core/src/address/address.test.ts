import { describe, expect, it } from 'vitest';
import { boardKey, formatAddress, parseAddress, type Address } from './address';

const seg = (owner: string, title: string) => ({ owner, title });

describe('parseAddress', () => {
  it('reads a single board', () => {
    expect(parseAddress('/bob/home')).toEqual({
      segments: [seg('bob', 'home')],
      query: null,
      hash: null,
    });
  });

  it('lets a segment without an owner inherit the previous owner', () => {
    expect(parseAddress('/bob/home;boards;recipes').segments).toEqual([
      seg('bob', 'home'),
      seg('bob', 'boards'),
      seg('bob', 'recipes'),
    ]);
  });

  it('switches owner where a segment names one, and inherits it afterwards', () => {
    expect(parseAddress('/bob/home;ann/notes;drafts').segments).toEqual([
      seg('bob', 'home'),
      seg('ann', 'notes'),
      seg('ann', 'drafts'),
    ]);
  });

  it('keeps the --searched-- query marker', () => {
    expect(parseAddress('/admin/home;results?--searched--')).toEqual({
      segments: [seg('admin', 'home'), seg('admin', 'results')],
      query: '--searched--',
      hash: null,
    });
  });

  it('reads query and anchor, the anchor taken first so it may contain "?"', () => {
    expect(parseAddress('/bob/home?code=notes&username=bob#intro')).toMatchObject({
      query: 'code=notes&username=bob',
      hash: 'intro',
    });
    expect(parseAddress('/bob/home#why?')).toMatchObject({ query: null, hash: 'why?' });
  });

  it('tells an empty query or anchor from an absent one', () => {
    expect(parseAddress('/bob/home?')).toMatchObject({ query: '', hash: null });
    expect(parseAddress('/bob/home#')).toMatchObject({ query: null, hash: '' });
  });

  it('ignores a trailing slash and empty segments', () => {
    expect(parseAddress('/bob/home/').segments).toEqual([seg('bob', 'home')]);
    expect(parseAddress('/bob/home;;x;').segments).toEqual([seg('bob', 'home'), seg('bob', 'x')]);
  });

  it('accepts a whole URL', () => {
    expect(parseAddress('https://example.org:8080/bob/home;x?q#h')).toEqual({
      segments: [seg('bob', 'home'), seg('bob', 'x')],
      query: 'q',
      hash: 'h',
    });
  });

  it('percent-decodes owner and title', () => {
    expect(parseAddress('/bob/my%20board;caf%C3%A9').segments).toEqual([
      seg('bob', 'my board'),
      seg('bob', 'café'),
    ]);
  });

  it('keeps a malformed percent escape as typed', () => {
    expect(parseAddress('/bob/100%').segments).toEqual([seg('bob', '100%')]);
  });

  it('skips segments it cannot read but keeps the rest', () => {
    expect(parseAddress('/bob/a/b;c').segments).toEqual([]);
    expect(parseAddress('/bob/home;a/b/c;d').segments).toEqual([
      seg('bob', 'home'),
      seg('bob', 'd'),
    ]);
    expect(parseAddress('/bob/%20;x').segments).toEqual([]);
  });

  it('gives no segments for garbage and never throws', () => {
    for (const garbage of ['', '/', 'bob', '/bob', ';;;', '???', '#', '%', '\u0000', ' / ']) {
      expect(parseAddress(garbage).segments).toEqual([]);
    }
    expect(() => parseAddress(undefined as unknown as string)).not.toThrow();
    expect(() => parseAddress(42 as unknown as string)).not.toThrow();
  });
});

describe('formatAddress', () => {
  it('leaves out an owner equal to the previous one', () => {
    const a: Address = {
      segments: [seg('bob', 'home'), seg('bob', 'boards'), seg('ann', 'x'), seg('bob', 'y')],
      query: null,
      hash: null,
    };
    expect(formatAddress(a)).toBe('/bob/home;boards;ann/x;bob/y');
  });

  it('appends query and anchor', () => {
    expect(
      formatAddress({ segments: [seg('admin', 'home')], query: '--searched--', hash: 'top' }),
    ).toBe('/admin/home?--searched--#top');
  });

  it('encodes characters that would change the address structure', () => {
    const a: Address = { segments: [seg('bob', 'a;b/c?d#e')], query: null, hash: null };
    expect(formatAddress(a)).toBe('/bob/a%3Bb%2Fc%3Fd%23e');
    expect(parseAddress(formatAddress(a))).toEqual(a);
  });

  it('writes an empty address as the root path', () => {
    expect(formatAddress({ segments: [], query: null, hash: null })).toBe('/');
  });
});

describe('boardKey', () => {
  it('tells boards apart by owner and title', () => {
    expect(boardKey('bob', 'home')).toBe('bob/home');
    expect(boardKey('bob', 'home')).not.toBe(boardKey('ann', 'home'));
  });
});

/** Small deterministic generator, so a failure can be replayed from its seed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pick(next: () => number, chars: string, min: number, max: number): string {
  const len = min + Math.floor(next() * (max - min + 1));
  let out = '';
  for (let i = 0; i < len; i++) out += chars.charAt(Math.floor(next() * chars.length));
  return out;
}

const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-_.';
const QUERY_CHARS = 'abcxyz0123=&-;/?+%';
const ANY_CHARS = 'ab/;?#%&= -.\u00e9';

/** A canonical address: owners repeated only when they change, safe characters only. */
function canonicalAddress(next: () => number): string {
  const owners = ['bob', 'ann', pick(next, NAME_CHARS, 1, 6)];
  const count = 1 + Math.floor(next() * 5);
  let previous: string | null = null;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const owner = owners[Math.floor(next() * owners.length)]!;
    const title = pick(next, NAME_CHARS, 1, 10);
    parts.push(owner === previous ? title : `${owner}/${title}`);
    previous = owner;
  }
  const query =
    next() < 0.4 ? `?${next() < 0.3 ? '--searched--' : pick(next, QUERY_CHARS, 0, 8)}` : '';
  const hash = next() < 0.3 ? `#${pick(next, ANY_CHARS, 0, 6)}` : '';
  return `/${parts.join(';')}${query}${hash}`;
}

describe('parse/format round trip', () => {
  it('formats a parsed canonical address back to the same string', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const x = canonicalAddress(rng(seed));
      expect(formatAddress(parseAddress(x)), `seed ${seed}`).toBe(x);
    }
  });

  it('reaches a fixed point after one pass on arbitrary strings', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const x = pick(rng(seed), ANY_CHARS, 0, 30);
      const once = formatAddress(parseAddress(x));
      expect(formatAddress(parseAddress(once)), `seed ${seed}: ${JSON.stringify(x)}`).toBe(once);
    }
  });
});
