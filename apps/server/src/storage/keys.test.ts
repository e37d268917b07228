import { describe, expect, it } from 'vitest';
import { isValidKey } from './keys';

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
