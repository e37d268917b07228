import { describe, expect, it } from 'vitest';
import { isSafeImageSource, parseLink, splitFuncArgs } from './links';

describe('parseLink', () => {
  it('internal: starts with /, with the board address path, query and hash apart', () => {
    expect(parseLink('/maya/home;course?--searched--#week-2')).toEqual({
      kind: 'internal',
      href: '/maya/home;course?--searched--#week-2',
      path: '/maya/home;course',
      query: '--searched--',
      hash: 'week-2',
    });
    expect(parseLink('/admin/home')).toEqual({
      kind: 'internal',
      href: '/admin/home',
      path: '/admin/home',
    });
  });

  it('section: starts with #', () => {
    expect(parseLink('#Week%202')).toEqual({
      kind: 'section',
      href: '#Week%202',
      anchor: 'Week 2',
    });
  });

  it('external: http and https', () => {
    expect(parseLink('https://example.org/a?b')).toEqual({
      kind: 'external',
      href: 'https://example.org/a?b',
      url: 'https://example.org/a?b',
    });
    expect(parseLink('HTTP://X.ORG').kind).toBe('external');
  });

  it('mailto', () => {
    expect(parseLink('mailto:maya@example.org?subject=Hi')).toEqual({
      kind: 'mailto',
      href: 'mailto:maya@example.org?subject=Hi',
      address: 'maya@example.org',
    });
  });

  it('label @ and tag !', () => {
    expect(parseLink('@2')).toEqual({ kind: 'label', href: '@2', label: '2' });
    expect(parseLink('!week1')).toEqual({ kind: 'tag', href: '!week1', tag: 'week1' });
  });

  it('newtab $ for external or internal targets only', () => {
    expect(parseLink('$https://x.org')).toEqual({
      kind: 'newtab',
      href: '$https://x.org',
      url: 'https://x.org',
    });
    expect(parseLink('$/maya/home')).toMatchObject({ kind: 'newtab', url: '/maya/home' });
    expect(parseLink('$javascript:alert(1)').kind).toBe('other');
  });

  it('func ^name(args) with parsed args', () => {
    expect(parseLink('^play(intro, 1:05)')).toEqual({
      kind: 'func',
      href: '^play(intro, 1:05)',
      name: 'play',
      args: ['intro', '1:05'],
    });
    expect(parseLink('^reload')).toMatchObject({ kind: 'func', name: 'reload', args: [] });
    expect(parseLink('^f()')).toMatchObject({ kind: 'func', args: [] });
    expect(parseLink('^f(\'a, b\', "c" , [1, 2])')).toMatchObject({
      args: ['a, b', 'c', '[1, 2]'],
    });
  });

  it('other: anything it cannot follow safely', () => {
    for (const href of [
      'javascript:alert(1)',
      '//evil.org',
      'ftp://x.org',
      'relative/page',
      '#',
      '@',
      '^f(',
      '^f(a))',
      '^1f',
      'mailto:nobody',
      '',
    ]) {
      expect(parseLink(href).kind, href).toBe('other');
    }
  });
});

describe('splitFuncArgs', () => {
  it('splits at top-level commas only', () => {
    expect(splitFuncArgs('a, (b, c), {d, e}')).toEqual(['a', '(b, c)', '{d, e}']);
    expect(splitFuncArgs('  ')).toEqual([]);
    expect(splitFuncArgs('a,,b')).toEqual(['a', '', 'b']);
    expect(splitFuncArgs("' x '")).toEqual([' x ']);
  });

  it('refuses open quotes and unbalanced brackets', () => {
    expect(splitFuncArgs("'a")).toBeNull();
    expect(splitFuncArgs('(a')).toBeNull();
    expect(splitFuncArgs('a)')).toBeNull();
  });
});

describe('isSafeImageSource', () => {
  it('lets through what a link may be, paths and uploads, and inline pictures', () => {
    for (const src of [
      'https://x.org/a.png',
      'http://x.org/a.png?v=2',
      '/media/pattern.jpg',
      'cat.png',
      'author/photos/cat.png',
      './cat.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'data:image/jpeg;base64,/9j/4AAQ',
    ]) {
      expect(isSafeImageSource(src), src).toBe(true);
    }
  });

  it('refuses javascript: and every other scheme, protocol-relative hosts and other data', () => {
    for (const src of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'ftp://x.org/a.png',
      '//evil.org/a.png',
      '/\\evil.org/a.png',
      '\\\\evil.org/a.png',
      '',
      '   ',
    ]) {
      expect(isSafeImageSource(src), JSON.stringify(src)).toBe(false);
    }
  });
});
