import { describe, expect, it } from 'vitest';
import { parseJsMedia } from './jsmedia';

describe('parseJsMedia', () => {
  it('reads type, url, options and args', () => {
    expect(parseJsMedia('js:clock')).toEqual({ type: 'clock', url: '', args: [] });
    expect(
      parseJsMedia('js:sim https://x.org/s.json js=/lib/sim.js boxes=4 a b', { owner: 'm' }),
    ).toEqual({
      type: 'sim',
      url: 'https://x.org/s.json',
      js: '/lib/sim.js',
      numboxes: 4,
      args: ['a', 'b'],
    });
  });

  it('refuses other shapes', () => {
    for (const t of ['js:', 'js: x', 'js:1x', 'js:a\nb', 'jsx:a']) {
      expect(parseJsMedia(t), t).toBeNull();
    }
  });
});
