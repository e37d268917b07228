import { describe, expect, it } from 'vitest';
import { isValidKey } from './keys';
import { parseRange } from '../routes/files';

describe('storage keys', () => {
  it('are plain relative paths', () => {
    for (const ok of ['alice/clip.mp4', 'shared/alice/sub/a-b_c.1.png', 'ünï/ça.jpg'])
      expect(isValidKey(ok), ok).toBe(true);
    for (const bad of [
      '',
      '/a.png',
      'a//b.png',
      'a/../b.png',
      'a/./b.png',
      'a/.env',
      'a/b c.png',
      'a\\b.png',
      'a/b.png?x',
      'a/b#c',
      'a/%2e%2e',
    ])
      expect(isValidKey(bad), bad).toBe(false);
  });
});

describe('byte ranges', () => {
  it('read one range of the forms a-b, a- and -n', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('bad');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });
});
